// The contract every QuoteProvider adapter keeps, run over the fake market through the server's
// real guarded HTTP client: what a caller may rely on, whatever the provider.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  MarketDataError,
  type Day,
  type HttpClient,
  type QuoteProvider,
} from '../../src/market/port';
import { guardedHttp, type GuardedHttpOptions } from '../../src/server/market/http';
import { isDay } from '../../src/market/zoned-time';
import { startFakeMarket, type FakeMarket, type FakeProvider } from '../fake-market/server';

/** The fixed clock of these suites: Friday 14 March 2025, 22:00 UTC (after every close). */
export const NOW = Date.parse('2025-03-14T22:00:00Z');
export const TODAY: Day = '2025-03-14';

export const DECIMAL = /^\d+(\.\d+)?$/;

/** The MarketDataError a promise rejects with; fails the test when it resolves or throws else. */
export async function marketError(promise: Promise<unknown>): Promise<MarketDataError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MarketDataError) return error;
    throw error;
  }
  throw new Error('expected a MarketDataError, got an answer');
}

/** A fresh guarded client (its own breaker and throttle), fast enough for tests; its deadline is
 * far beyond a local answer on a busy machine (the ECB file once took over 5 s under load). */
export function client(name: string, overrides: Partial<GuardedHttpOptions> = {}): HttpClient {
  return guardedHttp({
    name,
    requestsPerMinute: 60_000,
    timeoutMs: 30_000,
    now: () => NOW,
    ...overrides,
  });
}

export interface ContractSubject {
  /** The fake market's service behind this adapter, for its failure modes. */
  service: FakeProvider;
  make(baseUrl: string, http: HttpClient): QuoteProvider;
  /** Symbols with data in the range. */
  symbols: string[];
  /** A symbol the provider does not know. */
  unknown: string;
  from: Day;
  to: Day;
}

export function describeQuoteProviderContract(name: string, subject: ContractSubject): void {
  describe(`${name} keeps the quote-provider contract`, () => {
    let market: FakeMarket;
    const provider = (overrides: Partial<GuardedHttpOptions> = {}) =>
      subject.make(market.url, client(name, overrides));

    beforeAll(async () => {
      market = await startFakeMarket({ now: () => NOW });
    });
    afterEach(() => market.reset());
    afterAll(() => market.close());

    it.each(subject.symbols)(
      '%s: daily closes ascending, one per day, within the range',
      async (symbol) => {
        const history = await provider().history(symbol, subject.from, subject.to);
        expect(history.closes.length).toBeGreaterThan(0);
        const days = history.closes.map((c) => c.day);
        expect(days.every(isDay)).toBe(true);
        expect(days).toEqual([...new Set(days)].sort());
        expect(days[0] >= subject.from && days[days.length - 1] <= subject.to).toBe(true);
        for (const close of history.closes) expect(close.close).toMatch(DECIMAL);
        expect(history.currency).not.toBe('');
        expect(history.timezone).not.toBe('');
        for (const dividend of history.dividends) expect(dividend.amount).toMatch(DECIMAL);
      },
    );

    it.each(subject.symbols)(
      '%s: the latest price has a decimal, a currency and a day',
      async (symbol) => {
        const quote = await provider().latest(symbol);
        expect(quote.price).toMatch(DECIMAL);
        expect(quote.currency).not.toBe('');
        expect(isDay(quote.day)).toBe(true);
        expect(quote.day <= TODAY).toBe(true);
        expect(Number.isFinite(quote.time)).toBe(true);
        const times = quote.intraday.map((point) => point.time);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        for (const point of quote.intraday) expect(point.price).toMatch(DECIMAL);
      },
    );

    it('an unknown symbol is not-found, for history and latest', async () => {
      const p = provider();
      expect((await marketError(p.history(subject.unknown, subject.from, subject.to))).kind).toBe(
        'not-found',
      );
      expect((await marketError(p.latest(subject.unknown))).kind).toBe('not-found');
    });

    it('a 429 is rate-limited, with Retry-After in ms', async () => {
      market.setMode(subject.service, '429');
      const error = await marketError(provider().latest(subject.symbols[0]));
      expect(error.kind).toBe('rate-limited');
      expect(error.retryAfterMs).toBe(30_000);
    });

    it('a 503 is unavailable', async () => {
      market.setMode(subject.service, '503');
      const error = await marketError(
        provider().history(subject.symbols[0], subject.from, subject.to),
      );
      expect(error.kind).toBe('unavailable');
    });

    it('no answer within the timeout is unavailable', async () => {
      market.setMode(subject.service, 'hang');
      const error = await marketError(provider({ timeoutMs: 300 }).latest(subject.symbols[0]));
      expect(error.kind).toBe('unavailable');
    });

    it('after repeated failures the breaker opens and no request reaches the provider', async () => {
      market.setMode(subject.service, '503');
      const p = provider({ failuresToOpen: 5 });
      for (let i = 0; i < 5; i++) {
        expect((await marketError(p.latest(subject.symbols[0]))).kind).toBe('unavailable');
      }
      expect(market.requests()).toHaveLength(5);
      market.setMode(subject.service, 'ok');
      const error = await marketError(p.latest(subject.symbols[0]));
      expect(error.kind).toBe('unavailable');
      expect(error.message).toMatch(/circuit open/);
      expect(market.requests()).toHaveLength(5);
    });
  });
}
