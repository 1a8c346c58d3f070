// The timelines and home answers of the users a start expects, made right after it (issue 37,
// `Contract.prepare`): the home's first answers then read and replay nothing, or are kept, and are
// the answers a process that prepared nothing gives.
import { describe, expect, it, vi } from 'vitest';
import type { ContractRequest } from '../../../src/contract/answers';
import { GRID_WEIGHT } from '../../../src/contract/figures/timelines';
import { createContract, SESSION_COOKIE } from '../../../src/contract/kernel';
import type { Market } from '../../../src/contract/market/market';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import { demoHasher, randomToken, tokenDigest } from '../../../src/mock-server/secrets';
import { BASE, BENCHMARK, DAY, FX, HOUR, keptRows, LISTINGS, StoredMarket } from './stored-market';

const NOW = Date.UTC(2026, 5, 10, 9, 30);
const SESSION = 's'.repeat(40);
const mailer = { delivery: 'log' as const, passwordReset: () => Promise.resolve() };

async function account() {
  const store = new MemoryStore(emptyTables());
  const user = await store.createUser({ name: 'U', email: 'u@example.com', passwordHash: '' });
  const portfolio = await store.createPortfolio({ userId: user.id, name: 'P' });
  for (const [index, code] of ['DK0062498333', 'DK0010274414'].entries()) {
    const created = await store.createInvestment(
      {
        userId: user.id,
        portfolioId: portfolio.id,
        name: code,
        type: 'stock',
        code,
        listing: null,
      },
      {
        kind: 'buy',
        time: NOW - (400 - index * 30) * DAY,
        currency: 'DKK',
        shares: 10,
        price: 100,
        fee: 1,
      },
    );
    await store.addEvents([
      {
        investmentId: created.id,
        kind: 'buy',
        time: NOW - 20 * DAY,
        currency: 'DKK',
        shares: 3,
        price: 120,
        fee: 1,
      },
    ]);
  }
  await store.saveSession({ id: SESSION, token: 't'.repeat(40), userId: user.id, lastSeen: NOW });
  return { store, user };
}

/** The demo's secrets and the made-up market, at a fixed instant. */
const DEMO = { hasher: demoHasher, randomToken, tokenDigest, mailer, now: () => NOW };

const contractOver = (store: MemoryStore, pause?: () => Promise<void>) =>
  createContract({ ...DEMO, store, market: syntheticMarket(), pause });

/** The Node server's pause (src/server/server.ts): other requests' turn first. */
const serverPause = () => new Promise<void>((resolve) => setImmediate(resolve));

const get = (path: string, period: string, session = SESSION): ContractRequest => ({
  method: 'GET',
  path,
  query: {},
  header: () => undefined,
  cookies: { [SESSION_COOKIE]: session, selected_period: period },
  body: () => Promise.resolve({ text: '' }),
  address: '127.0.0.1',
});

/** The home's three calls together, as the app sends them. */
const home = (contract: ReturnType<typeof createContract>, session = SESSION) =>
  Promise.all([
    contract.handle(get('/api/v1/user/valuation', 'Forever', session)),
    contract.handle(get('/api/v1/user/valuation', 'Year', session)),
    contract.handle(get('/api/v1/user/chart', 'Year', session)),
  ]).then((answers) => answers.map(({ status, body }) => ({ status, body })));

describe('timelines prepared at start', () => {
  it("builds a user's timelines so that the home's first answers read no events and are the unprepared ones", async () => {
    const { store, user } = await account();
    const prepared = contractOver(store);
    expect(await prepared.prepare([user.id], { homes: false })).toEqual({
      users: 1,
      answers: 0,
      full: false,
    });

    const events = vi.spyOn(store, 'investmentEvents');
    const checkpoints = vi.spyOn(store, 'replayCheckpoints');
    const answers = await home(prepared);
    expect(events).not.toHaveBeenCalled();
    expect(checkpoints).not.toHaveBeenCalled();

    const unprepared = await home(contractOver(store));
    // From the events, or from the checkpoint the preparation kept of them.
    expect(events.mock.calls.length + checkpoints.mock.calls.length).toBeGreaterThan(0);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers).toEqual(unprepared);
  });

  it('stops before the next investment once told to', async () => {
    const { store, user } = await account();
    const contract = contractOver(store);
    let stopped = false;
    const read = store.investmentEvents.bind(store);
    const events = vi.spyOn(store, 'investmentEvents').mockImplementation((id) => {
      stopped = true;
      return read(id);
    });
    expect(await contract.prepare([user.id], { stopped: () => stopped })).toEqual({
      users: 0,
      answers: 0,
      full: false,
    });
    expect(events).toHaveBeenCalledTimes(1);
  });

  it('stops once the timelines kept fill half their room, and the next user is built at his request', async () => {
    const { store, user } = await account();
    const next = await store.createUser({ name: 'V', email: 'v@example.com', passwordHash: '' });
    const portfolio = await store.createPortfolio({ userId: next.id, name: 'P' });
    await store.createInvestment(
      {
        userId: next.id,
        portfolioId: portfolio.id,
        name: 'V',
        type: 'stock',
        code: 'DK0060534915',
        listing: null,
      },
      { kind: 'buy', time: NOW - 50 * DAY, currency: 'DKK', shares: 2, price: 50, fee: 0 },
    );
    // Each timeline weighs GRID_WEIGHT and its entries: the first user's two fill half of this.
    const roomFor = (weight: number) =>
      createContract({ ...DEMO, store, market: syntheticMarket(), timelineEntries: weight });
    const both = [user.id, next.id];
    expect(await roomFor(100_000).prepare(both, { homes: false })).toEqual({
      users: 2,
      answers: 0,
      full: false,
    });

    const small = roomFor(4 * GRID_WEIGHT);
    expect(await small.prepare(both, { homes: false })).toEqual({
      users: 1,
      answers: 0,
      full: true,
    });
    const events = vi.spyOn(store, 'investmentEvents');
    const checkpoints = vi.spyOn(store, 'replayCheckpoints');
    await store.saveSession({
      id: 'n'.repeat(40),
      token: 't'.repeat(40),
      userId: next.id,
      lastSeen: NOW,
    });
    const answers = await home(small, 'n'.repeat(40));
    expect(events.mock.calls.length + checkpoints.mock.calls.length).toBeGreaterThan(0);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  });
});

