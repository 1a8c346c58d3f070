// Live servers (MARKET_DATA=live) on the offline fake of Yahoo, OpenFIGI, CoinGecko and the ECB,
// for the live-market tests: the fake and the servers' clock, started and reset by `withLiveServers`
// in each test file, and what those tests ask of them.
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeMarket, type FakeMarket } from '../../fake-market/server';
import { Browser } from '../browser';
import { freshDatabase, keepDatabasesPerFile } from '../databases';
import { liveMarketAt, startQuietServer } from '../quiet-server';

export const TODAY = '2026-11-24';
/** After every exchange's close that day, as the fake's clock. */
export const NOW = Date.parse(`${TODAY}T22:00:00Z`);

/** The file's fake market, and the servers' clock, which a test may move. */
export const live = { fake: undefined as unknown as FakeMarket, clock: NOW };
/** The servers a test started, closed after it. */
export const running: FastifyInstance[] = [];

/** Starts the fake before a file's tests; closes each test's servers and resets fake and clock after it. */
export function withLiveServers(): void {
  beforeAll(async () => {
    // Rates from 2024 on cover every trade here: each new server reads the whole history file.
    live.fake = await startFakeMarket({ today: TODAY, ratesFrom: '2024-01-02' });
  });
  afterAll(() => live.fake.close());
  keepDatabasesPerFile();
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
    live.fake.reset();
    live.clock = NOW;
  });
}

/**
 * Polls until `done`, however long a busy machine takes: the test's own timeout is the only
 * bound, so a count never reached fails the test there.
 */
export async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Waits until the fake has been asked `count` times for a quote of `symbol`. */
export async function quoteRequests(symbol: string, count: number): Promise<number> {
  const asked = () =>
    live.fake.requests().filter((r) => r.path === `/v8/finance/chart/${symbol}` && r.query.range)
      .length;
  await until(() => asked() >= count);
  return asked();
}

/** Yahoo symbols the fake lists IE00B4L5Y983 on. */
export const MSCI_WORLD_SYMBOLS = ['IWDA.AS', 'SWDA.L'];

/** Waits until the fake has been asked `count` times for the default benchmark's history. */
export async function benchmarkHistories(count = 1): Promise<number> {
  const asked = () =>
    live.fake
      .requests()
      .filter((r) =>
        MSCI_WORLD_SYMBOLS.some((s) => r.path === `/v8/finance/chart/${s}` && r.query.period1),
      ).length;
  await until(() => asked() >= count);
  return asked();
}

/** Both finders of where the default benchmark trades fail (Yahoo and OpenFIGI answer 503). */
export function providersDown(): void {
  live.fake.setMode('yahoo', '503');
  live.fake.setMode('openfigi', '503');
}

/** Waits until the listing finders have been asked `count` times where the benchmark trades. */
export async function benchmarkFinds(count: number): Promise<number> {
  const asked = () =>
    live.fake.requests().filter((r) => r.path === '/v3/mapping' || r.query.q === 'IE00B4L5Y983')
      .length;
  await until(() => asked() >= count);
  return asked();
}

export interface ChartAnswer {
  chart: unknown[];
  benchmark: { isin: string; chart: unknown[] };
}

/** The user's chart, asked again until it has the benchmark's line (the market places it). */
export async function chartWithBenchmark(browser: Browser): Promise<ChartAnswer> {
  let answer = await browser.json('GET', '/api/v1/user/chart');
  await until(async () => {
    answer = await browser.json('GET', '/api/v1/user/chart');
    return Boolean(answer.body.benchmark);
  });
  expect(answer.body).toHaveProperty('benchmark');
  return answer.body as ChartAnswer;
}

/**
 * A live server on the fake market; `placeBenchmark`: its start places the default benchmark,
 * for the tests of that placement (the others leave it out: its requests are no test's). On a
 * fresh database (on PostgreSQL with the file's kept pool) unless given one, which it opens itself.
 */
