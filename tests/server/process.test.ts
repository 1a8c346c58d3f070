// The server as `npm start` runs it, in a process of its own: help, a bad setting, one log line
// per request, and SIGTERM finishing the request in flight before the process exits. The log's
// test starts it through tsx as `npm start` does; the others start the same entry bundled.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bundleServer } from '../../scripts/server-bundle';
import { postgresUrl } from './databases';
import { freePort } from './quiet-server';

/** As `npm start` runs the server: tsx compiling its sources. */
const AS_STARTED = ['--import', 'tsx', 'src/server/main.ts'];
/**
 * The same entry bundled once for the file (scripts/server-bundle.ts, as the server benchmark's
 * child is): a start under tsx costs about 3 s of CPU, bundled about half. One test keeps tsx.
 */
let bundled: string[] = [];
let bundleDir: string | undefined;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** Starts the server and resolves once it listens, with everything it has logged so far. */
async function startProcess(entry: string[], env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, entry, {
    // The demo's market: a live one would ask the real providers, and CI has no internet.
    env: {
      ...process.env,
      DATABASE_URL: 'sqlite::memory:',
      PORT: String(port),
      MARKET_DATA: 'synthetic',
      ...env,
    },
  });
  children.push(child);
  const log: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => log.push(...chunk.toString().split('\n')));
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${log.join('\n')}`)));
    child.stdout?.on('data', () => {
      if (log.some((line) => line.includes('Server listening'))) resolve();
    });
  });
  return { child, port, log };
}

/** Resolves when a line the child has logged (or logs next) matches. */
function logged(child: ChildProcess, log: string[], matches: (line: string) => boolean) {
  return new Promise<string>((resolve) => {
    const check = () => {
      const line = log.find(matches);
      if (line === undefined) return;
      child.stdout?.off('data', check);
      resolve(line);
    };
    child.stdout?.on('data', check);
    check();
  });
}

// A start through tsx, on a loaded machine, can take many seconds, and a time limit must never be
// what fails CI. The process runs on SQLite whatever DATABASE_URL says,
// so the PostgreSQL run of the server tests would only repeat the SQLite run's.
describe.skipIf(postgresUrl)('npm start', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    bundleDir = mkdtempSync(join(tmpdir(), 'formue-process-test-'));
    await bundleServer('src/server/main.ts', { outdir: bundleDir });
    bundled = [join(bundleDir, 'main.mjs')];
  });
  afterAll(() => {
    if (bundleDir) rmSync(bundleDir, { recursive: true, force: true });
  });

  it('--help lists every setting', () => {
    const run = spawnSync(process.execPath, [...bundled, '--help'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    for (const name of ['PORT', 'HOST', 'DATABASE_URL', 'FORMUE_DEMO', 'LOG_LEVEL'])
      expect(run.stdout).toContain(name);
  });

  it('stops at a bad setting with a message naming it', () => {
    const run = spawnSync(process.execPath, bundled, {
      encoding: 'utf8',
      env: { ...process.env, PORT: 'http' },
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('PORT must be a whole number from 0 to 65535, not "http".');
  });

  it('logs one structured line per request', async () => {
    const { child, port, log } = await startProcess(AS_STARTED, {});
    await fetch(`http://127.0.0.1:${port}/up`);
    await fetch(`http://127.0.0.1:${port}/api/v1/auth/check`);
    const isRequest = (line: string) => line.includes('"msg":"request"');
    await logged(child, log, (line) => isRequest(line) && line.includes('auth/check'));
    const lines = log.filter(isRequest).map((line) => JSON.parse(line) as unknown);
    expect(lines).toEqual([
      expect.objectContaining({ method: 'GET', url: '/up', status: 200 }),
      expect.objectContaining({ method: 'GET', url: '/api/v1/auth/check', status: 200 }),
    ]);
  });

  it('on SIGTERM finishes the request in flight, then exits 0', async () => {
    const { child, port, log } = await startProcess(bundled, { LOG_LEVEL: 'debug' });
    const started = () => log.some((line) => line.includes('"msg":"request started"'));
    // A request whose body is still arriving when the signal comes.
    const answered = new Promise<number>((resolve, reject) => {
      const pending = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/v1/auth/login',
          headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      pending.on('error', reject);
      pending.write('{"email": "demo@example.com",');
      // Once the server has the request (its headers), the signal, then the rest of the body.
      const whenStarted = () => {
        if (!started()) return;
        child.stdout?.off('data', whenStarted);
        child.kill('SIGTERM');
        child.stdout?.once('data', () => pending.end(' "password": "demo1234"}'));
      };
      child.stdout?.on('data', whenStarted);
    });
    // 419: the request was answered by the contract (no CSRF token), not cut off.
    expect(await answered).toBe(419);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
  });
});
