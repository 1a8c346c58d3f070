// A database's market for the kept answers' tests (issue 37): listings in three time zones and a
// coin, made-up closes and euro rates, each key's sync version, and the live market's snapshot
// over them; and a database's rows of kept answers.
import type { Market } from '../../../src/contract/market/market';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import type { KeptAnswerRow, KeptAnswerStore } from '../../../src/contract/store/kept-answers';
import { closeSeries } from '../../../src/market/close-series';
import type { StoredClose } from '../../../src/market/ingest';
import type { EuroRate } from '../../../src/market/port';
import { utcDay } from '../../../src/market/zoned-time';
import { storedSnapshots } from '../../../src/server/market/stored-snapshot';
import type { MarketSync } from '../../../src/server/market/sync';
import type {
  ListingRecord,
  PriceStore,
  StoredQuote,
  SyncState,
} from '../../../src/server/sql/market';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
/** Monday 2 March 2026, 00:00 UTC. */
export const BASE = Date.UTC(2026, 2, 2);
export const FX = 'fx';

const record = (
  key: string,
  symbol: string,
  currency: string,
  timezone: string,
  provider = 'yahoo',
): ListingRecord => ({
  key,
  provider,
  symbol,
  name: symbol,
  exchange: '',
  mic: null,
  assetClass: provider === 'coingecko' ? 'crypto' : 'stock',
  currency,
  quoteCurrency: currency,
  timezone,
});

export const LISTINGS = [
  record('yahoo:AAA.CO', 'AAA.CO', 'DKK', 'Europe/Copenhagen'),
  record('yahoo:BBB', 'BBB', 'USD', 'America/New_York'),
  record('coingecko:coin', 'coin', 'EUR', 'UTC', 'coingecko'),
  record('yahoo:IWDA.AS', 'IWDA.AS', 'EUR', 'Europe/Amsterdam'),
];
export const BENCHMARK = LISTINGS[3];

/** Made-up numbers, the same each run: a price as decimal text with up to 3 decimals. */
function walk(seed: number) {
  let value = 100 + seed * 37;
  let state = seed * 7919 + 1;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    value = Math.max(1, value * (1 + ((state / 2_147_483_648) * 2 - 1) * 0.03));
    return value.toFixed(3);
  };
}

const weekday = (day: number) => new Date(day * DAY).getUTCDay() % 6 !== 0;
const DAYS = Array.from({ length: 480 }, (_, i) => BASE / DAY - 420 + i);

/** What the database holds of the market: each key's version, the closes, quotes and rates. */
export class StoredMarket {
  readonly versions = new Map<string, number>();
  readonly closes = new Map<string, StoredClose[]>();
  readonly quotes = new Map<string, StoredQuote>();
  rates: EuroRate[] = [];

  constructor() {
    LISTINGS.forEach((listing, index) => {
      const next = walk(index + 1);
      const crypto = listing.provider === 'coingecko';
      // Closes to 60 days ahead: they come into force at their closing instants as time goes on.
      this.closes.set(
        listing.key,
        DAYS.filter((day) => crypto || weekday(day)).map((day) => ({
          day: utcDay(day * DAY),
          close: next(),
        })),
      );
      this.versions.set(listing.key, 1);
    });
    const next = walk(9);
    for (const day of DAYS.filter(weekday))
      for (const [currency, level] of [
        ['DKK', 7.46],
        ['USD', 1.08],
        ['SEK', 11.2],
        ['NOK', 11.6],
        ['GBP', 0.86],
      ] as const)
        this.rates.push({
          day: utcDay(day * DAY),
          currency,
          perEuro: (level * (0.99 + Number(next()) / 1e5)).toFixed(4),
        });
    this.versions.set(FX, 1);
  }

  bump(key: string): void {
    this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
  }

  state(key: string): SyncState {
    return {
      key,
      version: this.versions.get(key) ?? 0,
      historyFrom: '2000-01-01',
      lastAttempt: 1,
      lastSuccess: 1,
      quoteSuccess: 1,
      errorsInRow: 0,
      lastError: null,
      nextAttempt: null,
    };
  }

  /** The live market's snapshot over these stored prices (a fresh one: nothing read yet). */
  market(): Market {
    const states = (keys: readonly string[]) =>
      Promise.resolve(new Map(keys.map((key) => [key, this.state(key)])));
    const prices = {
      syncStates: states,
      currentStates: states,
      listings: (keys: readonly string[]) =>
        Promise.resolve(LISTINGS.filter((l) => keys.includes(l.key))),
      closeSeriesOf: (keys: readonly string[]) =>
        Promise.resolve(new Map(keys.map((key) => [key, closeSeries(this.closes.get(key) ?? [])]))),
      quotes: (keys: readonly string[]) =>
        Promise.resolve(new Map(keys.flatMap((key) => this.quoteOf(key)))),
      euroRates: (currencies: readonly string[]) =>
        Promise.resolve(this.rates.filter((rate) => currencies.includes(rate.currency))),
    };
    const sync = {
      singleFlight: (_key: string, work: () => Promise<void>) => work(),
      refreshRates: () => Promise.resolve(),
      refreshQuote: () => Promise.resolve(),
      due: () => false,
      quoteDue: () => false,
      closedNow: () => true,
    };
    // The fakes hold only what a snapshot reads of the price store and the sync.
    const snapshots = storedSnapshots(
      prices as unknown as PriceStore,
      sync as unknown as MarketSync,
    );
    return { ...syntheticMarket(), snapshot: snapshots.snapshot, facts: snapshots.facts };
  }

  private quoteOf(key: string): [string, StoredQuote][] {
    const quote = this.quotes.get(key);
    return quote ? [[key, quote]] : [];
  }
}

/** A database's rows of kept answers, and the versions it fingerprints them with. */
export function keptRows(
  stored: StoredMarket,
): KeptAnswerStore & { rows: Map<string, KeptAnswerRow> } {
  const rows = new Map<string, KeptAnswerRow>();
  return {
    rows,
    keptAnswer: (userId, key) => Promise.resolve(rows.get(`${userId} ${key}`)),
    keepAnswer: (row) => {
      rows.set(`${row.userId} ${row.key}`, { ...row });
      return Promise.resolve();
    },
    marketVersions: (keys) =>
      Promise.resolve(new Map(keys.map((key) => [key, stored.versions.get(key) ?? 0]))),
  };
}
