// What an attack run found against the server (issue 24), each a test that failed before: writes
// that race, are corrected, lose their answer or are replayed by their idempotency key.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createContract } from '../../../src/contract/kernel';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import { migrateToLatest } from '../../../src/server/sql/migrate';
import type { Database } from '../../../src/server/sql/schema';
import { SqlStore } from '../../../src/server/sql/sql-store';
import { demoHasher, tokenDigest } from '../../../src/mock-server/secrets';
import { Browser } from '../browser';
import { closeServersAfterEach, noMail, request, serve } from './support';

closeServersAfterEach();

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
