// The server with MARKET_DATA=live, its providers pointed at the offline fake of Yahoo, OpenFIGI,
// CoinGecko and the ECB: real HTTP both ways, the real formats, a real database.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeMarket, type FakeMarket } from '../../fake-market/server';
import { Browser } from '../browser';
import { freshDatabaseUrl, postgresUrl } from '../databases';
import { liveMarketAt, startQuietServer } from '../quiet-server';

const TODAY = '2026-11-24';
/** After every exchange's close that day, as the fake's clock. */
const NOW = Date.parse(`${TODAY}T22:00:00Z`);

let fake: FakeMarket;
const running: FastifyInstance[] = [];

beforeAll(async () => {
  // Rates from 2024 on cover every trade here: each new server reads the whole history file.
  fake = await startFakeMarket({ today: TODAY, ratesFrom: '2024-01-02' });
});
afterAll(() => fake.close());
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
  fake.reset();
  clock = NOW;
});

/**
 * Polls until `done`, however long a busy machine takes: the test's own timeout is the only
 * bound, so a count never reached fails the test there.
 */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((resolve) => setTimeout(resolve, 25));
}

/** Waits until the fake has been asked `count` times for a quote of `symbol`. */
async function quoteRequests(symbol: string, count: number): Promise<number> {
  const asked = () =>
    fake.requests().filter((r) => r.path === `/v8/finance/chart/${symbol}` && r.query.range).length;
  await until(() => asked() >= count);
  return asked();
}

/** Yahoo symbols the fake lists IE00B4L5Y983 on. */
const MSCI_WORLD_SYMBOLS = ['IWDA.AS', 'SWDA.L'];

/** Waits until the fake has been asked `count` times for the default benchmark's history. */
async function benchmarkHistories(count = 1): Promise<number> {
  const asked = () =>
    fake
      .requests()
      .filter((r) =>
        MSCI_WORLD_SYMBOLS.some((s) => r.path === `/v8/finance/chart/${s}` && r.query.period1),
      ).length;
  await until(() => asked() >= count);
  return asked();
}

/** Waits until the listing finders have been asked `count` times where the benchmark trades. */
async function benchmarkFinds(count: number): Promise<number> {
  const asked = () =>
    fake.requests().filter((r) => r.path === '/v3/mapping' || r.query.q === 'IE00B4L5Y983').length;
  await until(() => asked() >= count);
  return asked();
}

interface ChartAnswer {
  chart: unknown[];
  benchmark: { isin: string; chart: unknown[] };
}

/** The user's chart, asked again until it has the benchmark's line (the market places it). */
async function chartWithBenchmark(browser: Browser): Promise<ChartAnswer> {
  let answer = await browser.json('GET', '/api/v1/user/chart');
  await until(async () => {
    answer = await browser.json('GET', '/api/v1/user/chart');
    return Boolean(answer.body.benchmark);
  });
  expect(answer.body).toHaveProperty('benchmark');
  return answer.body as ChartAnswer;
}

/** The servers' clock; a test may move it. */
let clock = NOW;

/**
 * A live server on the fake market; `placeBenchmark`: its start places the default benchmark,
 * for the tests of that placement (the others leave it out: its requests are no test's).
 */
async function serve(
  databaseUrl?: string,
  placeBenchmark = false,
): Promise<{ origin: string; databaseUrl: string }> {
  const url = databaseUrl ?? (await freshDatabaseUrl());
  const market = liveMarketAt(fake.url);
  const { app, origin } = await startQuietServer(
    url,
    { market },
    { now: () => clock, placeBenchmark },
  );
  running.push(app);
  // The start's round (rates, and the default benchmark's placement if asked) ends before a test
  // counts the providers' requests.
  await app.marketSettled();
  return { origin, databaseUrl: url };
}

async function loggedIn(origin: string, email?: string): Promise<Browser> {
  const browser = new Browser(origin);
  expect((await browser.register(email)).status).toBe(200);
  return browser;
}

async function logIn(browser: Browser): Promise<void> {
  await browser.send('GET', '/sanctum/csrf-cookie');
  const answer = await browser.send('POST', '/api/v1/auth/login', {
    email: 'ida@example.com',
    password: 'secret-password',
  });
  expect(answer.status).toBe(200);
}

