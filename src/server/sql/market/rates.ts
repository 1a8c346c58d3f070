// The ECB's euro reference rates; their writes raise the sync version of `FX_KEY`.
import type { Kysely } from 'kysely';
import type { Day, EuroRate } from '../../../market/port';
import type { Database } from '../schema';
import { inChunks, upsertSync } from './rows';

/** The rates' key in the sync states, beside the listings'. */
export const FX_KEY = 'fx';

export interface RateRows {
  /** Rates of the currencies asked for, oldest first. */
  euroRates(currencies: readonly string[]): Promise<EuroRate[]>;
  /** The last day with rates, or undefined when none are kept. */
  lastRateDay(): Promise<Day | undefined>;
  saveRates(rates: readonly EuroRate[], time: number): Promise<void>;
}

export function sqlRates(db: Kysely<Database>): RateRows {
  return {
    async euroRates(currencies) {
      if (currencies.length === 0) return [];
      const rows = await db
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
    },

    async lastRateDay() {
      const row = await db
        .selectFrom('fx_rates')
        .select((eb) => eb.fn.max('day').as('day'))
        .executeTakeFirst();
      return row?.day ?? undefined;
    },

    saveRates(rates, time) {
      return db.transaction().execute(async (tx) => {
        await inChunks(rates, (chunk) =>
          tx
            .insertInto('fx_rates')
            .values(chunk.map((r) => ({ currency: r.currency, day: r.day, per_euro: r.perEuro })))
            .onConflict((oc) =>
              oc
                .columns(['currency', 'day'])
                .doUpdateSet((eb) => ({ per_euro: eb.ref('excluded.per_euro') })),
            )
            .execute(),
        );
        await upsertSync(tx, FX_KEY, {
          last_attempt: time,
          last_success: time,
          errors_in_row: 0,
          last_error: null,
          next_attempt: null,
        });
      });
    },
  };
}
