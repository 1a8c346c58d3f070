// Idempotency claims of a process that died (issue 35): a claim holds a lease its process renews,
// so a retry to another process runs the write once the lease lapses, and never a write that was
// stored. Two stores on one database stand for two processes; process A "dies" by never going on.
import { afterEach, describe, expect, it } from 'vitest';
import { CLAIM_LEASE_MS } from '../../src/contract/idempotency';
import type { Store } from '../../src/contract/store';
import { openDatabase, type OpenedDatabase } from '../../src/server/sql/connect';
import { SqlStore } from '../../src/server/sql/sql-store';
import { processOn } from './contract-process';
import { freshDatabaseUrl } from './databases';

const T0 = Date.UTC(2026, 4, 4, 10);
const BUY = { shares: 1, share_price: 100, fee: 0, currency_code: 'DKK' };
const KEY = { 'Idempotency-Key': '7f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0' };

const opened: OpenedDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

/**
 * Processes A and B on one fresh database, a user logged in who holds one investment; A's
 * claimed writes go through `dying`, which never comes back (its process was killed).
 */
async function twoProcesses(dying: (claimed: Store) => Store) {
  const database = await openDatabase(await freshDatabaseUrl());
  opened.push(database);
  let now = T0;
  const clock = () => now;
  const cookies: Record<string, string> = {};
  const storeA = new SqlStore(database.db, database.dialect);
  const forClaim = storeA.forClaim.bind(storeA);
  storeA.forClaim = (userId, key) => dying(forClaim(userId, key));
  const a = processOn(storeA, cookies, { now: clock });
  const b = processOn(new SqlStore(database.db, database.dialect), cookies, { now: clock });
  await b('GET', '/sanctum/csrf-cookie');
  await b('POST', '/api/v1/auth/register', {
    name: 'Ann',
    email: 'ann@example.com',
    password: 'secret-password',
  });
  const portfolio = await b('POST', '/api/v1/portfolios', { name: 'P' });
  const created = await b('POST', '/api/v1/investments', {
    investment: { portfolio_id: (portfolio.body as { data: { id: number } }).data.id, name: 'N' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: BUY,
  });
  const id = (created.body as { data: { id: number } }).data.id;
  const buys = async () =>
    ((await b('GET', '/api/v1/investments/events')).body as { events: unknown[] }).events.length;
  return {
    a,
    b,
    path: `/api/v1/investments/${id}/events/buy`,
    buys,
    later: (ms: number) => {
      now += ms;
    },
  };
}

const never = () => new Promise<never>(() => {});

describe('a claim whose process died', () => {
  it('answers 409 while its lease holds, then lets the retry book the buy once', async () => {
    // Killed before its transaction committed: nothing of it is stored.
    let reached = () => {};
    const writing = new Promise<void>((resolve) => (reached = resolve));
    const { a, b, path, buys, later } = await twoProcesses((claimed) =>
      Object.assign(claimed, {
        exclusive: () => {
          reached();
          return never();
        },
      }),
    );
    const before = await buys();
    void a('POST', path, BUY, KEY);
    await writing;
    later(1_000);
    const running = await b('POST', path, BUY, KEY);
    expect(running.status).toBe(409);
    expect(running.headers['Retry-After']).toBe('1');

    later(CLAIM_LEASE_MS);
    const retry = await b('POST', path, BUY, KEY);
    expect(retry.status).toBe(201);
    expect(await buys()).toBe(before + 1);
    // Its answer is kept: a repeat gets it, and books nothing more.
    const repeat = await b('POST', path, BUY, KEY);
    expect(repeat.status).toBe(201);
    expect(repeat.body).toEqual(retry.body);
    expect(await buys()).toBe(before + 1);
  });

  it('never runs a write that was stored before its process died', async () => {
    // Killed after its transaction committed, before the answer was kept.
    const { a, b, path, buys, later } = await twoProcesses((claimed) => {
      const exclusive = claimed.exclusive.bind(claimed);
      return Object.assign(claimed, {
        exclusive: async (investmentId: number, work: (store: Store) => Promise<unknown>) => {
          await exclusive(investmentId, work);
          return never();
        },
      });
    });
    const before = await buys();
    void a('POST', path, BUY, KEY);
    while ((await buys()) === before) await new Promise((resolve) => setImmediate(resolve));

    later(CLAIM_LEASE_MS + 1_000);
    const retry = await b('POST', path, BUY, KEY);
    expect(retry.status).toBe(201);
    expect(retry.body).toBeUndefined();
    expect(await buys()).toBe(before + 1);
  });
});
