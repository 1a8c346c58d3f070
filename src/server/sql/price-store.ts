// Market data over SQL (migrations 0003, 0010): listings with the ISIN they were resolved from,
// unadjusted closes, latest quotes with the day's points, splits and dividends, ECB rates, and
// each listing's sync state. Every write of a listing's prices (or of the rates, key `fx`) raises
// its version in market_sync, in the same transaction, so every server process sees when what it
// keeps in memory is stale.
import type { Kysely } from 'kysely';
import type { Day, EuroRate } from '../../market/port';
import type { StoredClose } from '../../market/ingest';
import {
  closeSeries,
  decodeCloseSeries,
  encodeCloseSeries,
  type CloseSeries,
} from '../../market/close-series';
import { withAdvisoryLock } from './advisory-lock';
import { IN_LIST_CHUNK } from './store/context';
import {
  rowOf,
  toListing,
  toSync,
  upsertSync,
  type ListingRecord,
  type StoredAction,
  type StoredQuote,
  type SyncState,
} from './market-rows';
import { CompiledOnce } from './compiled-once';
import type { Database, SqlDialect } from './schema';

export type { ListingRecord, StoredAction, StoredQuote, SyncState } from './market-rows';

export const FX_KEY = 'fx';

/** Rows per multi-row insert: far below both databases' limits on bound parameters. */
const INSERT_CHUNK = 300;

