// The server under `npm run bench:server`, in a process of its own so the load generator does not
// distort its figures. Started by scripts/server-bench/main.ts with fork() (an IPC channel), the
// database URL in BENCH_DATABASE_URL. It seeds nothing. With BENCH_PROVIDER_URL set the market is
// live (`MARKET_DATA=live`) with all four providers at that URL, the parent's request counter;
// without it, the synthetic market. Messages:
//   to the parent:   { type: 'ready', port, resolutionMs, startMs, startPhases }  once
//                    listening: the ms since the process began, and the phases' ms in them;
//                    { type: 'delay', maxMs, p99Ms, meanMs } answering 'delay';
//                    { type: 'idle' } answering 'idle', once no request is in progress;
//                    { type: 'phases', ms, counts, serverMs, busyMs, cpuMs } answering 'phases':
//                    the ms of each phase (src/contract/phases.ts), what it counts (home answers
//                    given from what was kept), and of the requests (each counted,
//                    overlapping or not), since the last 'phases'; busyMs: the wall time with a
//                    request in progress (overlapping requests counted once), cpuMs: the
//                    process's CPU time (user and system) within it;
//                    { type: 'memory', heapUsed, peakHeapUsed } answering 'memory': the heap in
//                    use after a garbage collection (the child runs with --expose-gc), and the
//                    most it held (garbage too) since the last 'memory', sampled every 10 ms;
//                    { type: 'error', message } when the server cannot start.
//   from the parent: 'delay' (the event-loop delay since the last 'delay', then reset),
//                    'idle' (wait for the requests still running: autocannon hangs up at the
//                    end of a run, but the server finishes what it was given),
//                    'phases', 'memory' (see above),
//                    'profile' / 'profiled' (with BENCH_PROFILE_DIR: a CPU profile of what runs
//                    between the two, sampled every 100 µs, written there as cold-<pid>.cpuprofile,
//                    answered { type: 'profiled', path }),
//                    'stop' (close the server and exit, so --cpu-prof can write its profile).
import { DEFAULT_MARKET, SYNTHETIC_MARKET, type MarketConfig } from '../../src/server/config';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { getHeapStatistics } from 'node:v8';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { setPhaseClock, type Counted, type Phase } from '../../src/contract/phases';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { startQuietServer } from '../../tests/server/quiet-server';
import { KEPT_CONNECTIONS } from '../../src/server/sql/connect';

/** How often the loop is sampled; a stall reads as its length plus up to this much. */
const LOOP_RESOLUTION_MS = 2;
/** How often the heap's peak is sampled: a peak between two samples goes unseen. */
const HEAP_SAMPLE_MS = 10;

export type ChildMessage =
  | {
      type: 'ready';
      port: number;
      resolutionMs: number;
      startMs: number;
      startPhases: Partial<Record<Phase, number>>;
    }
  | { type: 'delay'; maxMs: number; p99Ms: number; meanMs: number }
  | { type: 'idle' }
  | {
      type: 'phases';
      ms: Partial<Record<Phase, number>>;
      counts: Partial<Record<Counted, number>>;
      serverMs: number;
      busyMs: number;
      cpuMs: number;
    }
  | { type: 'memory'; heapUsed: number; peakHeapUsed: number }
  | { type: 'profiled'; path: string }
  | { type: 'error'; message: string };

export type ParentMessage =
  | 'delay'
  | 'idle'
  | 'phases'
  | 'memory'
  | 'profile'
  | 'profiled'
  | 'stop';

