// What an attack run found against the server (issue 24), each a test that failed before.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { ContractRequest } from '../../src/contract/answers';
import { createContract } from '../../src/contract/kernel';
import type { Mailer, PasswordHasher } from '../../src/contract/store';
import { syntheticMarket } from '../../src/contract/synthetic-market';
import { MemoryStore } from '../../src/mock-server/memory-store';
import { emptyTables } from '../../src/mock-server/memory/tables';
import { isDatabaseUnavailable, openDatabase } from '../../src/server/sql/connect';
import { databaseReady } from '../../src/server/sql/health';
import { migrateToLatest } from '../../src/server/sql/migrate';
import type { Database } from '../../src/server/sql/schema';
import { SqlStore } from '../../src/server/sql/sql-store';
import { demoHasher, tokenDigest } from '../../src/mock-server/secrets';
import { Browser } from './browser';
import { endServerConnections, freshDatabaseUrl, postgresUrl } from './databases';
import { startQuietServer } from './quiet-server';

const noMail: Mailer = { delivery: 'log', passwordReset: () => Promise.resolve() };

const running: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

let lastDatabaseUrl = '';

/** A server on a fresh database another connection can read too (a file, not memory). */
async function serve(): Promise<string> {
  const fresh = await freshDatabaseUrl();
  lastDatabaseUrl =
    fresh === 'sqlite::memory:'
      ? `sqlite:${join(mkdtempSync(join(tmpdir(), 'formue-hard-')), 'db.sqlite')}`
      : fresh;
  const { app, origin } = await startQuietServer(lastDatabaseUrl, { demo: true });
  running.push(app);
  return origin;
}

