// Measuring one request: first answers after a start, single requests on the idle server,
// autocannon runs, and the mixed run beside the writers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { Phase } from '../../src/contract/phases';
import { autocannon, type CannonResult } from './cannon';
import {
  mixedFigures,
  mixedRun,
  WRITERS,
  type IdleWriteFigures,
  type MixedFigures,
  type WriteTarget,
} from './mixed';
import {
  CONNECTIONS,
  DATABASE_NAMES,
  type DatabaseKind,
  type Endpoint,
  IDLE_RUNS,
  type Options,
} from './settings';
import type { ProviderCounter, Server } from './processes';
import type { Session } from './session';
import { logIn } from './session';

export interface Figures {
  database: DatabaseKind;
  events: number;
  endpoint: string;
  idleMs: number;
  p50: number;
  p99: number;
  rps: number;
  /** Requests answered within the run, and the run's length in seconds. */
  completed: number;
  seconds: number;
  /** The server's time per request (1000 / rps) per 1000 events. */
  msPer1k: number;
  loopMaxMs: number;
  /** The longest stall while the single requests ran one at a time. */
  idleStallMs: number;
  failed: number;
  /** Set when the request failed on the idle server, so it was not put under load. */
  status?: number;
}

/** The writes of every database and size: one at a time, and mixed with reads. */
export interface WriteFigures {
  idle: IdleWriteFigures[];
  mixed: MixedFigures[];
}

/** One database and size: its stored prices, and the first answers after a start. */
export interface StartFigures {
  database: DatabaseKind;
  events: number;
  /** Writing the stored prices through PriceStore. */
  seedMs: number;
  closes: number;
  rates: number;
  /** A first live start's first GET /investments: every event read and replayed. */
  cold: FirstAnswer;
  /** A second start's first GET /user/valuation. */
  firstValuation: FirstAnswer;
  /** Provider requests during the measured server's life, its start included. */
  inRun: string[];
}

export interface FirstAnswer {
  ms: number;
  status: number;
  /** Provider requests from the start until shortly after this answer: must be none. */
  asked: string[];
}

/** How long after a first answer a request it set off (a refresh behind it) is waited for. */
export const SETTLE_MS = 500;

/**
 * A live start's first request to `path` (after a login, which reads no prices), timed, with
 * the provider requests made since `mark` (taken before the start).
 */
export async function firstAnswer(
  server: Server,
  providers: ProviderCounter,
  mark: number,
  email: string,
  path: string,
): Promise<FirstAnswer & { body: unknown }> {
  const session = await logIn(server.base, email);
  const started = performance.now();
  const answer = await session.request('GET', path);
  const ms = performance.now() - started;
  await sleep(SETTLE_MS);
  return { ms, status: answer.status, body: answer.body, asked: providers.since(mark) };
}

export const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface Single {
  /** Median ms of the single requests. */
  ms: number;
  /** 200, or the status of the first request that answered otherwise. */
  status: number;
  /** The server's longest event-loop stall while they ran. */
  stallMs: number;
}

/** Single requests one after the other on the idle server. */
export async function single(
  server: Server,
  session: Session,
  endpoint: Endpoint,
): Promise<Single> {
  const samples: number[] = [];
  for (let i = 0; i <= IDLE_RUNS; i++) {
    const started = performance.now();
    const answer = await session.request('GET', endpoint.path, undefined, endpoint.cookie);
    if (answer.status !== 200)
      return { ms: NaN, status: answer.status, stallMs: await server.loopDelayMax() };
    // The first is not counted: it warms the caches of the request's code.
    if (i > 0) samples.push(performance.now() - started);
    else await server.loopDelayMax();
  }
  return { ms: median(samples), status: 200, stallMs: await server.loopDelayMax() };
}

export function cannon(
  base: string,
  endpoint: Endpoint,
  sessions: readonly Session[],
  seconds: number,
): Promise<CannonResult> {
  let next = 0;
  return autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 120,
    setupClient: (client) => {
      // A fresh request array per connection: autocannon shares the default one among them.
      const session = sessions[next++ % sessions.length];
      client.setRequests([
        {
          method: 'GET',
          path: endpoint.path,
          headers: { accept: 'application/json', cookie: session.header(endpoint.cookie) },
        },
      ]);
    },
  });
}

