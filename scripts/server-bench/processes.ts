// The server in a child process (child.ts), and the local stand-in for every provider, which
// counts the requests it gets and answers 503.
import { fork, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Counted, Phase } from '../../src/contract/phases';
import { bundleServer } from '../server-bundle';
import type { ChildMessage, ParentMessage } from './child';
import { CHILD } from './settings';

// The child bundled once per run (scripts/server-bundle.ts): a start then loads one file instead
// of tsx compiling the server's modules in each of the run's four or more children.
let bundled: Promise<string> | undefined;

function bundledChild(): Promise<string> {
  bundled ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-bench-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    const outfile = join(dir, 'child.mjs');
    await bundleServer(CHILD, { outfile });
    return outfile;
  })();
  return bundled;
}

export class Server {
  private constructor(
    private readonly child: ChildProcess,
    readonly base: string,
    readonly resolutionMs: number,
    /** From the process's beginning to listening, and the phases' ms in it (what it read). */
    readonly start: { ms: number; phases: Partial<Record<Phase, number>> },
  ) {}

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** `providerUrl`: a live market with every provider there; none: the synthetic market. */
  static async start(
    url: string,
    profileDir: string | undefined,
    providerUrl: string | undefined,
  ): Promise<Server> {
    const env: NodeJS.ProcessEnv = { ...process.env, BENCH_DATABASE_URL: url };
    if (providerUrl) env.BENCH_PROVIDER_URL = providerUrl;
    else delete env.BENCH_PROVIDER_URL;
    if (profileDir) env.BENCH_PROFILE_DIR = profileDir;
    else delete env.BENCH_PROFILE_DIR;
    // Profiled as measured: the same bundle (its functions keep their names).
    const bundle = await bundledChild();
    // A copy beside the profiles: their line numbers are the bundle's.
    if (profileDir) copyFileSync(bundle, join(profileDir, 'child.mjs'));
    const child = fork(bundle, [], {
      execArgv: [
        ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
        '--expose-gc',
      ],
      env,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ready = await new Promise<ChildMessage>((resolve, reject) => {
      child.once('message', (message) => resolve(message as ChildMessage));
      child.once('exit', (code) => reject(new Error(`the server exited (${code}) at start`)));
    });
    if (ready.type !== 'ready') {
      child.kill();
      throw new Error(`the server did not start: ${JSON.stringify(ready)}`);
    }
    return new Server(child, `http://127.0.0.1:${ready.port}`, ready.resolutionMs, {
      ms: ready.startMs,
      phases: ready.startPhases,
    });
  }

  /** The longest event-loop stall (ms) since the last call. */
  async loopDelayMax(): Promise<number> {
    const message = await this.ask('delay');
    if (message.type !== 'delay') throw new Error(`unexpected ${JSON.stringify(message)}`);
    return message.maxMs;
  }

  /**
   * The ms of each phase, what it counts, and the ms of the requests since the last call
   * (child.ts's 'phases').
   */
  async phases(): Promise<{
    ms: Partial<Record<Phase, number>>;
    counts: Partial<Record<Counted, number>>;
    serverMs: number;
    busyMs: number;
    cpuMs: number;
  }> {
    const message = await this.ask('phases');
    if (message.type !== 'phases') throw new Error(`unexpected ${JSON.stringify(message)}`);
    return message;
  }

  /** The server's heap in use after a garbage collection, in bytes. */
  async heapUsed(): Promise<number> {
    return (await this.memory()).heapUsed;
  }

  /**
   * The server's heap in use after a garbage collection, and the most it held (sampled, garbage
   * too) since the last call, in bytes.
   */
  async memory(): Promise<{ heapUsed: number; peakHeapUsed: number }> {
    const message = await this.ask('memory');
    if (message.type !== 'memory') throw new Error(`unexpected ${JSON.stringify(message)}`);
    return message;
  }

  /**
   * With `--profile`: starts a CPU profile of the server (`'profile'`), or ends it and resolves to
   * the file it went to (`'profiled'`).
   */
  async profile(step: 'profile' | 'profiled'): Promise<string> {
    const message = await this.ask(step);
    if (message.type !== 'profiled') throw new Error(`unexpected ${JSON.stringify(message)}`);
    return message.path;
  }

  /** Resolves once the server has finished every request it was given. */
  async idle(): Promise<void> {
    const message = await this.ask('idle');
    if (message.type !== 'idle') throw new Error(`unexpected ${JSON.stringify(message)}`);
  }

  private ask(question: ParentMessage): Promise<ChildMessage> {
    const answer = new Promise<ChildMessage>((resolve) =>
      this.child.once('message', (message) => resolve(message as ChildMessage)),
    );
    this.send(question);
    return answer;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    this.send('stop');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }

  private send(message: ParentMessage): void {
    this.child.send(message);
  }
}

/**
 * Stands in for all four providers: counts every request and answers 503, so none succeeds and
 * any the server makes is seen.
 */
export class ProviderCounter {
  private constructor(
    private readonly http: HttpServer,
    readonly url: string,
    private readonly asked: string[],
  ) {}

  static async start(): Promise<ProviderCounter> {
    const asked: string[] = [];
    const http = createServer((request, response) => {
      asked.push(`${request.method ?? 'GET'} ${request.url ?? '/'}`);
      response.writeHead(503, { 'Content-Type': 'text/plain' });
      response.end('Service Unavailable (bench:server has no providers)');
    });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = http.address() as AddressInfo;
    return new ProviderCounter(http, `http://127.0.0.1:${port}`, asked);
  }

  /** Requests so far: a mark for `since`. */
  get count(): number {
    return this.asked.length;
  }

  /** The requests after a mark, as `METHOD path?query`. */
  since(mark: number): string[] {
    return this.asked.slice(mark);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.http.close(() => resolve());
      this.http.closeAllConnections();
    });
  }
}