describe('the login throttle', () => {
  it('checks at most 5 of 100 parallel wrong passwords for one e-mail', async () => {
    const origin = await serve();
    const browser = new Browser(origin);
    await browser.send('GET', '/sanctum/csrf-cookie');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        browser.send('POST', '/api/v1/auth/login', {
          email: 'demo@example.com',
          password: 'wrong-password',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
  });
});

describe('login timing', () => {
  it('costs one password check whether or not the e-mail has an account', async () => {
    const checks: string[] = [];
    const hasher: PasswordHasher = {
      hash: (password) => Promise.resolve(`h:${password}`),
      verify: (password, hash) => {
        checks.push('verify');
        return Promise.resolve(hash === `h:${password}`);
      },
      verifyNone: () => {
        checks.push('none');
        return Promise.resolve(false);
      },
    };
    const store = new MemoryStore(emptyTables());
    await store.createUser({ name: 'Ann', email: 'ann@example.com', passwordHash: 'h:secret-pw' });
    const contract = createContract({
      store,
      hasher,
      market: syntheticMarket(),
      tokenDigest,
      mailer: noMail,
      randomToken: () => Math.random().toString(36).slice(2).padEnd(24, 'x'),
    });
    const login = async (email: string) => {
      const cookies: Record<string, string> = {};
      const token = await contract.handle(request('GET', '/sanctum/csrf-cookie', cookies));
      for (const c of token.cookies) cookies[c.name] = c.value;
      return contract.handle(
        request('POST', '/api/v1/auth/login', cookies, { email, password: 'guess-guess' }),
      );
    };
    expect((await login('ann@example.com')).status).toBe(422);
    expect((await login('nobody@example.com')).status).toBe(422);
    expect(checks).toEqual(['verify', 'none']);
  });
});

function request(
  method: string,
  path: string,
  cookies: Record<string, string>,
  body: unknown = {},
  headers: Record<string, string> = {},
): ContractRequest {
  const sent = new Map(
    Object.entries({ 'Content-Type': 'application/json', ...headers }).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );
  return {
    method,
    path,
    query: {},
    header: (name) =>
      name.toLowerCase() === 'x-xsrf-token' ? cookies['XSRF-TOKEN'] : sent.get(name.toLowerCase()),
    cookies,
    body: () => Promise.resolve({ text: JSON.stringify(body) }),
    address: '127.0.0.1',
  };
}

describe('NUL bytes', () => {
  it('in the e-mail of login and register are a field error, never a 500', async () => {
    const browser = new Browser(await serve());
    await browser.send('GET', '/sanctum/csrf-cookie');
    const message = 'The email field must be a valid email address.';
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/register']) {
      const answer = await browser.json('POST', path, {
        name: 'Nul',
        email: 'demo@example.com\u0000',
        password: 'secret-password',
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.email).toEqual([message]);
    }
  });

  it('in the session cookie is no session, never a 500', async () => {
    const origin = await serve();
    const answer = await fetch(`${origin}/api/v1/user`, {
      headers: { Accept: 'application/json', Cookie: 'formue_session=a%00b' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('caching', () => {
  it('marks every API answer no-store', async () => {
    const browser = new Browser(await serve());
    expect((await browser.send('GET', '/sanctum/csrf-cookie')).headers.get('cache-control')).toBe(
      'no-store',
    );
    await browser.login();
    const user = await browser.send('GET', '/api/v1/user');
    expect(user.status).toBe(200);
    expect(user.headers.get('cache-control')).toBe('no-store');
  });
});

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
      const browser = new Browser(await serve());
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

/** A correction of the holding's buy: 2 shares at 1 DKK. */
const CORRECTION = { shares: 2, share_price: 1, fee: 0, currency_code: 'DKK' };

describe('an edit racing a delete', () => {
  it('answers 404, never 200, when the delete got there first', async () => {
    const { store, send, investmentId } = await contractWithHolding();
    const [event] = await store.events([investmentId]);
    // The delete commits between the edit's read of the event and its write.
    const exclusive = store.exclusive.bind(store);
    store.exclusive = async (id, work) => {
      await store.deleteEvent(event.id);
      store.exclusive = exclusive;
      return exclusive(id, work);
    };
    const edit = await send('PUT', `/api/v1/investments/events/${event.id}`, CORRECTION);
    expect(edit.status).toBe(404);
    expect(await store.events([investmentId])).toEqual([]);
  });
});

describe('a correction', () => {
  it('reads its own investment’s events, not the whole account’s', async () => {
    const { store, send, investmentId } = await contractWithHolding();
    const [event] = await store.events([investmentId]);
    const [held] = await store.investments(1);
    await send('POST', '/api/v1/investments', {
      investment: { portfolio_id: held.portfolioId, name: 'Other' },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: { shares: 1, share_price: 1, fee: 0, currency_code: 'DKK' },
    });
    const asked: number[][] = [];
    const events = store.events.bind(store);
    store.events = (ids) => {
      asked.push([...ids]);
      return events(ids);
    };
    const edit = await send('PUT', `/api/v1/investments/events/${event.id}`, CORRECTION);
    expect(edit.status).toBe(200);
    expect(asked.every((ids) => ids.length === 1 && ids[0] === investmentId)).toBe(true);
  });
});

describe('a create whose answer could not be read', () => {
  it('is not saved again by the retry under its key, which is told it was created', async () => {
    const { store, send, investmentId } = await contractWithHolding();
    const [held] = await store.investments(1);
    const before = (await store.investments(held.userId)).length;
    // The record is saved, then the read for the answer meets a dead connection, once.
    const events = store.investmentEvents.bind(store);
    let failing = true;
    store.investmentEvents = (id) => {
      if (failing && id !== investmentId) {
        failing = false;
        return Promise.reject(new Error('terminating connection due to administrator command'));
      }
      return events(id);
    };
    const create = {
      investment: { portfolio_id: held.portfolioId, name: 'Again' },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: { shares: 1, share_price: 1, fee: 0, currency_code: 'DKK' },
    };
    const key = { 'Idempotency-Key': '0b1d3c6e-8a2f-4e51-9c7d-5f4e3a2b1c0d' };
    const first = await send('POST', '/api/v1/investments', create, key);
    expect(first.status).toBe(500);
    const retry = await send('POST', '/api/v1/investments', create, key);
    expect(retry.status).toBe(201);
    expect(retry.body).toBeUndefined();
    expect(await store.investments(held.userId)).toHaveLength(before + 1);
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

describe('input stored as sent, or refused', () => {
  it('refuses a body that is not UTF-8 instead of storing replacement characters', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const token = decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? '');
    const answer = await fetch(`${browser.origin}/api/v1/portfolios`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': token,
        Cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      },
      body: Buffer.concat([
        Buffer.from('{"name":"Pen'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'The request body is not valid UTF-8.' });
  });

  it('refuses a lone surrogate in a name with a field error', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const answer = await browser.json('POST', '/api/v1/portfolios', { name: 'Pension \ud800' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.name).toEqual(['The name field must be valid text.']);
  });

  it('refuses a new password over bcrypt’s 72 bytes, saying so', async () => {
    const browser = new Browser(await serve());
    await browser.send('GET', '/sanctum/csrf-cookie');
    const answer = await browser.json('POST', '/api/v1/auth/register', {
      name: 'Long',
      email: 'long@example.com',
      password: 'æ'.repeat(37),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.password).toEqual([
      'The password field must not be greater than 72 bytes.',
    ]);
  });
});

describe('new sessions and accounts', () => {
  it('writes no session row for requests without a cookie that ask for none', async () => {
    const origin = await serve();
    const before = await sessionRows();
    await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${origin}/api/v1/auth/check`, { headers: { Accept: 'application/json' } }),
      ),
    );
    await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${origin}/api/v1/portfolios`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{"name":"x"}',
        }),
      ),
    );
    expect(await sessionRows()).toBe(before);
  });

  it('limits new sessions per address with 429 and Retry-After', async () => {
    const origin = await serve();
    const answers = await Promise.all(
      Array.from({ length: 70 }, () => fetch(`${origin}/sanctum/csrf-cookie`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    // A client with its session is not held up.
    const browser = new Browser(origin);
    browser.cookies.set(
      'formue_session',
      answers[0].headers.getSetCookie()[1].split(';')[0].split('=')[1],
    );
    expect((await browser.send('GET', '/sanctum/csrf-cookie')).status).toBe(204);
  });

  it('limits registrations per address', async () => {
    const browser = new Browser(await serve());
    await browser.send('GET', '/sanctum/csrf-cookie');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await browser.send('POST', '/api/v1/auth/register', {
        name: `User ${i}`,
        email: `user${i}@example.com`,
        password: 'secret-password',
      });
      statuses.push(answer.status);
      // Registering logs in (a new session); out again, to register the next.
      if (answer.status === 200) await browser.send('POST', '/api/v1/auth/logout');
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

/** Rows in the sessions table of the database the last server started on. */
async function sessionRows(): Promise<number> {
  const database = await openDatabase(lastDatabaseUrl);
  try {
    const row = await database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await database.close();
  }
}

describe('a password change', () => {
  it('ends the user’s other sessions and keeps this one', async () => {
    const origin = await serve();
    const here = new Browser(origin);
    const elsewhere = new Browser(origin);
    await here.login();
    await elsewhere.login();
    const changed = await here.json('PUT', '/api/v1/user', {
      name: 'Demo',
      email: 'demo@example.com',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
      current_password: 'demo1234',
    });
    expect(changed.status).toBe(200);
    expect((await here.send('GET', '/api/v1/user')).status).toBe(200);
    expect((await elsewhere.send('GET', '/api/v1/user')).status).toBe(401);
  });
});

describe('idempotency keys', () => {
  it('books 20 identical buys sent at once with one key once', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const [investment] = (await browser.json('GET', '/api/v1/investments')).body.investments;
    const count = async () =>
      (await browser.json('GET', '/api/v1/investments/events')).body.events.length as number;
    const before = await count();
    const buy = { shares: 1, share_price: 100, fee: 0, currency_code: 'DKK' };
    const key = '6b0f1c2e-9a4d-4c55-8f8e-2d1b7c9e3a10';
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        browser.send('POST', `/api/v1/investments/${investment.id}/events/buy`, buy, {
          'Idempotency-Key': key,
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(await count()).toBe(before + 1);
    const created = await Promise.all(
      answers.filter((a) => a.status === 201).map(async (a) => (await a.json()).data.id as number),
    );
    expect(new Set(created).size).toBe(1);
    // A retry later gets the first answer again, not a second buy.
    const retry = await browser.send(
      'POST',
      `/api/v1/investments/${investment.id}/events/buy`,
      buy,
      {
        'Idempotency-Key': key,
      },
    );
    expect(retry.status).toBe(201);
    expect((await retry.json()).data.id).toBe(created[0]);
    expect(await count()).toBe(before + 1);
    // The same key for something else is refused.
    const other = await browser.send(
      'POST',
      `/api/v1/investments/${investment.id}/events/buy`,
      { ...buy, shares: 2 },
      { 'Idempotency-Key': key },
    );
    expect(other.status).toBe(422);
    expect(await count()).toBe(before + 1);
  });
});

describe('idempotency keys on a dead connection', () => {
  it('ends a request’s claim though the first connections the pool gives are dead', async () => {
    const file = new SQLite(':memory:');
    let dead = 0;
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({
        database: {
          close: () => file.close(),
          // As pooled PostgreSQL connections ended while idle: found out only by using them.
          prepare: (query: string) => {
            if (dead > 0 && query.includes('idempotency_keys')) {
              dead--;
              throw new Error('Connection terminated unexpectedly');
            }
            return file.prepare(query);
          },
        },
      }),
    });
    await migrateToLatest(db, 'sqlite');
    const store = new SqlStore(db, 'sqlite');
    try {
      const { id } = await store.createUser({
        name: 'A',
        email: 'a@example.com',
        passwordHash: 'h',
      });
      // A failed request's key is free again: its retry runs, rather than 409 for a day.
      expect(await store.claimRequest(id, 'key-of-a-buy', 'f', 1, 0, 10)).toBeUndefined();
      dead = 2;
      await store.releaseRequest(id, 'key-of-a-buy');
      expect(await store.claimRequest(id, 'key-of-a-buy', 'f', 2, 0, 20)).toBeUndefined();
      // A done request's answer is kept: its retry gets it.
      dead = 2;
      await store.keepAnswer(id, 'key-of-a-buy', 201, '{}');
      expect(await store.claimRequest(id, 'key-of-a-buy', 'f', 3, 0, 30)).toMatchObject({
        fingerprint: 'f',
        status: 201,
        body: '{}',
      });
    } finally {
      await db.destroy();
    }
  });
});

describe('a write and the replay it needs', () => {
  it('reads and replays the history outside the write lock', async () => {
    const { store, send, investmentId: id } = await contractWithHolding();
    let locked = false;
    const readsUnderLock: number[] = [];
    const events = store.events.bind(store);
    store.events = (ids) => {
      if (locked) readsUnderLock.push(...ids);
      return events(ids);
    };
    const exclusive = store.exclusive.bind(store);
    store.exclusive = (investmentId, work) =>
      exclusive(investmentId, async (tx) => {
        locked = true;
        try {
          return await work(tx);
        } finally {
          locked = false;
        }
      });
    const buy = await send('POST', `/api/v1/investments/${id}/events/buy`, {
      shares: 1,
      share_price: 2,
      fee: 0,
      currency_code: 'DKK',
    });
    expect(buy.status).toBe(201);
    expect(readsUnderLock).toEqual([]);
  });
});

/** The contract over a store in memory, with a user logged in who holds one investment. */
async function contractWithHolding() {
  const store = new MemoryStore(emptyTables());
  const contract = createContract({
    store,
    hasher: demoHasher,
    market: syntheticMarket(),
    tokenDigest,
    mailer: noMail,
    randomToken: () => Math.random().toString(36).slice(2).padEnd(24, 'x'),
  });
  const cookies: Record<string, string> = {};
  const send = async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const answer = await contract.handle(request(method, path, cookies, body, headers));
    for (const c of answer.cookies) cookies[c.name] = c.value;
    return answer;
  };
  await send('GET', '/sanctum/csrf-cookie');
  await send('POST', '/api/v1/auth/register', {
    name: 'Ann',
    email: 'ann@example.com',
    password: 'secret-password',
  });
  const portfolio = await send('POST', '/api/v1/portfolios', { name: 'P' });
  const created = await send('POST', '/api/v1/investments', {
    investment: { portfolio_id: (portfolio.body as { data: { id: number } }).data.id, name: 'N' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: { shares: 1, share_price: 1, fee: 0, currency_code: 'DKK' },
  });
  return { store, send, investmentId: (created.body as { data: { id: number } }).data.id };
}
