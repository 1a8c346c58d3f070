// The seeded demo account, persistence across "reloads" and the demo reset.
import { describe, expect, it } from 'vitest';
import { makeServer, STORAGE_KEY, RESET_NOTICE } from '../../../src/mock-server';
import { addDemoAccount } from '../../../src/contract/demo-data';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import { demoHasher } from '../../../src/mock-server/secrets';
import {
  describeMock,
  get,
  loginAsDemo,
  memoryStorage,
  NOW,
  post,
  setCookie,
  startServer,
} from '../support';

/** Stored demo data whose first investment sells more than it ever bought. */
async function withOversell(): Promise<string> {
  const store = new MemoryStore(emptyTables());
  await addDemoAccount(store, demoHasher);
  const [first] = store.tables.events;
  if (!first) throw new Error('no demo events');
  store.tables.events.push({
    ...first,
    id: 10_000,
    kind: 'sell',
    shares: 1e6,
    price: 1,
    fee: 0,
    time: first.time + 1,
  });
  return JSON.stringify({ version: 2, tables: store.tables });
}

describe('demo account', () => {
  it('logs in with demo@example.com / demo1234 and is called Demo', async () => {
    startServer();
    await loginAsDemo();
    expect((await get('/user')).body).toEqual({
      user: { name: 'Demo', email: 'demo@example.com' },
    });
  });

  it('holds several portfolios and a dozen investments of stocks, funds and crypto', async () => {
    startServer();
    await loginAsDemo();
    const { portfolios } = (await get('/portfolios')).body;
    const { investments } = (await get('/investments')).body;
    expect(portfolios.length).toBeGreaterThanOrEqual(3);
    expect(investments.length).toBeGreaterThanOrEqual(12);
    const names = investments.map((i: { name: string }) => i.name);
    expect(names).toEqual(
      expect.arrayContaining(['Novo Nordisk B', 'Bitcoin', 'iShares Core MSCI World UCITS ETF']),
    );
    for (const p of portfolios) expect(p.investments).toBeGreaterThan(0);
  });

  it('has years of events with buys, sells, dividends, a split and one investment sold to zero', async () => {
    startServer();
    await loginAsDemo();
    const { events } = (await get('/investments/events')).body;
    const types = new Set(events.map((e: { type: string }) => e.type));
    expect([...types].sort()).toEqual(['buy', 'div', 'sell', 'split']);
    const years = new Set(events.map((e: { date: string }) => e.date.slice(0, 4)));
    expect(years.size).toBeGreaterThanOrEqual(3);
    const { investments } = (await get('/investments')).body;
    expect(investments.filter((i: { shares: number }) => i.shares === 0)).toHaveLength(1);
    const split = events.find((e: { type: string }) => e.type === 'split');
    expect(split.to_shares).toBe(split.from_shares * 2);
  });

  it('is the same on every start', async () => {
    startServer();
    await loginAsDemo();
    const first = (await get('/investments/events')).body;
    startServer();
    await loginAsDemo();
    expect((await get('/investments/events')).body).toEqual(first);
  });

  it('its largest holding is a stock with whole shares (the first row of the tables)', async () => {
    startServer();
    await loginAsDemo();
    setCookie('selected_period', 'Day');
    const { investments } = (await get('/investments')).body;
    const [largest] = [...investments].sort((a, b) => b.value - a.value);
    expect(largest.name).toBe('Novo Nordisk B');
    expect(Number.isInteger(largest.shares)).toBe(true);
    expect(largest.shares).toBeGreaterThan(10);
  });
});

describeMock('persistence', () => {
  it('keeps changes and the session across a reload', async () => {
    const storage = memoryStorage();
    const first = startServer({ storage });
    await loginAsDemo();
    expect((await post('/portfolios', { name: 'Kept' })).status).toBe(201);
    first.shutdown();
    // A reload: same storage, same cookies.
    const reloaded = makeServer({ environment: 'test', storage, now: () => NOW });
    try {
      expect(reloaded.notice).toBeNull();
      expect((await get('/auth/check')).body).toEqual({ logged_in: true });
      const names = (await get('/portfolios')).body.portfolios.map((p: { name: string }) => p.name);
      expect(names).toContain('Kept');
    } finally {
      reloaded.shutdown();
    }
  });

  it("takes up another tab's writes when told the storage changed", async () => {
    const storage = memoryStorage();
    const server = startServer({ storage });
    await loginAsDemo();
    await post('/portfolios', { name: 'Mine' });
    const names = async () => {
      const answer = await get('/portfolios');
      return (answer.body.portfolios as { name: string }[]).map((p) => p.name);
    };
    // The other tab renames it and stores its tables.
    const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}');
    const mine = stored.tables.portfolios.find((p: { name: string }) => p.name === 'Mine');
    mine.name = 'Renamed in the other tab';
    storage.setItem(STORAGE_KEY, JSON.stringify(stored));
    expect(await names()).toContain('Mine');
    server.reloadStored();
    expect(await names()).toContain('Renamed in the other tab');
    expect(await names()).not.toContain('Mine');
  });

  it('without the session cookie the data stays but the session is gone', async () => {
    const storage = memoryStorage();
    startServer({ storage });
    await loginAsDemo();
    await post('/portfolios', { name: 'Kept' });
    startServer({ storage }); // clears the cookies
    expect((await get('/auth/check')).body).toEqual({ logged_in: false });
    await loginAsDemo();
    const names = (await get('/portfolios')).body.portfolios.map((p: { name: string }) => p.name);
    expect(names).toContain('Kept');
  });

  it.each([
    ['not JSON', () => Promise.resolve('{oops')],
    ['an old version', () => Promise.resolve(JSON.stringify({ version: 1, tables: {} }))],
    [
      'a broken table',
      () => Promise.resolve(JSON.stringify({ version: 2, tables: { users: 'x' } })),
    ],
    ['events that do not replay', withOversell],
  ])('replaces %s with the demo data and says so', async (_case, stored) => {
    const storage = memoryStorage();
    storage.setItem(STORAGE_KEY, await stored());
    const server = startServer({ storage });
    expect(server.notice).toBe(RESET_NOTICE);
    await loginAsDemo();
    expect((await get('/portfolios')).body.portfolios.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(storage.getItem(STORAGE_KEY) ?? '{}').version).toBe(2);
  });
});

describeMock('POST /demo/reset', () => {
  it('restores the seeded data and keeps the demo session', async () => {
    startServer();
    await loginAsDemo();
    const before = (await get('/portfolios')).body;
    await post('/portfolios', { name: 'Temporary' });
    const answer = await post('/demo/reset');
    expect(answer.status).toBe(204);
    expect((await get('/portfolios')).body).toEqual(before);
  });

  it('needs a session', async () => {
    startServer();
    await get('/sanctum/csrf-cookie');
    expect((await post('/demo/reset')).status).toBe(401);
  });
});
