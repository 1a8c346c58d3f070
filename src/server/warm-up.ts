// The first use of each code path, paid at start (issue 37): a fresh process compiles and tunes
// the contract's session, route, figure and chart code on its first requests, which made most of
// a cold home's time that is not reading or replaying. Before the server listens, the home's
// first calls are answered for the demo's account, its ledgers lengthened by regular trades, in a
// database of its own in memory, valued from stored prices as a live server's users are
// (warm-up-market.ts), in rounds on fresh contracts (each after the first reads the checkpoints
// the one before kept), and the HTTP adapter answers one request: no user's data is read, no
// provider asked.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_USER, addDemoAccount } from '../contract/demo-data';
import { firstAnswers } from '../contract/first-answers';
import { PREPARED_PERIODS, SESSION_COOKIE, createContract } from '../contract/kernel';
import type { EventDraft, InvestmentRow, LedgerStore, PasswordHasher } from '../contract/store';
import { isTrade } from '../domain/ledger';
import { createMailer } from './mailer';
import { liveMarket } from './market/live-market';
import { openDatabase } from './sql/connect';
import { priceStore } from './sql/market';
import { SqlStore } from './sql/sql-store';
import { storeMadeUpMarket, unreachedProviders } from './warm-up-market';

/** Nobody logs in to the warm-up's account: its session is made by hand. */
const NO_PASSWORDS: PasswordHasher = {
  hash: () => Promise.resolve('!'),
  verify: () => Promise.resolve(false),
  verifyNone: () => Promise.resolve(false),
};

/**
 * Rounds of the home's calls on fresh contracts: the first replays the events and keeps the
 * checkpoints, the next read them as a fresh process does; enough of them that the hot loops
 * (the replay, a chart's prices, the benchmark's line) reach the optimising compiler.
 */
export const WARM_ROUNDS = 6;

/**
 * Trades added to each of the demo's ledgers, evenly from its first trade to the warm-up: with the
 * demo's 90 events, the loops run once per event (a checkpoint's entries, the benchmark's flows,
 * the rates at each event) were still unoptimised at a user's first home, which then took about
 * twice as long as after a start that had met an account of 20,000 events.
 */
export const TRADES_ADDED = 170;

/**
 * What the warm-up did: the home's answers that came back whole (200), the events of the account
 * it valued, and what it asked providers.
 */
export interface WarmedUp {
  answered: number;
  events: number;
  providersAsked: readonly string[];
}

/**
 * Warms up: the demo's account valued from stored prices (made up, written as a provider's are)
 * by a live market of its own, the home's calls for each period, then again on fresh contracts.
 */
