// The first use of each code path, paid at start (issue 37): a fresh process compiles and tunes
// the contract's session, route, figure and chart code on its first requests, which made most of
// a cold home's time that is not reading or replaying. Before the server listens, the home's
// first calls are answered once for the demo's account in a database of its own in memory, on
// the made-up market, then once more as a fresh process answers them (its replays read from the
// checkpoints the first answers kept), stored prices' lookups are run on made-up closes and
// rates, and the HTTP adapter answers one request: no user's data is read.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_USER, addDemoAccount } from '../contract/demo-data';
import { firstAnswers } from '../contract/first-answers';
import { SESSION_COOKIE, createContract } from '../contract/kernel';
import { providerPricesAt, ratesAt } from '../contract/market/pricing';
import { syntheticMarket } from '../contract/market/synthetic-market';
import type { PasswordHasher } from '../contract/store';
import type { EuroRate } from '../market/port';
import { euroRateTable, storedPricing } from '../market/stored-prices';
import { dayOfNumber } from '../market/zoned-time';
import { createMailer } from './mailer';
import { openDatabase } from './sql/connect';
import { SqlStore } from './sql/sql-store';

/** Nobody logs in to the warm-up's account: its session is made by hand. */
const NO_PASSWORDS: PasswordHasher = {
  hash: () => Promise.resolve('!'),
  verify: () => Promise.resolve(false),
  verifyNone: () => Promise.resolve(false),
};

/** The periods the home is asked for first (the app's default, and the one kept per device). */
const PERIODS = ['Year', 'Forever'] as const;

/**
 * Warms up; resolves to how many of the home's answers came back whole (200): the home's calls
 * for each period, then for the first again on a fresh contract.
 */
export async function warmUp(app: FastifyInstance, now?: () => number): Promise<number> {
  const clock = now ?? (() => Date.now());
  const database = await openDatabase('sqlite::memory:');
  let answered = 0;
  try {
    const store = new SqlStore(database.db, database.dialect);
    await addDemoAccount(store, NO_PASSWORDS);
    const user = await store.userByEmail(DEMO_USER.email);
    if (!user) return 0;
    const session = {
      id: randomBytes(30).toString('base64'),
      token: randomBytes(30).toString('base64'),
      userId: user.id,
      lastSeen: clock(),
    };
    await store.saveSession(session);
    const contract = () =>
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
        market: syntheticMarket(),
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
    const first = contract();
    for (const period of PERIODS) await home(first, period);
    // A fresh process finds its replays' checkpoints (issue 37): the code that reads them.
    await first.settled();
    const fresh = contract();
    await home(fresh, PERIODS[0]);
    await fresh.settled();
  } finally {
    await database.close();
  }
  storedLookups();
  // The adapter's own path, on the real contract: a path of no route, answered before any read.
  await app.inject({ method: 'GET', url: '/api/v1/warm-up' });
  return answered;
}

/** Made-up days of closes and rates: a few thousand lookups reach the optimised code. */
const LOOKUP_DAYS = 800;
const DAY_MS = 86_400_000;

/**
 * Stored prices' functions (`storedPricing`, `euroRateTable`) built from made-up closes and
 * rates, looked up one by one as a checkpoint's rates are and walked as a chart's are: the
 * made-up market has none.
 */
function storedLookups(): number {
  const first = 19_000;
  const days = Int32Array.from({ length: LOOKUP_DAYS }, (_, i) => first + i);
  const values = Float64Array.from(days, (_, i) => 100 + (i % 17));
  const pricing = storedPricing({
    source: 'yahoo',
    currency: 'EUR',
    timezone: 'Europe/Copenhagen',
    close: '17:00',
    closes: { days, values },
  });
  const rates: EuroRate[] = [];
  for (const currency of ['DKK', 'USD'])
    for (const day of days) rates.push({ day: dayOfNumber(day), currency, perEuro: '7.45' });
  const rate = euroRateTable(rates);
  let sum = 0;
  for (let i = 0; i < 4 * LOOKUP_DAYS; i++) {
    const time = (first + i / 4) * DAY_MS;
    sum += pricing.price(time) * rate('EUR', time) + rate('USD', time) + pricing.madeAt(time);
    if (i % 64 === 0) sum += pricing.dayAt(time).length;
  }
  // And walked, as a chart's grid asks them (`providerPricesAt`, `ratesAt`).
  const times = Array.from({ length: 4 * LOOKUP_DAYS }, (_, i) => (first + i / 4) * DAY_MS);
  const walked = new Float64Array(times.length);
  const madeAt = new Float64Array(times.length);
  providerPricesAt(pricing, times, 0, times.length, walked, madeAt);
  ratesAt(rate, 'USD', times, 0, times.length, walked);
  return sum + walked[walked.length - 1] + madeAt[madeAt.length - 1];
}
