// The CoinGecko adapter: a ticker to the best-ranked coin, daily closes from the last point of
// each UTC day, the plan's one year of history, the latest price, and the demo key header.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../src/market/port';
import { coinGecko, type CoinGeckoOptions } from '../../src/market/providers/coingecko';
import { addDays, utcDay, utcMidnight } from '../../src/market/zoned-time';
import { startFakeMarket, type FakeMarket } from '../fake-market/server';
import { NOW, TODAY, client, marketError } from './provider-contract';

let market: FakeMarket;
beforeAll(async () => {
  market = await startFakeMarket({ now: () => NOW });
});
afterEach(() => market.reset());
afterAll(() => market.close());

const gecko = (options: Partial<CoinGeckoOptions> = {}) =>
  coinGecko({ baseUrl: market.url, http: client('coingecko'), now: () => NOW, ...options });

describe('CoinGecko coins by ticker', () => {
  it('BTC is bitcoin (rank 1), not batcat (rank 2345) listed before it, nor an unranked BTC', async () => {
    expect(await gecko().bySymbol('BTC')).toEqual({
      provider: 'coingecko',
      symbol: 'bitcoin',
      name: 'Bitcoin',
      exchange: 'CoinGecko',
      currency: 'USD',
      kind: 'crypto',
    });
    expect(market.requests()[0].query).toEqual({ query: 'BTC' });
  });

  it.each([
    ['btc', 'bitcoin'],
    ['ETH', 'ethereum'],
    ['XRP', 'ripple'],
    ['ADA', 'cardano'],
  ])('%s is %s', async (ticker, id) => {
    expect((await gecko().bySymbol(ticker))?.symbol).toBe(id);
  });

  it('a ticker no coin has is undefined', async () => {
    expect(await gecko().bySymbol('ZZZ')).toBeUndefined();
  });

  it('search lists every matching coin as a candidate', async () => {
    expect((await gecko().search('bit')).map((c) => c.symbol)).toEqual([
      'bitcoin-bridged-fake',
      'bitcoin',
    ]);
  });
});

describe('CoinGecko history', () => {
  it('is one close per UTC day: the last point before the day ends', async () => {
    const from = '2025-03-01';
    const to = '2025-03-10';
    const history = await gecko().history('bitcoin', from, to);
    expect(history).toMatchObject({ currency: 'USD', timezone: 'UTC', splits: [], dividends: [] });
    expect(history.closes.map((c) => c.day)).toEqual(
      Array.from({ length: 10 }, (_, i) => addDays(from, i)),
    );
    const [request] = market.requests();
    expect(request.path).toBe('/api/v3/coins/bitcoin/market_chart/range');
    expect(request.query).toEqual({
      vs_currency: 'usd',
      from: String(utcMidnight(from) / 1000),
      to: String(utcMidnight('2025-03-11') / 1000),
    });
    // The same range straight from the fake: hourly points; the adapter kept each day's last,
    // a point at midnight closing the day before.
    const raw = await (
      await fetch(
        `${market.url}${request.path}?vs_currency=usd&from=${request.query.from}&to=${request.query.to}`,
      )
    ).json();
    const lastOf = (day: string) =>
      (raw.prices as [number, number][]).filter(([t]) => utcDay(t - 1) === day).at(-1)?.[1];
    for (const close of history.closes) expect(Number(close.close)).toBe(lastOf(close.day));
  });

  it('asks for no more than the plan’s year: older days are cut, not refused', async () => {
    const history = await gecko().history('bitcoin', '2023-01-01', TODAY);
    const earliest = addDays(TODAY, -364);
    // The first daily point, at midnight of the plan's first day, is the close of the day before.
    expect(history.closes[0].day).toBe(addDays(earliest, -1));
    expect(market.requests()[0].query.from).toBe(String(utcMidnight(earliest) / 1000));
  });

  it('a range wholly before the plan’s year is no-data, without a request', async () => {
    expect((await marketError(gecko().history('bitcoin', '2020-01-01', '2020-12-31'))).kind).toBe(
      'no-data',
    );
    expect(market.requests()).toEqual([]);
  });

  it('CoinGecko’s refusal of old history (401, code 10012) is no-data', async () => {
    const error = await marketError(
      gecko({ historyDays: Infinity }).history('bitcoin', '2022-01-01', TODAY),
    );
    expect(error.kind).toBe('no-data');
  });

  it('an unknown coin (404 "coin not found") is not-found', async () => {
    const error = await marketError(gecko().history('no-such-coin', '2025-03-01', '2025-03-10'));
    expect(error.kind).toBe('not-found');
    expect(error.message).toMatch(/coin not found/);
  });
});

describe('CoinGecko latest', () => {
  it('is the simple price in USD at its last update', async () => {
    const quote = await gecko().latest('bitcoin');
    expect(quote.currency).toBe('USD');
    expect(quote.time).toBe(Math.floor(NOW / 60_000) * 60_000);
    expect(quote.day).toBe(TODAY);
    expect(quote.intraday).toEqual([]);
    expect(market.requests()[0].query).toEqual({
      ids: 'bitcoin',
      vs_currencies: 'usd',
      include_last_updated_at: 'true',
    });
  });

  it('sends x-cg-demo-api-key only when a key is set', async () => {
    await gecko().latest('bitcoin');
    await gecko({ apiKey: 'CG-demo' }).latest('bitcoin');
    const [keyless, keyed] = market.requests();
    expect(keyless.headers).not.toHaveProperty('x-cg-demo-api-key');
    expect(keyed.headers['x-cg-demo-api-key']).toBe('CG-demo');
  });

  it('a 404 that is not "coin not found" (a wrong path) says nothing about the coin', async () => {
    const http: HttpClient = () =>
      Promise.resolve({
        status: 404,
        header: () => undefined,
        text: '{"error":"Incorrect path. Please check https://www.coingecko.com/api/"}',
      });
    expect((await marketError(gecko({ http }).latest('bitcoin'))).kind).toBe('unavailable');
  });

  it('a rate limit answered with 200 and status.error_code 429 is rate-limited', async () => {
    const http: HttpClient = () =>
      Promise.resolve({
        status: 200,
        header: () => undefined,
        text: '{"status":{"error_code":429,"error_message":"You\'ve exceeded the Rate Limit."}}',
      });
    expect((await marketError(gecko({ http }).latest('bitcoin'))).kind).toBe('rate-limited');
  });
});