export async function freshDatabase(kind: DatabaseKind, postgresUrl: string | undefined) {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'formue-bench-'));
    return {
      url: `sqlite:${join(dir, 'bench.sqlite')}`,
      cleanUp: () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  if (!postgresUrl) throw new Error('no PostgreSQL URL');
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query('drop schema public cascade; create schema public');
  } finally {
    await client.end();
  }
  return { url: postgresUrl, cleanUp: () => undefined };
}

export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A run's length for a request taking `idleMs` alone. Every connection's requests finish
 * together, after about CONNECTIONS x a request's time: run long enough for about three rounds,
 * or no request may finish in the window.
 */
export const runSeconds = (options: Options, idleMs: number) =>
  Math.min(
    options.maxRun,
    Math.max(options.duration, Math.ceil((3 * CONNECTIONS * idleMs) / 1000)),
  );

/**
 * `endpoint` again, with WRITERS of the connections writing to the account: after a warm-up of
 * the same mix, as long as its run alone (`alone`).
 */
export async function benchMixed(
  live: Server,
  endpoint: Endpoint,
  alone: Figures,
  sessions: readonly Session[],
  investments: readonly WriteTarget[],
  options: Options,
): Promise<MixedFigures> {
  const readers = sessions.slice(0, CONNECTIONS - WRITERS);
  const writers = sessions.slice(CONNECTIONS - WRITERS);
  const run = (length: number) =>
    mixedRun(live.base, endpoint, readers, writers, investments, length);
  if (options.warmup > 0) await run(options.warmup);
  await live.idle();
  await live.loopDelayMax();
  const before = await live.memory();
  const result = await run(runSeconds(options, alone.idleMs));
  await live.idle();
  const loopMaxMs = await live.loopDelayMax();
  const after = await live.memory();
  return mixedFigures(
    { database: DATABASE_NAMES[alone.database], events: alone.events, endpoint: endpoint.name },
    alone,
    result,
    loopMaxMs,
    { before: before.heapUsed, after: after.heapUsed, peak: after.peakHeapUsed },
  );
}

/** The cold home of one database and size: the median run's figures, and every run's cold ms. */
export interface ColdFigures {
  database: DatabaseKind;
  events: number;
  /** From a process's beginning to its listening (the median run's), and what it read then. */
  startMs: number;
  startPricesMs: number;
  runs: number[];
  coldMs: number;
  /** Of each run's three calls, how many were answered from kept answers (a row, in a cold run). */
  keptFound: number[];
  /** The same on fresh processes asked the three calls one after the other (the median run's). */
  oneByOne: {
    coldMs: number;
    runs: number[];
    keptFound: number[];
    warmMs: number;
    warmServerMs: number;
  };
  /**
   * The calls together on fresh processes started with no kept answers (the rows deleted): the
   * median run's, every run's, and the median run's server CPU over the calls.
   */
  noneKept: { coldMs: number; runs: number[]; keptFound: number[]; cpuMs: number };
  /**
   * The same for a user the start does not expect (no session, no login recorded, nothing kept):
   * the first home builds the timelines and makes the answers in the request.
   */
  notExpected: { coldMs: number; runs: number[]; cpuMs: number };
  warmMs: number;
  /** Of a warm round, the server's time on its three requests (the rest: HTTP's and the client's). */
  warmServerMs: number;
  /**
   * Of a warm round, the server's wall time with one of its requests in progress (overlapping
   * requests counted once), and its process's CPU time within it.
   */
  warmBusyMs: number;
  warmCpuMs: number;
  /**
   * As a load tool measures: the round's time to the last byte of its three answers over
   * kept-alive connections, the bodies read but not parsed (`Session.wire`), and the server's
   * busy time within those rounds (medians).
   */
  warmWireMs: number;
  warmWireBusyMs: number;
  /** The median run's server CPU over the cold calls. */
  coldCpuMs: number;
  heapBytes: number;
  /** The median run's ms per phase, and the rest of the server's time (the figures, HTTP, ...). */
  phases: Record<Phase | 'rest', number>;
  /** The 1-minute load average after the median run. */
  load: number;
  /** 200, or the status of a call that answered otherwise. */
  status: number;
  /** Provider requests from each start until shortly after its cold home: must be none. */
  asked: string[];
}
