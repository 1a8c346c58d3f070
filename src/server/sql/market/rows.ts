// Market data's records and how they map to and from their rows.
import type { Kysely, Selectable } from 'kysely';
import type { Day, DecimalText } from '../../../market/port';
import type { AssetClass } from '../../../domain/types';
import type { Database, ListingsTable, MarketSyncTable } from '../schema';

export interface ListingRecord {
  key: string;
  provider: string;
  symbol: string;
  name: string;
  exchange: string;
  mic: string | null;
  assetClass: AssetClass;
  /** Major units. */
  currency: string;
  quoteCurrency: string;
  timezone: string;
}

export interface SyncState {
  key: string;
  version: number;
  historyFrom: Day | null;
  lastAttempt: number | null;
  lastSuccess: number | null;
  quoteSuccess: number | null;
  errorsInRow: number;
  lastError: string | null;
  nextAttempt: number | null;
}

export interface StoredQuote {
  price: DecimalText;
  time: number;
  day: Day;
  intraday: { time: number; price: DecimalText }[];
}

export type StoredAction =
  | { kind: 'split'; day: Day; numerator: number; denominator: number }
  | { kind: 'dividend'; day: Day; amount: DecimalText };

export type SyncColumns = Partial<Omit<Selectable<MarketSyncTable>, 'key' | 'version'>>;

/** Sets the columns given and raises the version. */
export async function upsertSync(db: Kysely<Database>, key: string, columns: SyncColumns) {
  await db
    .insertInto('market_sync')
    .values({ key, ...columns, version: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        ...columns,
        version: eb('market_sync.version', '+', 1),
      })),
    )
    .execute();
}

/** A listing's columns, as saved. */
export const rowOf = (listing: ListingRecord) => ({
  key: listing.key,
  provider: listing.provider,
  symbol: listing.symbol,
  name: listing.name,
  exchange: listing.exchange,
  mic: listing.mic,
  asset_class: listing.assetClass,
  currency: listing.currency,
  quote_currency: listing.quoteCurrency,
  timezone: listing.timezone,
});

export const toListing = (row: Selectable<ListingsTable>): ListingRecord => ({
  key: row.key,
  provider: row.provider,
  symbol: row.symbol,
  name: row.name,
  exchange: row.exchange,
  mic: row.mic,
  assetClass: row.asset_class,
  currency: row.currency,
  quoteCurrency: row.quote_currency,
  timezone: row.timezone,
});

export const toSync = (row: Selectable<MarketSyncTable>): SyncState => ({
  key: row.key,
  version: row.version,
  historyFrom: row.history_from,
  lastAttempt: row.last_attempt,
  lastSuccess: row.last_success,
  quoteSuccess: row.quote_success,
  errorsInRow: row.errors_in_row,
  lastError: row.last_error,
  nextAttempt: row.next_attempt,
});

/** Rows per multi-row insert: far below both databases' limits on bound parameters. */
const INSERT_CHUNK = 300;

/** `write` of each slice of `rows` short enough for one multi-row insert, in order. */
export async function inChunks<T>(
  rows: readonly T[],
  write: (chunk: readonly T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK)
    await write(rows.slice(start, start + INSERT_CHUNK));
}
