// The server with MARKET_DATA=live, its providers pointed at the offline fake of Yahoo, OpenFIGI,
// CoinGecko and the ECB: real HTTP both ways, the real formats, a real database.
import { describe, expect, it } from 'vitest';
import { Browser } from '../browser';
import {
  quoteRequests,
  serve,
  loggedIn,
  logIn,
  portfolio,
  account,
  create,
  oneApple,
  fakeLatest,
  fakeRate,
  yahooRequests,
  TODAY,
  NOW,
  live,
  running,
  withLiveServers,
} from './live-servers';

withLiveServers();
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
    live.fake.setMode('yahoo', '503');
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
      live.fake.setMode(provider, 'hang');
    const second = await serve(first.databaseUrl);
    const again = new Browser(second.origin);
    await logIn(again);
    const listed = await again.json('GET', '/api/v1/investments');
    expect(listed.body.investments[0].quote).toEqual(created.body.data.quote);
  });

  it('asks for a new quote only while the exchange trades, and backs off after a failure', async () => {
    const { browser, portfolioId } = await account();
    await oneApple(browser, portfolioId);
    // The start's round and the creation's background loads end before the counting starts.
    await Promise.all(running.map((app) => app.marketSettled()));
    const afterCreate = await quoteRequests('AAPL', 1);
    // Tuesday night in New York: the quote fetched after the close is the last until Wednesday.
    live.clock = NOW + 3 * 3_600_000;
    // Sessions last two hours.
    await logIn(browser);
    expect((await browser.json('GET', '/api/v1/investments')).status).toBe(200);
    expect(await quoteRequests('AAPL', afterCreate)).toBe(afterCreate);
    // Wednesday 15:00 UTC, 10:00 in New York: the 15-minute-old quote is refreshed once.
    live.fake.setMode('yahoo', '503');
    live.clock = Date.parse('2026-11-25T15:00:00Z');
    await logIn(browser);
    expect((await browser.json('GET', '/api/v1/investments')).status).toBe(200);
    const failedOnce = await quoteRequests('AAPL', afterCreate + 1);
    expect(failedOnce).toBe(afterCreate + 1);
    // It failed: for the next minute no request asks again, however many answers are read.
    for (let i = 0; i < 5; i++) {
      live.clock += 5_000;
      expect((await browser.json('GET', '/api/v1/investments')).status).toBe(200);
    }
    expect(await quoteRequests('AAPL', failedOnce)).toBe(failedOnce);
    live.clock += 60_000;
    await browser.json('GET', '/api/v1/investments');
    expect(await quoteRequests('AAPL', failedOnce + 1)).toBe(failedOnce + 1);
  });
});
