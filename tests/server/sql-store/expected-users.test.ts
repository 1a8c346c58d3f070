// Whom a start prepares (src/server/sql/store/users.ts, `expectedUsers`, with the kernel's
// `expectedSince`; migration 0021): the users of live sessions, the most recently seen first, then
// those who logged in within 400 days (as long as "remember me" lasts), whose session has ended;
// a login through the contract is what records one, and a start's preparation is none.
import { describe, expect } from 'vitest';
import type { ContractRequest } from '../../../src/contract/answers';
import {
  createContract,
  expectedSince,
  REMEMBER_COOKIE,
  REMEMBER_LIFETIME_MS,
  SESSION_COOKIE,
  SESSION_LIFETIME_MS,
} from '../../../src/contract/kernel';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { demoHasher, randomToken, tokenDigest } from '../../../src/mock-server/secrets';
import { expectedUsers } from '../../../src/server/sql/store/users';
import { startQuietServer } from '../quiet-server';
import { backends, sqlStoreEachTest } from './sql-store-setup';

const NOW = Date.UTC(2026, 11, 1, 8);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(backends)('Users a start expects on $name', ({ url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it("are the live sessions' users first, then the latest logins within 400 days, at most the limit", async () => {
    const store = sql.store;
    const user = (email: string) => store.createUser({ name: email, email, passwordHash: 'x' });
    const [live, seen, lately, earlier, expired, long] = await Promise.all(
      ['live', 'seen', 'lately', 'earlier', 'expired', 'long'].map((name) =>
        user(`${name}@example.com`),
      ),
    );
    await user('never@example.com');
    const session = (id: string, userId: number, lastSeen: number) =>
      store.saveSession({ id: id.repeat(40), token: 't', userId, lastSeen });
    await session('a', seen.id, NOW - 2 * HOUR + 1);
    await session('b', live.id, NOW - 3 * 60_000);
    await session('c', seen.id, NOW - HOUR);
    await session('d', expired.id, NOW - SESSION_LIFETIME_MS - 1);
    const login = (userId: number, time: number) => store.recordLogin?.(userId, time);
    // The live session's user logged in lately too: expected once, as a live session's.
    await login(live.id, NOW - DAY);
    await login(lately.id, NOW - 2 * DAY);
    await login(earlier.id, NOW - 300 * DAY);
    await login(long.id, NOW - REMEMBER_LIFETIME_MS - 1);
    const db = sql.opened!.db;
    const since = expectedSince(NOW);

    expect(await expectedUsers(db, since, 20)).toEqual([live.id, seen.id, lately.id, earlier.id]);
    expect(await expectedUsers(db, since, 3)).toEqual([live.id, seen.id, lately.id]);
  });

  it('count a login through the contract, and only a login', async () => {
    const store = sql.store;
    const hash = await demoHasher.hash('a password');
    const { id } = await store.createUser({
      name: 'Ann',
      email: 'ann@example.com',
      passwordHash: hash,
    });
    let now = NOW;
    const contract = createContract({
      store,
      hasher: demoHasher,
      randomToken,
      tokenDigest,
      mailer: { delivery: 'log', passwordReset: () => Promise.resolve() },
      market: syntheticMarket(),
      now: () => now,
    });
    const guest = 'g'.repeat(40);
    await store.saveSession({ id: guest, token: 't'.repeat(40), userId: null, lastSeen: NOW });
    const post = (path: string, body: unknown): ContractRequest => ({
      method: 'POST',
      path,
      query: {},
      header: (name) =>
        ({ 'x-xsrf-token': 't'.repeat(40), 'content-type': 'application/json' })[
          name.toLowerCase()
        ],
      cookies: { [SESSION_COOKIE]: guest },
      body: () => Promise.resolve({ text: JSON.stringify(body) }),
      address: '127.0.0.1',
    });
    const db = sql.opened!.db;
    // Past the sessions' lifetime: only a recorded login makes the user expected.
    const later = expectedSince(NOW + SESSION_LIFETIME_MS + HOUR);

    // A start's preparation answers as the user: no login.
    expect(await contract.prepare([id])).toEqual({ users: 1, answers: 12, full: false });
    expect(await expectedUsers(db, expectedSince(NOW), 20)).toEqual([]);

    const refused = await contract.handle(
      post('/api/v1/auth/login', { email: 'ann@example.com', password: 'not it' }),
    );
    expect(refused.status).toBe(422);
    expect(await expectedUsers(db, later, 20)).toEqual([]);

    const login = await contract.handle(
      post('/api/v1/auth/login', {
        email: 'ann@example.com',
        password: 'a password',
        remember: true,
      }),
    );
    expect(login.status).toBe(200);
    await contract.settled();
    expect(await expectedUsers(db, later, 20)).toEqual([id]);
    const beyond = expectedSince(NOW + REMEMBER_LIFETIME_MS + HOUR);
    expect(await expectedUsers(db, beyond, 20)).toEqual([]);

    // 100 days on, the session long ended, "remember me" logs the next visit in: a login.
    now = NOW + 100 * DAY;
    const token = login.cookies.find((cookie) => cookie.name === REMEMBER_COOKIE)?.value ?? '';
    expect(token).not.toBe('');
    const visit = await contract.handle({
      ...post('/api/v1/user', {}),
      method: 'GET',
      cookies: { [REMEMBER_COOKIE]: token },
    });
    expect(visit.status).toBe(200);
    expect(await expectedUsers(db, beyond, 20)).toEqual([id]);
  });

  /** Users with logins and an investment each; the checkpoints a server's start leaves. */
  async function checkpointsAfterStart(users: number, options: { prepareHeapBytes?: number }) {
    const store = sql.store;
    for (let index = 0; index < users; index++) {
      const { id } = await store.createUser({
        name: `U${index}`,
        email: `u${index}@example.com`,
        passwordHash: 'x',
      });
      const portfolio = await store.createPortfolio({ userId: id, name: 'P' });
      await store.createInvestment(
        {
          userId: id,
          portfolioId: portfolio.id,
          name: 'Novo',
          type: 'stock',
          code: 'DK0062498333',
          listing: null,
        },
        { kind: 'buy', time: NOW - 30 * DAY, currency: 'DKK', shares: 1, price: 100, fee: 0 },
      );
      await store.recordLogin?.(id, NOW - (index + 1) * DAY);
    }
    const server = await startQuietServer(
      url ?? '',
      {},
      { warmUp: true, database: sql.opened, now: () => NOW, ...options },
    );
    await server.app.usersPrepared();
    // The replays' checkpoints are written behind them, and by the close at the latest.
    await server.app.close();
    const rows = await sql
      .opened!.db.selectFrom('replay_checkpoints')
      .select('investment_id')
      .execute();
    return rows.length;
  }

  it('are prepared past the first 20 once the server listens', async () => {
    // No heap budget: a start's is a fresh process's, and this worker holds other files' heap
    // (CI's PostgreSQL run once passed 128 MB in use after the warm-up, and prepared nobody).
    expect(await checkpointsAfterStart(22, { prepareHeapBytes: Number.POSITIVE_INFINITY })).toBe(
      22,
    );
  });

  it('are not prepared past the heap a start may fill', async () => {
    expect(await checkpointsAfterStart(2, { prepareHeapBytes: 0 })).toBe(0);
  });
});
