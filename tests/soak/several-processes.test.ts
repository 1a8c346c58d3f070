// Several server processes on one PostgreSQL (issue 35), as `npm start` runs them, all on
// 127.0.0.1: sells of one holding spread over the processes, one key sent to two processes at
// once, and one process killed (SIGKILL) while it holds the claims of two imports, whose retries
// go to the others. Every write is retried with its key until its answer is definitive; the
// account is then read back. SQLite is for one process: there the file is skipped.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { freshDatabaseUrl, postgresUrl } from '../server/databases';
import { dailyBuys } from '../server/import-rows';
import { freePort } from '../server/quiet-server';
import { SoakClient, type Reply } from './soak-client';

const PROCESSES = 3;
/** Shares the holding starts with, and the sells of one share sent at once: more than held. */
const HELD = 20;
const SELLS = 30;
/** Buys each sent under one key to two processes at once. */
const SHARED_KEYS = 10;
/** Rows of each of the two imports the killed process was writing. */
const IMPORT_ROWS = 2_000;
/** Tries of a write before its key counts as stuck: past three leases at Retry-After's pace. */
const MAX_ATTEMPTS = 40;

const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A server process on `databaseUrl`, resolved once it listens. */
async function startProcess(databaseUrl: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      PORT: String(port),
      // The demo's market: nothing leaves the machine.
      MARKET_DATA: 'synthetic',
      BCRYPT_ROUNDS: '4',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    child.once('exit', (code) => reject(new Error(`server exited ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      // Only the start is read; the rest of the log is let go.
      if (seen.includes('Server listening')) return;
      seen = (seen + chunk.toString()).slice(-4096);
      if (seen.includes('Server listening')) resolve();
    });
  });
  return { child, port };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it.skipIf(postgresUrl)('is skipped on SQLite, which is for one process', () => {
  console.log('several processes: skipped on SQLite (one process only)');
});

it.runIf(postgresUrl)(
  'loses, doubles and strands no write across processes, one of them killed mid-write',
  { timeout: 180_000 },
  async () => {
    const databaseUrl = await freshDatabaseUrl();
    // The first migrates; the others find the schema up to date.
    const servers = [await startProcess(databaseUrl)];
    servers.push(
      ...(await Promise.all(
        Array.from({ length: PROCESSES - 1 }, () => startProcess(databaseUrl)),
      )),
    );
    const ports = servers.map((server) => server.port);
    const client = new SoakClient();
    let serverErrors = 0;
    let stuck = 0;

    /** Sends a write until its answer is definitive: 409 and 503 are waited out, as the app does. */
    async function deliver(
      port: number,
      method: string,
      path: string,
      body: unknown,
      key: string,
      elsewhere: readonly number[] = [],
    ): Promise<Reply | undefined> {
      let target = port;
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        let reply: Reply;
        try {
          reply = await client.send(target, method, path, body, { 'Idempotency-Key': key });
        } catch {
          // The process is gone: the same write, under the same key, to another.
          target = elsewhere[attempt % elsewhere.length] ?? target;
          continue;
        }
        if (reply.status >= 500) serverErrors++;
        if (reply.status === 409 || reply.status === 503) {
          await pause(1_000 * Number(reply.headers['retry-after'] ?? 1));
          continue;
        }
        return reply;
      }
      stuck++;
      return undefined;
    }

    const read = async (path: string) => {
      const reply = await client.send(ports[0], 'GET', path);
      if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
      return reply.body as Record<string, unknown>;
    };

    await client.send(ports[0], 'GET', '/sanctum/csrf-cookie');
    const registered = await client.send(ports[0], 'POST', '/api/v1/auth/register', {
      name: 'Several',
      email: 'several@example.com',
      password: 'several-password',
    });
    expect(registered.status).toBe(200);
    const portfolio = async (name: string) => {
      const reply = await deliver(ports[1], 'POST', '/api/v1/portfolios', { name }, randomUUID());
      return (reply?.body as { data: { id: number } }).data.id;
    };
    const held = await portfolio('Held');
    const created = await deliver(
      ports[2],
      'POST',
      '/api/v1/investments',
      {
        investment: { portfolio_id: held, name: 'Novo' },
        instrument: { type: 'stock', isin: 'DK0062498333' },
        buy_event: { shares: HELD, share_price: 100, fee: 0, currency_code: 'DKK' },
      },
      randomUUID(),
    );
    const investmentId = (created?.body as { data: { id: number } }).data.id;
    let writes = 2;
    const lost: string[] = [];
    const doubled: string[] = [];

    // Sells of one share each, spread over the processes at once: only what is held is sold.
    const sells = await Promise.all(
      Array.from({ length: SELLS }, (_, i) =>
        deliver(
          ports[i % PROCESSES],
          'POST',
          `/api/v1/investments/${investmentId}/events/sell`,
          { shares: 1, share_price: 100 + i, fee: 0, currency_code: 'DKK' },
          randomUUID(),
        ),
      ),
    );
    writes += SELLS;
    const soldAnswered = sells.filter((reply) => reply?.status === 201).length;

    // One key, two processes at once: one buy.
    const shared = await Promise.all(
      Array.from({ length: SHARED_KEYS }, async (_, i) => {
        const key = randomUUID();
        const buy = { shares: 1, share_price: 200 + i, fee: 0, currency_code: 'DKK' };
        const path = `/api/v1/investments/${investmentId}/events/buy`;
        const both = await Promise.all([
          deliver(ports[i % PROCESSES], 'POST', path, buy, key),
          deliver(ports[(i + 1) % PROCESSES], 'POST', path, buy, key),
        ]);
        const ids = new Set(
          both.map((reply) => (reply?.body as { data?: { id: number } })?.data?.id),
        );
        if (ids.size !== 1) doubled.push(`key ${key} answered ${[...ids].join(', ')}`);
        return both;
      }),
    );
    writes += SHARED_KEYS;

    // Two imports on the last process, killed while it holds both claims.
    const victim = servers[PROCESSES - 1];
    const survivors = ports.slice(0, PROCESSES - 1);
    const imports = await Promise.all(
      ['Import A', 'Import B'].map(async (name) => ({
        portfolio: await portfolio(name),
        key: randomUUID(),
      })),
    );
    const importBody = (portfolioId: number) => ({
      portfolio_id: portfolioId,
      source: 'nordnet',
      // The broker's ids of one file: the other's rows would be its duplicates (they are
      // found in every portfolio of the user).
      rows: dailyBuys(IMPORT_ROWS, '2015-01-01', (line) => `${portfolioId}-row-${line}`),
    });
    const watcher = new pg.Client({ connectionString: databaseUrl });
    await watcher.connect();
    const running = async () =>
      Number(
        (
          await watcher.query<{ n: string }>(
            'select count(*) as n from idempotency_keys where key = any($1) and status is null',
            [imports.map(({ key }) => key)],
          )
        ).rows[0].n,
      );
    const sent = imports.map(({ portfolio: id, key }) =>
      deliver(victim.port, 'POST', '/api/v1/imports', importBody(id), key, survivors),
    );
    // Bounded: the imports may also end before both claims are seen; the kill comes either way.
    for (let look = 0; look < 2_000 && (await running()) < imports.length; look++) await pause(2);
    const heldClaims = await running();
    victim.child.kill('SIGKILL');
    await watcher.end();
    const imported = await Promise.all(sent);
    writes += imports.length;

    // The account as stored.
    const events = (await read('/api/v1/investments/events')).events as {
      investment_id: number;
      type: string;
    }[];
    const ofHolding = events.filter((e) => e.investment_id === investmentId);
    const sold = ofHolding.filter((e) => e.type === 'sell').length;
    const bought = ofHolding.filter((e) => e.type === 'buy').length - 1;
    if (sold < soldAnswered) lost.push(`${soldAnswered - sold} sells answered 201`);
    if (sold > soldAnswered || sold > HELD) doubled.push(`${sold} sells of ${HELD} shares`);
    if (bought < SHARED_KEYS) lost.push(`${SHARED_KEYS - bought} buys under shared keys`);
    if (bought > SHARED_KEYS) doubled.push(`${bought - SHARED_KEYS} buys under shared keys`);
    const batches = (await read('/api/v1/imports')).imports as {
      portfolio_id: number;
      events: number;
    }[];
    for (const { portfolio: id } of imports) {
      const of = batches.filter((batch) => batch.portfolio_id === id);
      const rows = of.reduce((sum, batch) => sum + batch.events, 0);
      if (rows < IMPORT_ROWS) lost.push(`import into ${id}: ${rows} of ${IMPORT_ROWS} rows`);
      if (of.length > 1 || rows > IMPORT_ROWS) doubled.push(`import into ${id}: ${of.length}`);
    }

    console.log(
      `several processes: ${writes} writes, ${lost.length} lost, ${doubled.length} doubled, ` +
        `${stuck} stuck keys (killed holding ${heldClaims} claims; ${serverErrors} answers 5xx)`,
    );
    expect(lost).toEqual([]);
    expect(doubled).toEqual([]);
    expect(stuck).toBe(0);
    expect(serverErrors).toBe(0);
    expect(soldAnswered).toBe(HELD);
    expect(imported.every((reply) => reply?.status === 201)).toBe(true);
    expect(shared.flat().every((reply) => reply?.status === 201)).toBe(true);
  },
);