export class PriceStore {
  private readonly queries: CompiledOnce<Database>;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: SqlDialect,
  ) {
    this.queries = new CompiledOnce(db);
  }

  async listing(key: string): Promise<ListingRecord | undefined> {
    const row = await this.db
      .selectFrom('listings')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    return row && toListing(row);
  }

  async listings(keys: readonly string[]): Promise<ListingRecord[]> {
    if (keys.length === 0) return [];
    const rows = await this.db
      .selectFrom('listings')
      .selectAll()
      .where('key', 'in', [...new Set(keys)])
      .execute();
    return rows.map(toListing);
  }

  async saveListing(listing: ListingRecord): Promise<void> {
    const row = rowOf(listing);
    await this.db
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
  }

  /**
   * A listing an ISIN resolved to, with that ISIN: made when missing (its prices come once it is
   * held), else given the ISIN only, so what its history said stays.
   */
  async saveResolved(listing: ListingRecord, isin: string): Promise<void> {
    await this.db
      .insertInto('listings')
      .values({ ...rowOf(listing), isin })
      .onConflict((oc) => oc.column('key').doUpdateSet({ isin }))
      .execute();
  }

  /** The listing an ISIN was resolved to, if one was. */
  async resolvedListing(isin: string): Promise<ListingRecord | undefined> {
    const row = await this.db
      .selectFrom('listings')
      .selectAll()
      .where('isin', '=', isin)
      .orderBy('key')
      .executeTakeFirst();
    return row && toListing(row);
  }

  /** Every listing with the ISIN it was resolved from. */
  async resolvedListings(): Promise<(ListingRecord & { isin: string })[]> {
    const rows = await this.db
      .selectFrom('listings')
      .selectAll()
      .where('isin', 'is not', null)
      .orderBy('key')
      .execute();
    return rows.flatMap((row) => (row.isin ? [{ ...toListing(row), isin: row.isin }] : []));
  }

  /** Listings some investment holds, or some user compares with (a benchmark). */
  async heldListings(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('investments')
      .select('listing')
      .where('listing', 'is not', null)
      .union(this.db.selectFrom('benchmarks').select('listing').where('listing', 'is not', null))
      .execute();
    return rows.flatMap((row) => (row.listing ? [row.listing] : []));
  }

  /**
   * Instruments held without a listing, with the day of their first trade. Their ids first (a
   * subquery), so the events are searched per investment on their index: joined on the filter
   * alone, SQLite scanned every user's events, holding the event loop at each round, the first
   * one beside a start's first requests (30–40 ms at 20k events; issue 37).
   */
  async unlisted(): Promise<{ type: 'stock' | 'crypto'; code: string; firstTime: number }[]> {
    const rows = await this.db
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
  }

  /** Epoch ms of the first trade of any investment holding the listing. */
  async firstTrade(listing: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('events')
      .innerJoin('investments', 'investments.id', 'events.investment_id')
      .select((eb) => eb.fn.min('events.time').as('first'))
      .where('investments.listing', '=', listing)
      .executeTakeFirst();
    return row?.first == null ? undefined : Number(row.first);
  }

  /** Points every investment of that instrument without a listing at `listing`. */
  async link(type: 'stock' | 'crypto', code: string, listing: string): Promise<void> {
    await this.db
      .updateTable('investments')
      .set((eb) => ({ listing, version: eb('version', '+', 1) }))
      .where('listing', 'is', null)
      .where('type', '=', type)
      .where('code', '=', code)
      .execute();
  }

  /** The sync state of each key that has one. */
  async syncStates(keys: readonly string[]): Promise<Map<string, SyncState>> {
    if (keys.length === 0) return new Map();
    // Every valuation asks for its listings' states: compiled once per count of keys.
    const rows = await this.queries.rows('syncStates', [...new Set(keys)], (values) =>
      this.db.selectFrom('market_sync').selectAll().where('key', 'in', values.map(String)),
    );
    return new Map(rows.map((row) => [row.key, toSync(row)]));
  }

  closes(key: string): Promise<StoredClose[]> {
    return closesOf(this.db, key);
  }

  /** The closes as numbers: the listing's series (one row), else from its closes' rows. */
  async closeSeries(key: string): Promise<CloseSeries> {
    const row = await this.db
      .selectFrom('close_series')
      .select('data')
      .where('listing', '=', key)
      .executeTakeFirst();
    return (row && decodeCloseSeries(row.data)) ?? closeSeries(await this.closes(key));
  }

  /**
   * The close series of each key (one query for all); a key without one has its closes' rows
   * read, as `closeSeries` does.
   */
  async closeSeriesOf(keys: readonly string[]): Promise<Map<string, CloseSeries>> {
    const found = new Map<string, CloseSeries>();
    for (const chunk of chunks(keys)) {
      const rows = await this.db
        .selectFrom('close_series')
        .select(['listing', 'data'])
        .where('listing', 'in', chunk)
        .execute();
      for (const row of rows) {
        const series = decodeCloseSeries(row.data);
        if (series) found.set(row.listing, series);
      }
    }
    for (const key of new Set(keys))
      if (!found.has(key)) found.set(key, closeSeries(await this.closes(key)));
    return found;
  }

  /** The latest quote of each key that has one, with the day's points (two queries for all). */
  async quotes(keys: readonly string[]): Promise<Map<string, StoredQuote>> {
    const found = new Map<string, StoredQuote>();
    for (const chunk of chunks(keys)) {
      const [rows, points] = await Promise.all([
        this.db.selectFrom('latest_quotes').selectAll().where('listing', 'in', chunk).execute(),
        this.db
          .selectFrom('intraday_prices')
          .select(['listing', 'time', 'price'])
          .where('listing', 'in', chunk)
          .orderBy('listing')
          .orderBy('time')
          .execute(),
      ]);
      for (const row of rows)
        found.set(row.listing, {
          price: String(row.price),
          time: row.time,
          day: row.day,
          intraday: [],
        });
      for (const point of points)
        found.get(point.listing)?.intraday.push({ time: point.time, price: String(point.price) });
    }
    return found;
  }

  async quote(key: string): Promise<StoredQuote | undefined> {
    const row = await this.db
      .selectFrom('latest_quotes')
      .selectAll()
      .where('listing', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    const points = await this.db
      .selectFrom('intraday_prices')
      .select(['time', 'price'])
      .where('listing', '=', key)
      .orderBy('time')
      .execute();
    return {
      price: String(row.price),
      time: row.time,
      day: row.day,
      intraday: points.map((p) => ({ time: p.time, price: String(p.price) })),
    };
  }

  async actions(key: string): Promise<StoredAction[]> {
    const rows = await this.db
      .selectFrom('corporate_actions')
      .selectAll()
      .where('listing', '=', key)
      .orderBy('day')
      .execute();
    return rows.flatMap((row): StoredAction[] => {
      if (row.kind === 'split' && row.numerator !== null && row.denominator !== null)
        return [
          { kind: 'split', day: row.day, numerator: row.numerator, denominator: row.denominator },
        ];
      if (row.kind === 'dividend' && row.amount !== null)
        return [{ kind: 'dividend', day: row.day, amount: String(row.amount) }];
      return [];
    });
  }

  /** Closes (replacing those of the same days) and actions, with a success and a new version. */
  saveHistory(
    key: string,
    closes: readonly StoredClose[],
    actions: readonly StoredAction[],
    historyFrom: Day,
    time: number,
  ): Promise<void> {
    return this.db.transaction().execute(async (db) => {
      for (let start = 0; start < closes.length; start += INSERT_CHUNK) {
        await db
          .insertInto('daily_closes')
          .values(
            closes
              .slice(start, start + INSERT_CHUNK)
              .map((c) => ({ listing: key, day: c.day, close: c.close })),
          )
          .onConflict((oc) =>
            oc
              .columns(['listing', 'day'])
              .doUpdateSet((eb) => ({ close: eb.ref('excluded.close') })),
          )
          .execute();
      }
      for (const action of actions) {
        await db
          .insertInto('corporate_actions')
          .values({
            listing: key,
            day: action.day,
            kind: action.kind,
            numerator: action.kind === 'split' ? action.numerator : null,
            denominator: action.kind === 'split' ? action.denominator : null,
            amount: action.kind === 'dividend' ? action.amount : null,
          })
          .onConflict((oc) => oc.columns(['listing', 'day', 'kind']).doNothing())
          .execute();
      }
      // The series of every close now stored, in the same transaction: always the rows' own.
      const data = encodeCloseSeries(closeSeries(await closesOf(db, key)));
      const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await db
        .insertInto('close_series')
        .values({ listing: key, data: bytes })
        .onConflict((oc) => oc.column('listing').doUpdateSet({ data: bytes }))
        .execute();
      // The earliest day loaded stays: a later, shorter refresh does not forget older history.
      const kept = await db
        .selectFrom('market_sync')
        .select('history_from')
        .where('key', '=', key)
        .executeTakeFirst();
      const from = kept?.history_from;
      await upsertSync(db, key, {
        history_from: from && from < historyFrom ? from : historyFrom,
        last_attempt: time,
        last_success: time,
        errors_in_row: 0,
        last_error: null,
        next_attempt: null,
      });
    });
  }

  saveQuote(key: string, quote: StoredQuote, time: number): Promise<void> {
    return this.db.transaction().execute(async (db) => {
      await db
        .insertInto('latest_quotes')
        .values({ listing: key, price: quote.price, time: quote.time, day: quote.day })
        .onConflict((oc) =>
          oc
            .column('listing')
            .doUpdateSet({ price: quote.price, time: quote.time, day: quote.day }),
        )
        .execute();
      await db.deleteFrom('intraday_prices').where('listing', '=', key).execute();
      for (let start = 0; start < quote.intraday.length; start += INSERT_CHUNK) {
        await db
          .insertInto('intraday_prices')
          .values(
            quote.intraday
              .slice(start, start + INSERT_CHUNK)
              .map((p) => ({ listing: key, time: p.time, price: p.price })),
          )
          .onConflict((oc) => oc.columns(['listing', 'time']).doNothing())
          .execute();
      }
      await upsertSync(db, key, {
        quote_success: time,
        last_attempt: time,
        errors_in_row: 0,
        last_error: null,
        next_attempt: null,
      });
    });
  }

  /** A failed attempt: counted, with when to try again. */
  async saveFailure(key: string, error: string, time: number, nextAttempt: number): Promise<void> {
    await this.db
      .insertInto('market_sync')
      .values({
        key,
        last_attempt: time,
        errors_in_row: 1,
        last_error: error,
        next_attempt: nextAttempt,
      })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet((eb) => ({
          last_attempt: time,
          errors_in_row: eb('market_sync.errors_in_row', '+', 1),
          last_error: error,
          next_attempt: nextAttempt,
        })),
      )
      .execute();
  }

  /** Rates of the currencies asked for, oldest first. */
  async euroRates(currencies: readonly string[]): Promise<EuroRate[]> {
    if (currencies.length === 0) return [];
    const rows = await this.db
      .selectFrom('fx_rates')
      .selectAll()
      .where('currency', 'in', [...new Set(currencies)])
      .orderBy('currency')
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      currency: row.currency,
      day: row.day,
      perEuro: String(row.per_euro),
    }));
  }

  /** The last day with rates, or undefined when none are kept. */
  async lastRateDay(): Promise<Day | undefined> {
    const row = await this.db
      .selectFrom('fx_rates')
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst();
    return row?.day ?? undefined;
  }

  saveRates(rates: readonly EuroRate[], time: number): Promise<void> {
    return this.db.transaction().execute(async (db) => {
      for (let start = 0; start < rates.length; start += INSERT_CHUNK) {
        await db
          .insertInto('fx_rates')
          .values(
            rates
              .slice(start, start + INSERT_CHUNK)
              .map((r) => ({ currency: r.currency, day: r.day, per_euro: r.perEuro })),
          )
          .onConflict((oc) =>
            oc
              .columns(['currency', 'day'])
              .doUpdateSet((eb) => ({ per_euro: eb.ref('excluded.per_euro') })),
          )
          .execute();
      }
      await upsertSync(db, FX_KEY, {
        last_attempt: time,
        last_success: time,
        errors_in_row: 0,
        last_error: null,
        next_attempt: null,
      });
    });
  }

  /** A refresh of `key` by one process at a time (see `withAdvisoryLock`). */
  whileLocked<T>(key: string, work: () => Promise<T>, waitMs = 0): Promise<T | undefined> {
    return withAdvisoryLock(this.db, this.dialect, key, work, waitMs);
  }
}

/** Distinct keys in lists short enough for any database's bound parameters. */
function chunks(keys: readonly string[]): string[][] {
  const distinct = [...new Set(keys)];
  const lists: string[][] = [];
  for (let start = 0; start < distinct.length; start += IN_LIST_CHUNK)
    lists.push(distinct.slice(start, start + IN_LIST_CHUNK));
  return lists;
}

async function closesOf(db: Kysely<Database>, key: string): Promise<StoredClose[]> {
  const rows = await db
    .selectFrom('daily_closes')
    .select(['day', 'close'])
    .where('listing', '=', key)
    .orderBy('day')
    .execute();
  return rows.map((row) => ({ day: row.day, close: String(row.close) }));
}
