// What an attack run found against the server (issue 24), each a test that failed before: the
// database's durability, its going away, and readiness.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createContract } from '../../../src/contract/kernel';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import { isDatabaseUnavailable, openDatabase } from '../../../src/server/sql/connect';
import { databaseReady } from '../../../src/server/sql/health';
import { demoHasher, tokenDigest } from '../../../src/mock-server/secrets';
import { Browser } from '../browser';
import { endServerConnections, freshDatabaseUrl, postgresUrl } from '../databases';
import { closeServersAfterEach, noMail, request, serve } from './support';

closeServersAfterEach();

describe('SQLite durability', () => {
  it('syncs every commit to disk (synchronous=FULL)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-sync-'));
    const database = await openDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(database.db);
      // 2 is FULL.
      expect(rows[0]?.synchronous).toBe(2);
    } finally {
      await database.close();
    }
  });
});

describe('a database that goes away', () => {
  it.runIf(postgresUrl)(
    'keeps the server up when PostgreSQL ends its connections, and it recovers',
    async () => {
      const browser = new Browser(await serve(true));
      expect((await browser.login()).status).toBe(200);
      expect((await browser.send('GET', '/api/v1/portfolios')).status).toBe(200);
      expect(await endServerConnections()).toBeGreaterThan(0);
      // The pool noticed the idle connections go; the next requests get new ones.
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await browser.send('GET', '/api/v1/portfolios')).status);
      expect(statuses.at(-1)).toBe(200);
      expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
    },
  );

  it.runIf(postgresUrl)(
    'keeps the process up when PostgreSQL ends a connection a request holds',
    async () => {
      const told: Error[] = [];
      const database = await openDatabase(await freshDatabaseUrl(), {
        onConnectionError: (error) => told.push(error),
      });
      const admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      try {
        // Checked out between two queries, as in a transaction: the pool's idle listener is off.
        await database.db.connection().execute(async (connection) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
            connection,
          );
          const pid = rows[0].pid;
          await admin.query('select pg_terminate_backend($1)', [pid]);
          // Gone on the server's side; the client hears of it while the admin asks.
          while (
            (await admin.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount
          )
            await admin.query('select pg_sleep(0.01)');
          // Without a listener on the client that was an uncaught exception, the end of the
          // process. It is told (when the socket's news reaches the event loop: later on a busy
          // machine; the test's own timeout ends a wait that never ends), and the query that
          // uses the connection fails instead.
          while (told.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
          await expect(sql`select 1`.execute(connection)).rejects.toThrow();
        });
        // The pool dropped the broken connection when it came back.
        expect((await sql`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
      } finally {
        await admin.end();
        await database.close();
      }
    },
  );

  it('answers 503 with Retry-After while the storage cannot be reached', async () => {
    const store = new MemoryStore(emptyTables());
    const gone = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    store.session = () => Promise.reject(gone);
    const contract = createContract({
      store,
      hasher: demoHasher,
      market: syntheticMarket(),
      tokenDigest,
      mailer: noMail,
      randomToken: () => 'x'.repeat(24),
      unavailable: isDatabaseUnavailable,
    });
    const answer = await contract.handle(
      request('GET', '/api/v1/user', { formue_session: 'y'.repeat(24) }),
    );
    expect(answer.status).toBe(503);
    expect(answer.headers['Retry-After']).toBe('5');
    expect(answer.body).toEqual({ message: 'Service Unavailable' });
  });
});

describe('readiness', () => {
  it('is not ready when SQLite cannot take a write, though it answers queries', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-ready-'));
    const database = await openDatabase(`sqlite:${join(dir, 'db.sqlite')}`);
    try {
      expect(await databaseReady(database.db, 'sqlite', 1)).toBe(true);
      // As on a full disk: reads work, writes fail.
      await sql`pragma query_only = on`.execute(database.db);
      expect((await sql`select 1 as one`.execute(database.db)).rows).toHaveLength(1);
      expect(await databaseReady(database.db, 'sqlite', 2)).toBe(false);
    } finally {
      await database.close();
    }
  });

  it('answers liveness apart from readiness', async () => {
    const origin = await serve();
    expect(await (await fetch(`${origin}/up`)).json()).toEqual({ status: 'up' });
    expect(await (await fetch(`${origin}/live`)).json()).toEqual({ status: 'alive' });
  });
});