async function portfolio(browser: Browser): Promise<number> {
  const created = await browser.json('POST', '/api/v1/portfolios', { name: 'Real' });
  return created.body.data.id as number;
}

/** A fresh server, a new user logged in there, and a portfolio of theirs. */
async function account(placeBenchmark = false): Promise<{ browser: Browser; portfolioId: number }> {
  const { origin } = await serve(undefined, placeBenchmark);
  const browser = await loggedIn(origin);
  return { browser, portfolioId: await portfolio(browser) };
}

function create(browser: Browser, portfolioId: number, isin: string, buy: object, type = 'stock') {
  return browser.json('POST', '/api/v1/investments', {
    investment: { portfolio_id: portfolioId, name: isin },
    instrument: { type, isin },
    buy_event: { fee: 0, ...buy },
  });
}

/** One Apple share bought at 180 USD on 5 January. */
const oneApple = (browser: Browser, portfolioId: number) =>
  create(browser, portfolioId, 'US0378331005', {
    shares: 1,
    share_price: 180,
    currency_code: 'USD',
    date: '2026-01-05',
  });

/** What the fake's chart says the latest price of a Yahoo symbol is. */
async function fakeLatest(symbol: string): Promise<{ price: number; currency: string }> {
  const answer = await fetch(`${fake.url}/v8/finance/chart/${symbol}?interval=5m&range=1d`);
  const body = await answer.json();
  const meta = body.chart.result[0].meta;
  return { price: Number(meta.regularMarketPrice.toPrecision(7)), currency: meta.currency };
}

/** The fake ECB's DKK per unit of a currency on a day (its hist file). */
async function fakeRate(currency: string, day: string): Promise<number> {
  const xml = await (await fetch(`${fake.url}/stats/eurofxref/eurofxref-hist.xml`)).text();
  const block = new RegExp(`<Cube time=['"]${day}['"]>([\\s\\S]*?)</Cube>`).exec(xml)?.[1] ?? '';
  const perEuro = (code: string) =>
    Number(new RegExp(`currency=['"]${code}['"] rate=['"]([\\d.]+)['"]`).exec(block)?.[1]);
  return currency === 'EUR' ? perEuro('DKK') : perEuro('DKK') / perEuro(currency);
}

const yahooRequests = (symbol: string) =>
  fake.requests().filter((r) => r.provider === 'yahoo' && r.path === `/v8/finance/chart/${symbol}`)
    .length;