export async function warmUp(app: FastifyInstance, now?: () => number): Promise<WarmedUp> {
  const clock = now ?? (() => Date.now());
  const database = await openDatabase('sqlite::memory:');
  const { providers, asked } = unreachedProviders();
  let answered = 0;
  let events = 0;
  try {
    const store = new SqlStore(database.db, database.dialect);
    await addDemoAccount(store, NO_PASSWORDS);
    const user = await store.userByEmail(DEMO_USER.email);
    if (!user) return { answered, events, providersAsked: asked() };
    const investments = await store.investments(user.id);
    await addRegularTrades(store, investments, clock());
    // One on whole shares, one on a fraction of a coin: ledgers with splits of both.
    for (const investment of [investments[0], investments.at(-1)])
      await addSplit(store, investment);
    for (const investment of investments)
      events += (await store.investmentEvents(investment.id)).length;
    const prices = priceStore(database.db, database.dialect);
    await storeMadeUpMarket(store, prices, investments, clock());
    // Two markets, taken in turn: the optimised code then expects no one market's functions, and
    // does not throw itself away (deoptimise) on the server's own market at a user's first home.
    const markets = [0, 1].map(() => liveMarket({ prices, providers, now }));
    try {
      for (const market of markets) await market.preload();
      const session = {
        id: randomBytes(30).toString('base64'),
        token: randomBytes(30).toString('base64'),
        userId: user.id,
        lastSeen: clock(),
      };
      await store.saveSession(session);
      const contract = (market: (typeof markets)[number]) =>
        createContract({
          store,
          hasher: NO_PASSWORDS,
          randomToken: (bytes) => randomBytes(bytes).toString('base64'),
          tokenDigest: () => Promise.resolve(''),
          mailer: createMailer(
            { smtpUrl: undefined, from: undefined, appUrl: 'http://localhost' },
            { info: () => undefined, error: () => undefined },
          ),
          now,
          market,
        });
      const home = async (answering: ReturnType<typeof createContract>, period: string) => {
        const answers = await firstAnswers(answering, {
          method: 'GET',
          path: '/home',
          query: {},
          header: () => undefined,
          cookies: { [SESSION_COOKIE]: session.id, selected_period: period },
          body: () => Promise.resolve({ text: '' }),
          address: '127.0.0.1',
        });
        // As the HTTP adapter sends them.
        JSON.stringify(answers);
        answered += Object.keys(answers).length;
      };
      for (let round = 0; round < WARM_ROUNDS; round++) {
        const fresh = contract(markets[round % markets.length]);
        for (const period of PREPARED_PERIODS) await home(fresh, period);
        // Its checkpoints written, for the next round to read.
        await fresh.settled();
      }
    } finally {
      for (const market of markets) market.stop();
      await Promise.all(markets.map((market) => market.settled()));
    }
  } finally {
    await database.close();
  }
  // The adapter's own path, on the real contract: a path of no route, answered before any read.
  await app.inject({ method: 'GET', url: '/api/v1/warm-up' });
  return { answered, events, providersAsked: asked() };
}

/**
 * `TRADES_ADDED` trades in each ledger after its first, evenly spaced up to `now`: mostly buys of
 * a twentieth of the first trade's shares, every tenth a sale of as many, every thirteenth a
 * dividend instead (none on a coin).
 */
async function addRegularTrades(
  store: LedgerStore,
  investments: readonly InvestmentRow[],
  now: number,
): Promise<void> {
  const drafts: EventDraft[] = [];
  for (const investment of investments) {
    const first = (await store.investmentEvents(investment.id)).find(isTrade);
    // A clock before the demo's trades (a test's) gets none: they would come before the first.
    if (!first || now <= first.time) continue;
    const step = (now - first.time) / (TRADES_ADDED + 1);
    const shares = first.shares / 20;
    for (let index = 1; index <= TRADES_ADDED; index++) {
      const facts = {
        investmentId: investment.id,
        time: Math.round(first.time + index * step),
        currency: first.currency,
      };
      if (index % 13 === 0 && investment.type !== 'crypto')
        drafts.push({ ...facts, kind: 'dividend', amount: (first.price * shares) / 10 });
      else if (index % 10 === 0)
        drafts.push({ ...facts, kind: 'sell', shares, price: first.price * 1.1, fee: 1 });
      else drafts.push({ ...facts, kind: 'buy', shares, price: first.price, fee: 1 });
    }
  }
  await store.addEvents(drafts.sort((a, b) => a.time - b.time));
}

/**
 * A 2:1 split halfway through the investment's trades: the demo's account has none, and code
 * optimised for ledgers without one (or with whole shares only) was thrown away at a user's
 * first home with one.
 */
async function addSplit(store: LedgerStore, investment: InvestmentRow | undefined): Promise<void> {
  if (!investment) return;
  const trades = (await store.investmentEvents(investment.id)).filter(isTrade);
  if (trades.length < 2) return;
  const time = Math.round((trades[0].time + trades[trades.length - 1].time) / 2);
  let held = 0;
  for (const trade of trades)
    if (trade.time < time) held += trade.kind === 'buy' ? trade.shares : -trade.shares;
  if (held <= 0) return;
  await store.addEvent({
    investmentId: investment.id,
    time,
    currency: trades[0].currency,
    kind: 'split',
    sharesAfter: 2 * held,
    fee: 0,
    soldShares: 0,
    soldPrice: 0,
    hide: false,
    fromShares: held,
  });
}