export async function serve(
  databaseUrl?: string,
  placeBenchmark = false,
): Promise<{ origin: string; databaseUrl: string }> {
  const { url, database } = databaseUrl
    ? { url: databaseUrl, database: undefined }
    : await freshDatabase();
  const market = liveMarketAt(live.fake.url);
  const { app, origin } = await startQuietServer(
    url,
    { market },
    { now: () => live.clock, placeBenchmark, database },
  );
  running.push(app);
  // The start's round (rates, and the default benchmark's placement if asked) ends before a test
  // counts the providers' requests.
  await app.marketSettled();
  return { origin, databaseUrl: url };
}

export async function loggedIn(origin: string, email?: string): Promise<Browser> {
  const browser = new Browser(origin);
  expect((await browser.register(email)).status).toBe(200);
  return browser;
}

export async function logIn(browser: Browser): Promise<void> {
  await browser.send('GET', '/sanctum/csrf-cookie');
  const answer = await browser.send('POST', '/api/v1/auth/login', {
    email: 'ida@example.com',
    password: 'secret-password',
  });
  expect(answer.status).toBe(200);
}

export async function portfolio(browser: Browser): Promise<number> {
  const created = await browser.json('POST', '/api/v1/portfolios', { name: 'Real' });
  return created.body.data.id as number;
}

/** A fresh server, a new user logged in there, and a portfolio of theirs. */
export async function account(
  placeBenchmark = false,
): Promise<{ browser: Browser; portfolioId: number }> {
  const { origin } = await serve(undefined, placeBenchmark);
  const browser = await loggedIn(origin);
  return { browser, portfolioId: await portfolio(browser) };
}

export function create(
  browser: Browser,
  portfolioId: number,
  isin: string,
  buy: object,
  type = 'stock',
) {
  return browser.json('POST', '/api/v1/investments', {
    investment: { portfolio_id: portfolioId, name: isin },
    instrument: { type, isin },
    buy_event: { fee: 0, ...buy },
  });
}

/** One Apple share bought at 180 USD on 5 January. */
export const oneApple = (browser: Browser, portfolioId: number) =>
  create(browser, portfolioId, 'US0378331005', {
    shares: 1,
    share_price: 180,
    currency_code: 'USD',
    date: '2026-01-05',
  });

/**
 * One bitcoin bought at 60,000 USD on 5 January: a holding that asks CoinGecko, not Yahoo, so a
 * test of the default benchmark's placement (three Yahoo requests) stays within Yahoo's rate of 5
 * in 10 s, which Apple's three would pass, and waits no 10 s for it.
 */
export const oneBitcoin = (browser: Browser, portfolioId: number) =>
  create(
    browser,
    portfolioId,
    'BTC',
    { shares: 1, share_price: 60000, currency_code: 'USD', date: '2026-01-05' },
    'crypto',
  );

/** What the fake's chart says the latest price of a Yahoo symbol is. */
export async function fakeLatest(symbol: string): Promise<{ price: number; currency: string }> {
  const answer = await fetch(`${live.fake.url}/v8/finance/chart/${symbol}?interval=5m&range=1d`);
  const body = await answer.json();
  const meta = body.chart.result[0].meta;
  return { price: Number(meta.regularMarketPrice.toPrecision(7)), currency: meta.currency };
}

/** The fake ECB's DKK per unit of a currency on a day (its hist file). */
export async function fakeRate(currency: string, day: string): Promise<number> {
  const xml = await (await fetch(`${live.fake.url}/stats/eurofxref/eurofxref-hist.xml`)).text();
  const block = new RegExp(`<Cube time=['"]${day}['"]>([\\s\\S]*?)</Cube>`).exec(xml)?.[1] ?? '';
  const perEuro = (code: string) =>
    Number(new RegExp(`currency=['"]${code}['"] rate=['"]([\\d.]+)['"]`).exec(block)?.[1]);
  return currency === 'EUR' ? perEuro('DKK') : perEuro('DKK') / perEuro(currency);
}

export const yahooRequests = (symbol: string) =>
  live.fake
    .requests()
    .filter((r) => r.provider === 'yahoo' && r.path === `/v8/finance/chart/${symbol}`).length;
