// Whom a start prepares (src/server/sql/store/users.ts, `expectedUsers`; migration 0021): the
// users of live sessions, the most recently seen first, then those who logged in within 400 days
// (as long as "remember me" lasts), whose session has ended; a login through the contract is what
// records one.
import { describe, expect } from 'vitest';
import type { ContractRequest } from '../../../src/contract/answers';
import { createContract, SESSION_COOKIE, SESSION_LIFETIME_MS } from '../../../src/contract/kernel';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { demoHasher, randomToken, tokenDigest } from '../../../src/mock-server/secrets';
import { expectedUsers, PREPARED_LOGINS_MS } from '../../../src/server/sql/store/users';
import { backends, sqlStoreEachTest } from './sql-store-setup';

const NOW = Date.UTC(2026, 11, 1, 8);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(backends)('Users a start expects on $name', ({ url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it("are the live sessions' users first, then the latest logins within 400 days, at most the limit", async () => {
    const store = sql.store;
    const user = (email: string) => store.createUser({ name: email, email, passwordHash: 'x' });
    const [live, lately, earlier, expired, long, never] = await Promise.all(
      ['live', 'lately', 'earlier', 'expired', 'long', 'never'].map((name) =>
        user(`${name}@example.com`),
      ),
    );
    const session = (id: string, userId: number, lastSeen: number) =>
      store.saveSession({ id: id.repeat(40), token: 't', userId, lastSeen });
    await session('a', live.id, NOW - HOUR);
    await session('b', expired.id, NOW - SESSION_LIFETIME_MS - 1);
    const login = (userId: number, time: number) => store.recordLogin?.(userId, time);
    await login(live.id, NOW - 500 * DAY);
    await login(lately.id, NOW - 2 * DAY);
    await login(earlier.id, NOW - 300 * DAY);
    await login(long.id, NOW - PREPARED_LOGINS_MS - 1);
    const db = sql.opened!.db;

    expect(await expectedUsers(db, NOW, 20)).toEqual([live.id, lately.id, earlier.id]);
    expect(await expectedUsers(db, NOW, 2)).toEqual([live.id, lately.id]);
    expect(await expectedUsers(db, NOW, 20)).not.toContain(never.id);
  });

  it('count a login through the contract, and only a login', async () => {
    const store = sql.store;
    const hash = await demoHasher.hash('a password');
    const { id } = await store.createUser({
      name: 'Ann',
      email: 'ann@example.com',
      passwordHash: hash,
    });
    const contract = createContract({
      store,
      hasher: demoHasher,
      randomToken,
      tokenDigest,
      mailer: { delivery: 'log', passwordReset: () => Promise.resolve() },
      market: syntheticMarket(),
      now: () => NOW,
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
    const later = NOW + SESSION_LIFETIME_MS + HOUR;

    const refused = await contract.handle(
      post('/api/v1/auth/login', { email: 'ann@example.com', password: 'not it' }),
    );
    expect(refused.status).toBe(422);
    expect(await expectedUsers(db, later, 20)).toEqual([]);

    const login = await contract.handle(
      post('/api/v1/auth/login', { email: 'ann@example.com', password: 'a password' }),
    );
    expect(login.status).toBe(200);
    await contract.settled();
    expect(await expectedUsers(db, later, 20)).toEqual([id]);
    expect(await expectedUsers(db, NOW + PREPARED_LOGINS_MS + HOUR, 20)).toEqual([]);
  });
});
