// Market data over SQL (migrations 0003, 0010), one part per job: listings with the ISIN they
// were resolved from; a listing's closes, latest quote, splits and dividends; the ECB's rates;
// each key's sync state. Every write of a listing's prices (or of the rates, key `fx`) raises
// its version in market_sync, in the same transaction, so every server process sees when what it
// keeps in memory is stale, and the market's clock (./clock.ts) with any write of market_sync.
import type { Kysely } from 'kysely';
import type { Database, SqlDialect } from '../schema';
import { changing, marketClockOf } from './clock';
import { sqlListings, type ListingRows } from './listings';
import { sqlPrices, type PriceRows } from './prices';
import { sqlRates, type RateRows } from './rates';
import { sqlSync, type SyncRows } from './sync';

export type { ListingRecord, StoredAction, StoredQuote, SyncState } from './rows';
export type { ListingRows, PriceRows, RateRows, SyncRows };
export { FX_KEY } from './rates';

export type PriceStore = ListingRows & PriceRows & RateRows & SyncRows;

export function priceStore(db: Kysely<Database>, dialect: SqlDialect): PriceStore {
  const store = { ...sqlListings(db), ...sqlPrices(db), ...sqlRates(db), ...sqlSync(db, dialect) };
  // The writes of `market_sync`: once one ends, the states kept under the clock are not trusted.
  const clock = marketClockOf(db);
  return {
    ...store,
    saveHistory: (...args) => changing(clock, () => store.saveHistory(...args)),
    saveQuote: (...args) => changing(clock, () => store.saveQuote(...args)),
    saveRates: (...args) => changing(clock, () => store.saveRates(...args)),
    saveFailure: (...args) => changing(clock, () => store.saveFailure(...args)),
  };
}