function send(message: ChildMessage): void {
  process.send?.(message);
}

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl || !process.send) {
    throw new Error('Run by scripts/server-bench/main.ts (fork, BENCH_DATABASE_URL set).');
  }
  const providerUrl = process.env.BENCH_PROVIDER_URL;
  const market: MarketConfig = providerUrl
    ? {
        ...DEFAULT_MARKET,
        yahooUrl: providerUrl,
        ecbUrl: providerUrl,
        openFigiUrl: providerUrl,
        coinGeckoUrl: providerUrl,
      }
    : SYNTHETIC_MARKET;
  let phases: Partial<Record<Phase, number>> = {};
  let counts: Partial<Record<Counted, number>> = {};
  setPhaseClock(
    (phase, ms) => (phases[phase] = (phases[phase] ?? 0) + ms),
    (what) => (counts[what] = (counts[what] ?? 0) + 1),
  );
  // As a production start: the default benchmark placed (found stored, so no provider is asked).
  const { app, port } = await startQuietServer(
    databaseUrl,
    { market },
    // Production's PostgreSQL pool, opened at start (the tests keep one connection).
    { placeBenchmark: true, keptConnections: KEPT_CONNECTIONS },
  );
  // Since the process began (Node's own start, tsx, the imports, migrations, what the start reads).
  const startMs = performance.now();
  const startPhases = phases;
  phases = {};
  counts = {};
  const loop = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS });
  loop.enable();
  let running = 0;
  let serverMs = 0;
  let busyMs = 0;
  let cpuMs = 0;
  // From the first request in progress to the last one's close: the server's own time on a round
  // of requests, without the client's before and after it (its fetch, its JSON).
  let busySince = 0;
  let cpuSince = process.cpuUsage();
  app.server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (running === 0) {
      busySince = performance.now();
      cpuSince = process.cpuUsage();
    }
    running++;
    const started = performance.now();
    response.once('close', () => {
      running--;
      const ended = performance.now();
      serverMs += ended - started;
      if (running > 0) return;
      busyMs += ended - busySince;
      const cpu = process.cpuUsage(cpuSince);
      cpuMs += (cpu.user + cpu.system) / 1000;
    });
  });
  let peakHeapUsed = 0;
  const sampleHeap = () => {
    peakHeapUsed = Math.max(peakHeapUsed, getHeapStatistics().used_heap_size);
  };
  setInterval(sampleHeap, HEAP_SAMPLE_MS).unref();
  const whenIdle = () => {
    if (running === 0) send({ type: 'idle' });
    else setTimeout(whenIdle, 10);
  };

  const profiler = process.env.BENCH_PROFILE_DIR ? new Session() : undefined;
  profiler?.connect();
  process.on('message', (message: ParentMessage) => {
    if (message === 'delay') {
      // The histogram learns of a stall at its next tick, and a reset forgets when the last tick
      // was, so the first tick after one measures nothing: read after a tick, and answer only
      // once a tick after the reset has run, or a stall starting right away would go unseen.
      setTimeout(() => {
        const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
        const figures = {
          maxMs: ms(loop.max),
          p99Ms: ms(loop.percentile(99)),
          meanMs: ms(loop.mean),
        };
        loop.reset();
        setTimeout(() => send({ type: 'delay', ...figures }), 3 * LOOP_RESOLUTION_MS);
      }, 2 * LOOP_RESOLUTION_MS);
    } else if (message === 'idle') {
      whenIdle();
    } else if (message === 'phases') {
      send({ type: 'phases', ms: phases, counts, serverMs, busyMs, cpuMs });
      phases = {};
      counts = {};
      serverMs = 0;
      busyMs = 0;
      cpuMs = 0;
    } else if (message === 'memory') {
      sampleHeap();
      const peak = peakHeapUsed;
      globalThis.gc?.();
      const heapUsed = process.memoryUsage().heapUsed;
      peakHeapUsed = heapUsed;
      send({ type: 'memory', heapUsed, peakHeapUsed: Math.max(peak, heapUsed) });
    } else if (message === 'profile' && profiler) {
      void (async () => {
        await profiler.post('Profiler.enable');
        await profiler.post('Profiler.setSamplingInterval', { interval: 100 });
        await profiler.post('Profiler.start');
        send({ type: 'profiled', path: '' });
      })();
    } else if (message === 'profiled' && profiler) {
      void (async () => {
        const { profile } = await profiler.post('Profiler.stop');
        const path = join(process.env.BENCH_PROFILE_DIR ?? '', `cold-${process.pid}.cpuprofile`);
        writeFileSync(path, JSON.stringify(profile));
        send({ type: 'profiled', path });
      })();
    } else if (message === 'stop') {
      loop.disable();
      void app.close().finally(() => process.exit(0));
    }
  });
  // The parent gone (crashed or killed): nothing left to serve.
  process.on('disconnect', () => {
    void app.close().finally(() => process.exit(0));
  });

  send({ type: 'ready', port, resolutionMs: LOOP_RESOLUTION_MS, startMs, startPhases });
}

main().catch((error: unknown) => {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  process.exitCode = 1;
  process.disconnect?.();
});