describe('timelines started at login', () => {
  it.each([
    ['without a pause (the demo)', undefined],
    ["after the server's pause", serverPause],
  ])(
    "builds the user's timelines once logged in, %s, so that the home's calls read no events and answer as without",
    async (_, pause) => {
      const { store, user } = await account();
      const passwordHash = await demoHasher.hash('a password');
      await store.updateUser({ ...user, passwordHash });
      const contract = contractOver(store, pause);
      const login = await contract.handle({
        ...get('/api/v1/auth/login', 'Year'),
        method: 'POST',
        header: (name) =>
          ({ 'x-xsrf-token': 't'.repeat(40), 'content-type': 'application/json' })[
            name.toLowerCase()
          ],
        body: () =>
          Promise.resolve({
            text: JSON.stringify({ email: 'u@example.com', password: 'a password' }),
          }),
      });
      expect(login.status).toBe(200);
      const cookie = login.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
      expect(cookie).not.toBe('');
      // The build started with the login; settled waits for it, with no other request.
      await contract.settled();

      const events = vi.spyOn(store, 'investmentEvents');
      const checkpoints = vi.spyOn(store, 'replayCheckpoints');
      const answers = await home(contract, cookie);
      expect(events).not.toHaveBeenCalled();
      expect(checkpoints).not.toHaveBeenCalled();
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers).toEqual(await home(contractOver(store), cookie));
    },
  );
});

/** An account of two listed investments and a benchmark, and contracts over it, keeping or not. */
async function keepingAccount() {
  const now = BASE + 3 * DAY + 20 * HOUR;
  const stored = new StoredMarket();
  const rows = keptRows(stored);
  const store = new MemoryStore(emptyTables());
  const user = await store.createUser({ name: 'U', email: 'u@example.com', passwordHash: '' });
  const portfolio = await store.createPortfolio({ userId: user.id, name: 'P' });
  for (const [index, listing] of LISTINGS.slice(0, 2).entries())
    await store.createInvestment(
      {
        userId: user.id,
        portfolioId: portfolio.id,
        name: listing.symbol,
        type: 'stock',
        code: `DK000000000${index}`,
        listing: listing.key,
      },
      {
        kind: 'buy',
        time: BASE - (300 - index * 40) * DAY + 12 * HOUR,
        currency: listing.currency,
        shares: 10,
        price: 100,
        fee: 1,
      },
    );
  await store.saveBenchmark(user.id, {
    type: 'stock',
    code: 'IE00B4L5Y983',
    name: 'World',
    listing: BENCHMARK.key,
  });
  const contractOf = (market: Market, keeping: boolean) =>
    createContract({
      ...DEMO,
      now: () => now,
      store,
      market,
      keptAnswers: keeping ? { store: rows, codeVersion: 'test', ratesKey: FX } : undefined,
    });
  return { now, stored, rows, store, user, contractOf };
}

describe("a user's home prepared at start", () => {
  it("keeps the home's answers without a session: a fresh process answers them from the rows, as one that kept nothing", async () => {
    const { now, stored, rows, store, user, contractOf } = await keepingAccount();
    const sessions = vi.spyOn(store, 'saveSession');
    const starting = contractOf(stored.market(), true);
    // The page's six first calls for each of the two periods.
    expect(await starting.prepare([user.id])).toEqual({ users: 1, answers: 12, full: false });
    await starting.settled();
    expect(sessions).not.toHaveBeenCalled();
    expect([...rows.rows.keys()].sort()).toEqual([
      `${user.id} chart Year`,
      `${user.id} valuation Forever`,
      `${user.id} valuation Year`,
    ]);

    await store.saveSession({ id: SESSION, token: 't'.repeat(40), userId: user.id, lastSeen: now });
    // A fresh process whose market reads no prices: only a kept answer can be a 200.
    const failing: Market = {
      ...syntheticMarket(),
      snapshot: () => Promise.reject(new Error('a kept answer reads no prices')),
    };
    const answers = await home(contractOf(failing, true));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers).toEqual(await home(contractOf(stored.market(), false)));
  });

  it('counts a user stopped within his answers as not finished, so preparing the rest makes them all', async () => {
    const { stored, rows, user, contractOf } = await keepingAccount();
    const starting = contractOf(stored.market(), true);
    let turns = 0;
    // Turns: the user, his two investments, then the first two answers; the sixth stops it.
    const stopped = await starting.prepare([user.id], { stopped: () => ++turns > 5 });
    expect(stopped).toEqual({ users: 0, answers: 2, full: false });
    // As the server goes on once listening: from the first user not finished.
    const rest = await starting.prepare([user.id].slice(stopped.users));
    expect(rest).toEqual({ users: 1, answers: 12, full: false });
    await starting.settled();
    expect([...rows.rows.keys()].sort()).toEqual([
      `${user.id} chart Year`,
      `${user.id} valuation Forever`,
      `${user.id} valuation Year`,
    ]);
  });
});
