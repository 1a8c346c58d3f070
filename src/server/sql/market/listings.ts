// Listings, the ISINs they were resolved from, and which of them are held.
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { rowOf, toListing, type ListingRecord } from './rows';

export interface ListingRows {
  listing(key: string): Promise<ListingRecord | undefined>;
  listings(keys: readonly string[]): Promise<ListingRecord[]>;
  saveListing(listing: ListingRecord): Promise<void>;
  /**
   * A listing an ISIN resolved to, with that ISIN: made when missing (its prices come once it is
   * held), else given the ISIN only, so what its history said stays.
   */
  saveResolved(listing: ListingRecord, isin: string): Promise<void>;
  /** The listing an ISIN was resolved to, if one was. */
  resolvedListing(isin: string): Promise<ListingRecord | undefined>;
  /** Every listing with the ISIN it was resolved from. */
  resolvedListings(): Promise<(ListingRecord & { isin: string })[]>;
  /** Listings some investment holds, or some user compares with (a benchmark). */
  heldListings(): Promise<string[]>;
  /** Instruments held without a listing, with the epoch ms of their first trade. */
  unlisted(): Promise<{ type: 'stock' | 'crypto'; code: string; firstTime: number }[]>;
  /** Epoch ms of the first trade of any investment holding the listing. */
  firstTrade(listing: string): Promise<number | undefined>;
  /** Points every investment of that instrument without a listing at `listing`. */
  link(type: 'stock' | 'crypto', code: string, listing: string): Promise<void>;
}

export function sqlListings(db: Kysely<Database>): ListingRows {
  return {
    async listing(key) {
      const row = await db
        .selectFrom('listings')
        .selectAll()
        .where('key', '=', key)
        .executeTakeFirst();
      return row && toListing(row);
    },

    async listings(keys) {
      if (keys.length === 0) return [];
      const rows = await db
        .selectFrom('listings')
        .selectAll()
        .where('key', 'in', [...new Set(keys)])
        .execute();
      return rows.map(toListing);
    },

    async saveListing(listing) {
      const row = rowOf(listing);
      await db
        .insertInto('listings')
        .values(row)
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            name: row.name,
            exchange: row.exchange,
            mic: row.mic,
            asset_class: row.asset_class,
            currency: row.currency,
            quote_currency: row.quote_currency,
            timezone: row.timezone,
          }),
        )
        .execute();
    },

    async saveResolved(listing, isin) {
      await db
        .insertInto('listings')
        .values({ ...rowOf(listing), isin })
        .onConflict((oc) => oc.column('key').doUpdateSet({ isin }))
        .execute();
    },

    async resolvedListing(isin) {
      const row = await db
        .selectFrom('listings')
        .selectAll()
        .where('isin', '=', isin)
        .orderBy('key')
        .executeTakeFirst();
      return row && toListing(row);
    },

    async resolvedListings() {
      const rows = await db
        .selectFrom('listings')
        .selectAll()
        .where('isin', 'is not', null)
        .orderBy('key')
        .execute();
      return rows.flatMap((row) => (row.isin ? [{ ...toListing(row), isin: row.isin }] : []));
    },

    async heldListings() {
      const rows = await db
        .selectFrom('investments')
        .select('listing')
        .where('listing', 'is not', null)
        .union(db.selectFrom('benchmarks').select('listing').where('listing', 'is not', null))
        .execute();
      return rows.flatMap((row) => (row.listing ? [row.listing] : []));
    },

    // The investments' ids first (a subquery), so the events are searched per investment on
    // their index: joined on the filter alone, SQLite scanned every user's events, holding the
    // event loop at each round, the first one beside a start's first requests (issue 37).
    async unlisted() {
      const rows = await db
        .selectFrom('investments')
        .innerJoin('events', 'events.investment_id', 'investments.id')
        .select(['investments.type', 'investments.code'])
        .select((eb) => eb.fn.min('events.time').as('first_time'))
        .where('investments.id', 'in', (eb) =>
          eb.selectFrom('investments').select('id').where('listing', 'is', null),
        )
        .groupBy(['investments.type', 'investments.code'])
        .execute();
      return rows.map((row) => ({
        type: row.type,
        code: row.code,
        firstTime: Number(row.first_time),
      }));
    },

    async firstTrade(listing) {
      const row = await db
        .selectFrom('events')
        .innerJoin('investments', 'investments.id', 'events.investment_id')
        .select((eb) => eb.fn.min('events.time').as('first'))
        .where('investments.listing', '=', listing)
        .executeTakeFirst();
      return row?.first == null ? undefined : Number(row.first);
    },

    async link(type, code, listing) {
      await db
        .updateTable('investments')
        .set((eb) => ({ listing, version: eb('version', '+', 1) }))
        .where('listing', 'is', null)
        .where('type', '=', type)
        .where('code', '=', code)
        .execute();
    },
  };
}
