// The Yahoo adapter: exchange-local days, splits and dividends, minor currencies, gaps, errors,
// and search. Over the fake market, or over a hand-written answer where one detail matters.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient, HttpResponse } from '../../src/market/port';
import { yahooListings, yahooQuotes } from '../../src/market/providers/yahoo';
import { utcDay, utcMidnight } from '../../src/market/zoned-time';
import { startFakeMarket, type FakeMarket } from '../fake-market/server';
import { DECIMAL, NOW, client, marketError } from './provider-contract';

let market: FakeMarket;
beforeAll(async () => {
  market = await startFakeMarket({ now: () => NOW });
});
afterEach(() => market.reset());
afterAll(() => market.close());

const quotes = () => yahooQuotes({ baseUrl: market.url, http: client('yahoo'), now: () => NOW });
const listings = () =>
  yahooListings({ baseUrl: market.url, http: client('yahoo'), now: () => NOW });

/** An HttpClient that answers every request with one status and body. */
function answering(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpClient {
  const response: HttpResponse = {
    status,
    header: (name) => headers[name.toLowerCase()],
    text: typeof body === 'string' ? body : JSON.stringify(body),
  };
  return () => Promise.resolve(response);
}

/** A one-result chart answer with the given meta fields, bar times (s) and closes. */
function chartBody(meta: Record<string, unknown>, timestamp: number[], close: (number | null)[]) {
  return {
    chart: {
      result: [
        {
          meta: { currency: 'USD', exchangeTimezoneName: 'America/New_York', ...meta },
          timestamp,
          indicators: { quote: [{ close }] },
        },
      ],
      error: null,
    },
  };
}

const over = (http: HttpClient) => yahooQuotes({ baseUrl: 'http://yahoo.invalid', http });

describe('Yahoo chart: days are the exchange’s own', () => {
  // 2024-03-04T23:30Z: still the 4th in New York, already the 5th in Copenhagen.
  const lateEvening = Date.parse('2024-03-04T23:30:00Z') / 1000;

  it.each([
    ['America/New_York', '2024-03-04'],
    ['Europe/Copenhagen', '2024-03-05'],
  ])('a bar at 23:30 UTC in %s is on %s', async (zone, day) => {
    const http = answering(200, chartBody({ exchangeTimezoneName: zone }, [lateEvening], [10.5]));
    const history = await over(http).history('X', '2024-03-01', '2024-03-08');
    expect(history.closes).toEqual([{ day, close: '10.5' }]);
    expect(history.timezone).toBe(zone);
  });

  it('Sydney opens on the previous UTC day; its closes carry the local trading days', async () => {
    const history = await quotes().history('BHP.AX', '2025-01-06', '2025-01-10');
    expect(history.closes.map((c) => c.day)).toEqual([
      '2025-01-06',
      '2025-01-07',
      '2025-01-08',
      '2025-01-09',
      '2025-01-10',
    ]);
    // The fake's raw bars sit at 10:00 AEDT, 23:00 UTC the day before: UTC dates would be wrong.
    const period = `period1=${utcMidnight('2025-01-05') / 1000}&period2=${utcMidnight('2025-01-10') / 1000}`;
    const raw = await (
      await fetch(`${market.url}/v8/finance/chart/BHP.AX?interval=1d&${period}`)
    ).json();
    const utcDays = raw.chart.result[0].timestamp.map((t: number) => utcDay(t * 1000));
    expect(utcDays).toEqual(['2025-01-05', '2025-01-06', '2025-01-07', '2025-01-08', '2025-01-09']);
  });

  it('asks for the range with a day of margin, daily bars, splits and dividends', async () => {
    await quotes().history('AAPL', '2025-02-03', '2025-02-07');
    const [request] = market.requests();
    expect(request.path).toBe('/v8/finance/chart/AAPL');
    expect(request.query).toEqual({
      interval: '1d',
      period1: String(utcMidnight('2025-02-03') / 1000 - 86_400),
      period2: String(utcMidnight('2025-02-08') / 1000),
      events: 'div,split',
    });
    expect(request.headers['user-agent']).toMatch(/^Mozilla\/5\.0/);
  });

  it('encodes the symbol in the path', async () => {
    await quotes().latest('NOVO-B.CO');
    await quotes().latest('^GSPC');
    expect(market.requests().map((r) => r.path)).toEqual([
      '/v8/finance/chart/NOVO-B.CO',
      '/v8/finance/chart/%5EGSPC',
    ]);
  });
});

describe('Yahoo chart: corporate actions, currencies and gaps', () => {
  it('reads NVDA’s 10:1 split and its dividends; closes are already split-adjusted', async () => {
    const history = await quotes().history('NVDA', '2024-06-03', '2024-06-14');
    expect(history.splits).toEqual([{ day: '2024-06-10', numerator: 10, denominator: 1 }]);
    expect(history.dividends).toEqual([{ day: '2024-06-11', amount: '0.01' }]);
    const close = (day: string) => Number(history.closes.find((c) => c.day === day)?.close);
    // No tenfold jump across the split: Yahoo divided the earlier closes.
    expect(close('2024-06-10') / close('2024-06-07')).toBeGreaterThan(0.8);
    expect(close('2024-06-10') / close('2024-06-07')).toBeLessThan(1.25);
  });

  it('leaves out splits and dividends outside the range', async () => {
    const history = await quotes().history('NVDA', '2024-06-12', '2024-06-14');
    expect(history.splits).toEqual([]);
    expect(history.dividends).toEqual([]);
  });

  it('keeps London’s pence as GBp, for history and latest', async () => {
    expect((await quotes().history('AZN.L', '2025-03-10', '2025-03-14')).currency).toBe('GBp');
    const quote = await quotes().latest('AZN.L');
    expect(quote.currency).toBe('GBp');
    expect(Number(quote.price)).toBeGreaterThan(1000);
  });

  it.each([
    ['GBX', 'GBp'],
    ['ZAC', 'ZAc'],
    ['ILA', 'ILA'],
    ['GBp', 'GBp'],
    ['EUR', 'EUR'],
  ])('currency %s is kept as %s', async (sent, kept) => {
    const time = Date.parse('2024-03-04T15:00:00Z') / 1000;
    const http = answering(200, chartBody({ currency: sent }, [time], [1234.5]));
    expect((await over(http).history('X', '2024-03-04', '2024-03-04')).currency).toBe(kept);
  });

  it('skips null closes and keeps every other bar', async () => {
    const path = `/v8/finance/chart/SAP.DE?interval=1d&period1=${utcMidnight('2024-01-01') / 1000}&period2=${utcMidnight('2024-12-31') / 1000}`;
    const raw = (await (await fetch(`${market.url}${path}`)).json()).chart.result[0];
    const closes: (number | null)[] = raw.indicators.quote[0].close;
    const gaps = closes.filter((c) => c === null).length;
    expect(gaps).toBeGreaterThan(0);
    const history = await quotes().history('SAP.DE', '2024-01-01', '2024-12-30');
    expect(history.closes).toHaveLength(closes.length - gaps);
  });

  it('rounds away float32 noise: 188.5500030517578 is 188.55', async () => {
    const time = Date.parse('2024-03-04T15:00:00Z') / 1000;
    const http = answering(200, chartBody({}, [time, time + 86_400], [188.5500030517578, null]));
    const history = await over(http).history('X', '2024-03-01', '2024-03-08');
    expect(history.closes).toEqual([{ day: '2024-03-04', close: '188.55' }]);
  });

  it('a second bar on one day (today’s live one) replaces the first', async () => {
    const open = Date.parse('2024-03-04T14:30:00Z') / 1000;
    const http = answering(200, chartBody({}, [open, open + 3600], [10, 11]));
    const history = await over(http).history('X', '2024-03-04', '2024-03-04');
    expect(history.closes).toEqual([{ day: '2024-03-04', close: '11' }]);
  });
});

describe('Yahoo chart: latest', () => {
  it('is the regular market price and time, with the day’s non-null 5-minute points', async () => {
    const quote = await quotes().latest('AAPL');
    // 22:00 UTC on Friday 14 March 2025: the session closed at 16:00 EDT.
    expect(quote.time).toBe(Date.parse('2025-03-14T20:00:00Z'));
    expect(quote.day).toBe('2025-03-14');
    expect(quote.currency).toBe('USD');
    expect(quote.price).toMatch(DECIMAL);
    expect(quote.intraday.length).toBeGreaterThan(50);
    expect(quote.intraday.length).toBeLessThan(78);
    expect(quote.intraday.every((p) => p.price.match(DECIMAL))).toBe(true);
    const [request] = market.requests();
    expect(request.query).toEqual({ interval: '5m', range: '1d' });
  });
});

describe('Yahoo chart: errors', () => {
  it('a delisted symbol (404 with Yahoo’s envelope) is not-found', async () => {
    const error = await marketError(quotes().history('DELISTED.CO', '2025-01-02', '2025-03-14'));
    expect(error.kind).toBe('not-found');
    expect(error.message).toMatch(/delisted/);
  });

  it('a range before the listing existed (400 "Data doesn’t exist") is no-data', async () => {
    const error = await marketError(quotes().history('AAPL', '1990-01-02', '1990-02-01'));
    expect(error.kind).toBe('no-data');
  });

  it.each([
    ['an empty result', 'no-data', 200, { chart: { result: [], error: null } }],
    ['a null result without error', 'no-data', 200, { chart: { result: null, error: null } }],
    [
      'a result without bars',
      'no-data',
      200,
      {
        chart: {
          result: [{ meta: { currency: 'USD', exchangeTimezoneName: 'UTC' } }],
          error: null,
        },
      },
    ],
    [
      'Not Found in a 200 envelope',
      'not-found',
      200,
      { chart: { result: null, error: { code: 'Not Found', description: 'x' } } },
    ],
    ['a body that is not JSON', 'bad-response', 200, '<html>consent</html>'],
    [
      'a result without meta',
      'bad-response',
      200,
      { chart: { result: [{ timestamp: [1] }], error: null } },
    ],
    ['closes not matching timestamps', 'bad-response', 200, chartBody({}, [1, 2], [1])],
    [
      'another 400',
      'bad-response',
      400,
      { chart: { result: null, error: { code: 'Bad Request', description: 'Invalid input' } } },
    ],
    [
      'a 401 (cookie or crumb refused)',
      'unavailable',
      401,
      { finance: { error: { code: 'Unauthorized' } } },
    ],
    ['a 500', 'unavailable', 500, 'oops'],
    ['a 404 without the chart envelope', 'unavailable', 404, '<html>Not Found</html>'],
    [
      'a 404 with the envelope',
      'not-found',
      404,
      { chart: { result: null, error: { code: 'Not Found', description: 'No data found' } } },
    ],
  ])('%s is %s', async (_name, kind, status, body) => {
    const error = await marketError(
      over(answering(status, body)).history('X', '2024-03-01', '2024-03-08'),
    );
    expect(error.kind).toBe(kind);
  });

  it('refuses days that are no days, before asking', async () => {
    await expect(quotes().history('AAPL', '2025-02-30', '2025-03-01')).rejects.toThrow(RangeError);
    await expect(quotes().history('AAPL', '2025-03-01', '14/03/2025')).rejects.toThrow(RangeError);
    expect(market.requests()).toEqual([]);
  });

  it('an empty range (from after to) has no closes', async () => {
    const history = await quotes().history('AAPL', '2025-03-14', '2025-03-13');
    expect(history.closes).toEqual([]);
    expect(history.currency).toBe('USD');
  });

  it('a 429 is rate-limited with Retry-After, also as an HTTP date', async () => {
    const now = Date.parse('2025-03-14T12:00:00Z');
    const http = answering(429, 'Too Many Requests', {
      'retry-after': 'Fri, 14 Mar 2025 12:01:30 GMT',
    });
    const error = await marketError(
      yahooQuotes({ baseUrl: 'http://y.invalid', http, now: () => now }).latest('X'),
    );
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(90_000);
  });
});

describe('Yahoo search', () => {
  it('finds an ISIN’s listings with exchange names and MICs from the table, no currency', async () => {
    const found = await listings().byIsin('DK0062498333');
    expect(found).toEqual([
      {
        provider: 'yahoo',
        symbol: 'NOVO-B.CO',
        name: 'Novo Nordisk A/S',
        exchange: 'Copenhagen',
        mic: 'XCSE',
        kind: 'stock',
        isin: 'DK0062498333',
      },
      {
        provider: 'yahoo',
        symbol: 'NOVC.DE',
        name: 'Novo Nordisk A/S',
        exchange: 'Xetra',
        mic: 'XETR',
        kind: 'stock',
        isin: 'DK0062498333',
      },
    ]);
    const [request] = market.requests();
    expect(request.path).toBe('/v1/finance/search');
    expect(request.query).toEqual({ q: 'DK0062498333', quotesCount: '10', newsCount: '0' });
  });

  it('an ISIN Yahoo does not know gives no listings', async () => {
    expect(await listings().byIsin('DK0060005254')).toEqual([]);
  });

  it('drops indices, futures and currencies, keeps equities', async () => {
    const raw = await (await fetch(`${market.url}/v1/finance/search?q=nasdaq`)).json();
    expect(raw.quotes.map((q: { quoteType: string }) => q.quoteType).sort()).toEqual([
      'EQUITY',
      'FUTURE',
      'INDEX',
    ]);
    const found = await listings().search('nasdaq');
    expect(found.map((c) => c.symbol)).toEqual(['NDAQ']);
    expect(found[0]).toMatchObject({ exchange: 'NASDAQ', mic: 'XNAS', name: 'Nasdaq, Inc.' });
    expect(found[0].isin).toBeUndefined();
  });

  it('sends free text encoded: "S&P 500" is one query', async () => {
    const found = await listings().search('S&P 500');
    expect(found.map((c) => c.symbol)).toEqual(['SXR8.DE', 'CSPX.L']);
  });

  it('falls back to exchDisp for exchanges outside the table', async () => {
    const http = answering(200, {
      count: 1,
      quotes: [
        {
          symbol: '7203.T2',
          exchange: 'XYZ',
          exchDisp: 'Somewhere',
          quoteType: 'EQUITY',
          shortname: 'Short',
        },
      ],
    });
    const found = await yahooListings({ baseUrl: 'http://y.invalid', http }).search('x');
    expect(found).toEqual([
      { provider: 'yahoo', symbol: '7203.T2', name: 'Short', exchange: 'Somewhere', kind: 'stock' },
    ]);
  });
});