describe('a live server', () => {
  it('values a listed ISIN from the provider’s price and the ECB’s rate', async () => {
    const { browser, portfolioId: id } = await account();
    const created = await create(browser, id, 'US0378331005', {
      shares: 3,
      share_price: 180,
      currency_code: 'USD',
      date: '2025-03-03',
    });
    expect(created.status).toBe(201);
    const latest = await fakeLatest('AAPL');
    const rate = await fakeRate('USD', TODAY);
    expect(created.body.data.quote).toEqual({
      price: latest.price,
      currency: 'USD',
      price_dkk: expect.closeTo(latest.price * rate, 4),
      date: TODAY,
      source: 'yahoo',
    });
    expect(created.body.data.value).toBeCloseTo(3 * latest.price * rate, 4);
    expect(created.body.data.instrument).toEqual({
      type: 'stock',
      isin: 'US0378331005',
      asset_class: 'stock',
      currency: 'USD',
    });
  });

  it('picks the listing on the ISIN country’s exchange and offers the others', async () => {
    const { browser, portfolioId: id } = await account();
    const created = await create(browser, id, 'DK0062498333', {
      shares: 1,
      share_price: 400,
      currency_code: 'DKK',
      date: '2026-01-05',
    });
    expect(created.body.data.quote).toMatchObject({ currency: 'DKK', source: 'yahoo' });
    const listings = await browser.json(
      'GET',
      `/api/v1/investments/${created.body.data.id}/listings`,
    );
    const ids = listings.body.listings.map((l: { id: string }) => l.id);
    expect(ids).toEqual(expect.arrayContaining(['yahoo:NOVO-B.CO', 'yahoo:NOVC.DE']));
    // The Listing dialog names each place's currency, also where OpenFIGI found it: its exchange's.
    const options = listings.body.listings as { id: string; currency: string | null }[];
    const currencyOf = (id: string) => options.find((l) => l.id === id)?.currency;
    expect([currencyOf('yahoo:NOVO-B.CO'), currencyOf('yahoo:NOVC.DE')]).toEqual(['DKK', 'EUR']);
    expect(listings.body.listings.find((l: { selected: boolean }) => l.selected).id).toBe(
      'yahoo:NOVO-B.CO',
    );
    const moved = await browser.json('PUT', `/api/v1/investments/${created.body.data.id}/listing`, {
      listing: 'yahoo:NOVC.DE',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.quote).toMatchObject({ currency: 'EUR', source: 'yahoo' });
  });

  it('turns a London listing’s pence into pounds', async () => {
    const { browser, portfolioId } = await account();
    const created = await create(browser, portfolioId, 'GB0009895292', {
      shares: 2,
      share_price: 110,
      currency_code: 'GBP',
      date: '2026-06-01',
    });
    const latest = await fakeLatest('AZN.L');
    expect(latest.currency).toBe('GBp');
    expect(created.body.data.quote).toMatchObject({ currency: 'GBP', source: 'yahoo' });
    expect(created.body.data.quote.price).toBeCloseTo(latest.price / 100, 6);
  });

  it('stores closes unadjusted and offers the provider’s split, never applying it', async () => {
    const { browser, portfolioId } = await account();
    const created = await create(browser, portfolioId, 'US67066G1040', {
      shares: 10,
      share_price: 1150,
      currency_code: 'USD',
      date: '2024-06-03',
    });
    const path = `/api/v1/investments/${created.body.data.id}`;
    const prices = await browser.json('GET', `${path}/prices?from=2024-06-06&to=2024-06-11`);
    const byDay = new Map(
      prices.body.prices.map((p: { date: string; price: number }) => [p.date, p.price]),
    );
    const before = byDay.get('2024-06-07') as number;
    const after = byDay.get('2024-06-10') as number;
    // About ten times: the price paid each day, not Yahoo's adjusted series.
    expect(before / after).toBeGreaterThan(9);
    expect(before / after).toBeLessThan(11);
    const suggestions = await browser.json('GET', `${path}/suggestions`);
    expect(suggestions.body.suggestions).toContainEqual({
      kind: 'split',
      date: '2024-06-10',
      numerator: 10,
      denominator: 1,
      shares_before: 10,
      shares_after: 100,
    });
    // Recorded by the user, it is no longer offered, and the value does not jump.
    const split = await browser.json('POST', `${path}/events/split`, {
      shares_after: 100,
      fee: 0,
      currency_code: 'USD',
      sold_shares: 0,
      sold_share_price: 0,
      hide: false,
      date: '2024-06-10',
    });
    expect(split.status).toBe(201);
    const again = await browser.json('GET', `${path}/suggestions`);
    expect(again.body.suggestions.filter((s: { kind: string }) => s.kind === 'split')).toEqual([]);
  });

  it('takes an ISIN no source knows, valued at its last trade until a price is typed', async () => {
    const { browser, portfolioId } = await account();
    const unknown = 'DK0000000001';
    const valid = await browser.json('POST', '/api/v1/instruments/validate', {
      isin: unknown,
      type: 'stock',
    });
    expect(valid.body).toEqual({ valid: true });
    const created = await create(browser, portfolioId, unknown, {
      shares: 4,
      share_price: 125.5,
      currency_code: 'DKK',
      date: '2026-10-01',
    });
    expect(created.status).toBe(201);
    expect(created.body.data.quote).toEqual({
      price: 125.5,
      currency: 'DKK',
      price_dkk: 125.5,
      date: '2026-10-01',
      source: 'trade',
    });
    const path = `/api/v1/investments/${created.body.data.id}`;
    const typed = await browser.json('POST', `${path}/prices`, {
      date: '2026-11-20',
      price: '130.25',
      currency_code: 'DKK',
    });
    expect(typed.status).toBe(201);
    const [investment] = (await browser.json('GET', '/api/v1/investments')).body.investments;
    expect(investment.quote).toMatchObject({ price: 130.25, source: 'manual', date: '2026-11-20' });
    expect(investment.value).toBe(521);
  });

  it('refuses a malformed ISIN with what is wrong', async () => {
    const { browser, portfolioId } = await account();
    const created = await create(browser, portfolioId, 'US0378331004', {
      shares: 1,
      share_price: 1,
      currency_code: 'USD',
    });
    expect(created.status).toBe(422);
    expect(created.body.errors['instrument.isin']).toEqual([
      'The instrument.isin field must be a valid ISIN code.',
      'The check digit is wrong: expected 5.',
    ]);
  });

  it('finds a coin by its ticker, the one with the best market-cap rank', async () => {
    const { browser, portfolioId } = await account();
    const created = await create(
      browser,
      portfolioId,
      'BTC',
      { shares: 0.1, share_price: 60000, currency_code: 'USD', date: '2026-02-02' },
      'crypto',
    );
    expect(created.body.data.quote).toMatchObject({ source: 'coingecko', currency: 'USD' });
    const listings = await browser.json(
      'GET',
      `/api/v1/investments/${created.body.data.id}/listings`,
    );
    expect(listings.body.listings.map((l: { id: string }) => l.id)).toEqual(['coingecko:bitcoin']);
  });

  it('answers from what is stored while a provider fails, without calling it in a loop', async () => {
    const { browser, portfolioId } = await account();
    const created = await oneApple(browser, portfolioId);
    const quote = created.body.data.quote;
    // The creation's loads may end after its answer when the machine is busy (the start's too).
    await quoteRequests('AAPL', 1);
    fake.setMode('yahoo', '503');
    const before = yahooRequests('AAPL');
    for (let i = 0; i < 10; i++) {
      const listed = await browser.json('GET', '/api/v1/investments');
      expect(listed.status).toBe(200);
      expect(listed.body.investments[0].quote).toEqual(quote);
    }
    // The quote is fresh: none of the ten answers asked Yahoo.
    expect(yahooRequests('AAPL')).toBe(before);
  });

  it('values from the database after a restart while every provider hangs', async () => {
    const first = await serve();
    const browser = await loggedIn(first.origin);
    const created = await create(browser, await portfolio(browser), 'DE0007164600', {
      shares: 2,
      share_price: 200,
      currency_code: 'EUR',
      date: '2026-03-02',
    });
    expect(created.body.data.quote.source).toBe('yahoo');
    // SQLite in memory ends with its server; a file or PostgreSQL outlives it.
    if (first.databaseUrl === 'sqlite::memory:') return;
    await running.splice(0).map((app) => app.close())[0];
    for (const provider of ['yahoo', 'openfigi', 'coingecko', 'ecb'] as const)
      fake.setMode(provider, 'hang');
    const second = await serve(first.databaseUrl);
    const again = new Browser(second.origin);
    await logIn(again);
    const listed = await again.json('GET', '/api/v1/investments');
    expect(listed.body.investments[0].quote).toEqual(created.body.data.quote);
  });

  it('places the default benchmark at start, so a new user’s chart has its line', async () => {
    const { origin } = await serve(undefined, true);
    // No request has asked for it: the server's start places it on its own.
    expect(await benchmarkHistories()).toBeGreaterThan(0);
    const browser = await loggedIn(origin);
    await oneApple(browser, await portfolio(browser));
    browser.cookies.set('selected_period', 'Year');
    const chart = await chartWithBenchmark(browser);
    expect(chart.benchmark).toMatchObject({ isin: 'IE00B4L5Y983', type: 'stock' });
    expect(chart.benchmark.chart).toHaveLength(chart.chart.length);
  });

  it('answers a cold home while the default benchmark cannot be placed, asking no provider again', async () => {
    // No source can place the default benchmark at start: the failure is backed off.
    fake.setMode('yahoo', '503');
    fake.setMode('openfigi', '503');
    const { browser, portfolioId } = await account(true);
    expect(await benchmarkFinds(2)).toBe(2);
    // Apple is placed as it is added; the default benchmark's placement is still backed off.
    fake.reset();
    await oneApple(browser, portfolioId);
    await quoteRequests('AAPL', 1);
    fake.setMode('yahoo', '503');
    fake.setMode('openfigi', '503');
    browser.cookies.set('selected_period', 'Year');
    const before = fake.requests().length;
    for (let visit = 0; visit < 3; visit++) {
      expect((await browser.json('GET', '/api/v1/user/valuation')).status).toBe(200);
      const chart = await browser.json('GET', '/api/v1/user/chart');
      expect(chart.status).toBe(200);
      // The line waits until the market knows where the benchmark trades.
      expect(chart.body).not.toHaveProperty('benchmark');
    }
    // Closing waits for the market's background work: none of it may have asked either.
    await Promise.all(running.splice(0).map((app) => app.close()));
    expect(
      fake
        .requests()
        .slice(before)
        .map((r) => `${r.provider} ${r.path}`),
    ).toEqual([]);
  });

  it('places the default benchmark as soon as a chart wants it, not at the next round', async () => {
    // The start's placement finds no source, and waits out its back-off.
    fake.setMode('yahoo', '503');
    fake.setMode('openfigi', '503');
    const { browser, portfolioId } = await account(true);
    expect(await benchmarkFinds(2)).toBe(2);
    fake.reset();
    await oneApple(browser, portfolioId);
    browser.cookies.set('selected_period', 'Year');
    // Past the back-off; the next round (every 10 minutes) is not due. Sessions last two hours.
    clock += 5 * 60_000;
    await logIn(browser);
    const chart = await chartWithBenchmark(browser);
    expect(chart.benchmark.isin).toBe('IE00B4L5Y983');
  });

  it.runIf(postgresUrl)(
    'loads a listing once when two processes on one PostgreSQL take it up at once',
    async () => {
      const first = await serve();
      const second = await serve(first.databaseUrl);
      const [ida, bo] = await Promise.all([
        loggedIn(first.origin, 'ida@example.com'),
        loggedIn(second.origin, 'bo@example.com'),
      ]);
      const [idaPortfolio, boPortfolio] = await Promise.all([portfolio(ida), portfolio(bo)]);
      const buy = { shares: 1, share_price: 300, currency_code: 'NOK', date: '2026-05-04' };
      // The first process's load is still under way when the second asks for the same listing.
      fake.setMode('yahoo', 'slow');
      const created = await Promise.all([
        create(ida, idaPortfolio, 'NO0010096985', buy),
        create(bo, boPortfolio, 'NO0010096985', buy),
      ]);
      expect(created.map((c): unknown => c.body.data.quote.source)).toEqual(['yahoo', 'yahoo']);
      const histories = fake
        .requests()
        .filter((r) => r.path === '/v8/finance/chart/EQNR.OL' && r.query.interval === '1d');
      expect(histories).toHaveLength(1);
    },
  );

  it('asks for a new quote only while the exchange trades, and backs off after a failure', async () => {
    const { browser, portfolioId } = await account();
    await oneApple(browser, portfolioId);
    // The start's round and the creation's background loads end before the counting starts.
    await Promise.all(running.map((app) => app.marketSettled()));
    const afterCreate = await quoteRequests('AAPL', 1);
    // Tuesday night in New York: the quote fetched after the close is the last until Wednesday.
    clock = NOW + 3 * 3_600_000;
    // Sessions last two hours.
    await logIn(browser);
    expect((await browser.json('GET', '/api/v1/investments')).status).toBe(200);
    expect(await quoteRequests('AAPL', afterCreate)).toBe(afterCreate);
    // Wednesday 15:00 UTC, 10:00 in New York: the 15-minute-old quote is refreshed once.
    fake.setMode('yahoo', '503');
    clock = Date.parse('2026-11-25T15:00:00Z');
    await logIn(browser);
    expect((await browser.json('GET', '/api/v1/investments')).status).toBe(200);
    const failedOnce = await quoteRequests('AAPL', afterCreate + 1);
    expect(failedOnce).toBe(afterCreate + 1);
    // It failed: for the next minute no request asks again, however many answers are read.
    for (let i = 0; i < 5; i++) {
      clock += 5_000;
      expect((await browser.json('GET', '/api/v1/investments')).status).toBe(200);
    }
    expect(await quoteRequests('AAPL', failedOnce)).toBe(failedOnce);
    clock += 60_000;
    await browser.json('GET', '/api/v1/investments');
    expect(await quoteRequests('AAPL', failedOnce + 1)).toBe(failedOnce + 1);
  });
});
