// A quote's refresh under the listing's lock (src/server/market/sync.ts, `refreshQuote`): whether
// the provider is asked is judged from the state read under the lock, back-off included. A
// request's state, read before another's failure was saved, asked the provider once more within
// the back-off (CI on PostgreSQL counted 3 quote requests for 2).
import { describe, expect, it, vi } from 'vitest';
import type { ProviderQuote, QuoteProvider } from '../../../src/market/port';
import { marketSync } from '../../../src/server/market/sync';
import type { ListingRecord, PriceStore, SyncState } from '../../../src/server/sql/market';

const NOW = Date.UTC(2026, 11, 1, 12);
const MINUTE = 60_000;
const KEY = 'yahoo:AAA.CO';

const record: ListingRecord = {
  key: KEY,
  provider: 'yahoo',
  symbol: 'AAA.CO',
  name: 'AAA',
  exchange: 'CPH',
  mic: null,
  assetClass: 'stock',
  currency: 'DKK',
  quoteCurrency: 'DKK',
  timezone: 'Europe/Copenhagen',
};

/** The quote an hour old, no failure: due for a refresh. */
const stale: SyncState = {
  key: KEY,
  version: 3,
  historyFrom: '2024-01-02',
  lastAttempt: NOW - 60 * MINUTE,
  lastSuccess: NOW - 60 * MINUTE,
  quoteSuccess: NOW - 60 * MINUTE,
  errorsInRow: 0,
  lastError: null,
  nextAttempt: null,
};

/** The same after another request's failure: not to be asked again for a minute. */
const backingOff: SyncState = {
  ...stale,
  version: 4,
  lastAttempt: NOW - 1_000,
  errorsInRow: 1,
  lastError: 'HTTP 503',
  nextAttempt: NOW + MINUTE,
};

const quote: ProviderQuote = {
  price: '101.5',
  currency: 'DKK',
  time: NOW - MINUTE,
  day: '2026-12-01',
  intraday: [],
};

/**
 * The market's sync over a store whose state reads give `states` in turn (the caller's, then the
 * one under the lock), and the provider's quote requests.
 */
function syncOver(states: SyncState[]) {
  const latest = vi.fn((_symbol: string) => Promise.resolve(quote));
  const yahoo: QuoteProvider = {
    id: 'yahoo',
    history: () => Promise.reject(new Error('no history here')),
    latest,
  };
  const saveQuote = vi.fn(() => Promise.resolve());
  const prices = {
    listing: () => Promise.resolve(record),
    syncStates: () => Promise.resolve(new Map([[KEY, states.shift() ?? backingOff]])),
    whileLocked: <T>(_key: string, work: () => Promise<T>) => work(),
    saveQuote,
    saveFailure: () => Promise.resolve(),
  };
  const sync = marketSync({
    // Only what a quote's refresh reads and writes.
    prices: prices as unknown as PriceStore,
    quotes: { yahoo, coingecko: { ...yahoo, id: 'coingecko' } },
    fx: { rates: () => Promise.resolve([]) },
    now: () => NOW,
    quoteTtlMs: 15 * MINUTE,
    candidates: new Map(),
    resolve: () => Promise.reject(new Error('nothing to resolve')),
    wanted: new Map(),
  });
  return { sync, latest, saveQuote };
}

describe("a quote's refresh", () => {
  it('asks the provider for a quote past its age, and keeps it', async () => {
    const { sync, latest, saveQuote } = syncOver([stale, stale]);
    await sync.refreshQuote(KEY);
    expect(latest.mock.calls).toEqual([['AAA.CO']]);
    expect(saveQuote).toHaveBeenCalledTimes(1);
  });

  it('does not ask within a back-off saved after the caller read its state', async () => {
    const { sync, latest, saveQuote } = syncOver([stale, backingOff]);
    await sync.refreshQuote(KEY);
    expect(latest).not.toHaveBeenCalled();
    expect(saveQuote).not.toHaveBeenCalled();
  });
});
