// A listing's prices: unadjusted closes (and their series, one row), the latest quote with the
// day's points, splits and dividends. Each write raises the listing's sync version.
import type { Kysely } from 'kysely';
import type { Day } from '../../../market/port';
import type { StoredClose } from '../../../market/ingest';
import {
  closeSeries,
  decodeCloseSeries,
  encodeCloseSeries,
  type CloseSeries,
} from '../../../market/close-series';
import { IN_LIST_CHUNK } from '../store/context';
import type { Database } from '../schema';
import { inChunks, upsertSync, type StoredAction, type StoredQuote } from './rows';

export interface PriceRows {
  closes(key: string): Promise<StoredClose[]>;
  /** The closes as numbers: the listing's series (one row), else from its closes' rows. */
  closeSeries(key: string): Promise<CloseSeries>;
  /**
   * The close series of each key (one query for all); a key without one has its closes' rows
   * read, as `closeSeries` does.
   */
  closeSeriesOf(keys: readonly string[]): Promise<Map<string, CloseSeries>>;
  /** The latest quote of each key that has one, with the day's points (two queries for all). */
  quotes(keys: readonly string[]): Promise<Map<string, StoredQuote>>;
  quote(key: string): Promise<StoredQuote | undefined>;
  actions(key: string): Promise<StoredAction[]>;
  /** Closes (replacing those of the same days) and actions, with a success and a new version. */
  saveHistory(
    key: string,
    closes: readonly StoredClose[],
    actions: readonly StoredAction[],
    historyFrom: Day,
    time: number,
  ): Promise<void>;
  saveQuote(key: string, quote: StoredQuote, time: number): Promise<void>;
}

export function sqlPrices(db: Kysely<Database>): PriceRows {
  return {
    closes(key) {
      return closesOf(db, key);
    },

    async closeSeries(key) {
      const row = await db
        .selectFrom('close_series')
        .select('data')
        .where('listing', '=', key)
        .executeTakeFirst();
      return (row && decodeCloseSeries(row.data)) ?? closeSeries(await this.closes(key));
    },

    async closeSeriesOf(keys) {
      const found = new Map<string, CloseSeries>();
      for (const chunk of chunks(keys)) {
        const rows = await db
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
    },

    async quotes(keys) {
      const found = new Map<string, StoredQuote>();
      for (const chunk of chunks(keys)) {
        const [rows, points] = await Promise.all([
          db.selectFrom('latest_quotes').selectAll().where('listing', 'in', chunk).execute(),
          db
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
    },

    async quote(key) {
      const row = await db
        .selectFrom('latest_quotes')
        .selectAll()
        .where('listing', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      const points = await db
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
    },

    async actions(key) {
      const rows = await db
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
    },

    saveHistory(key, closes, actions, historyFrom, time) {
      return db.transaction().execute(async (tx) => {
        await inChunks(closes, (chunk) =>
          tx
            .insertInto('daily_closes')
            .values(chunk.map((c) => ({ listing: key, day: c.day, close: c.close })))
            .onConflict((oc) =>
              oc
                .columns(['listing', 'day'])
                .doUpdateSet((eb) => ({ close: eb.ref('excluded.close') })),
            )
            .execute(),
        );
        for (const action of actions) {
          await tx
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
        const data = encodeCloseSeries(closeSeries(await closesOf(tx, key)));
        const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
        await tx
          .insertInto('close_series')
          .values({ listing: key, data: bytes })
          .onConflict((oc) => oc.column('listing').doUpdateSet({ data: bytes }))
          .execute();
        // The earliest day loaded stays: a later, shorter refresh does not forget older history.
        const kept = await tx
          .selectFrom('market_sync')
          .select('history_from')
          .where('key', '=', key)
          .executeTakeFirst();
        const from = kept?.history_from;
        await upsertSync(tx, key, {
          history_from: from && from < historyFrom ? from : historyFrom,
          last_attempt: time,
          last_success: time,
          errors_in_row: 0,
          last_error: null,
          next_attempt: null,
        });
      });
    },

    saveQuote(key, quote, time) {
      return db.transaction().execute(async (tx) => {
        await tx
          .insertInto('latest_quotes')
          .values({ listing: key, price: quote.price, time: quote.time, day: quote.day })
          .onConflict((oc) =>
            oc
              .column('listing')
              .doUpdateSet({ price: quote.price, time: quote.time, day: quote.day }),
          )
          .execute();
        await tx.deleteFrom('intraday_prices').where('listing', '=', key).execute();
        await inChunks(quote.intraday, (chunk) =>
          tx
            .insertInto('intraday_prices')
            .values(chunk.map((p) => ({ listing: key, time: p.time, price: p.price })))
            .onConflict((oc) => oc.columns(['listing', 'time']).doNothing())
            .execute(),
        );
        await upsertSync(tx, key, {
          quote_success: time,
          last_attempt: time,
          errors_in_row: 0,
          last_error: null,
          next_attempt: null,
        });
      });
    },
  };
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
