// Typed prices and dismissed provider actions over SQL.
import type { Kysely } from 'kysely';
import type { ManualPriceRow, ManualPriceStore } from '../../../contract/store';
import type { Database } from '../schema';
import { IN_LIST_CHUNK, type SqlContext } from './context';

export function sqlManualPrices(ctx: SqlContext): ManualPriceStore {
  return {
    async manualPrices(investmentIds: readonly number[]): Promise<ManualPriceRow[]> {
      const ids = [...new Set(investmentIds)];
      let rows: ManualPriceRow[] = [];
      for (let start = 0; start < ids.length; start += IN_LIST_CHUNK) {
        const found = await ctx.db
          .selectFrom('manual_prices')
          .selectAll()
          .where('investment_id', 'in', ids.slice(start, start + IN_LIST_CHUNK))
          .orderBy('investment_id')
          .orderBy('day')
          .execute();
        rows = rows.concat(
          found.map((row) => ({
            investmentId: row.investment_id,
            day: row.day,
            price: String(row.price),
            currency: row.currency,
          })),
        );
      }
      return rows;
    },

    saveManualPrice(price: ManualPriceRow): Promise<void> {
      return ctx.write(async (db) => {
        await db
          .insertInto('manual_prices')
          .values({
            investment_id: price.investmentId,
            day: price.day,
            price: price.price,
            currency: price.currency,
          })
          .onConflict((oc) =>
            oc.columns(['investment_id', 'day']).doUpdateSet((eb) => ({
              price: eb.ref('excluded.price'),
              currency: eb.ref('excluded.currency'),
            })),
          )
          .execute();
        await raiseVersion(db, price.investmentId);
      }, true);
    },

    deleteManualPrice(investmentId: number, day: string): Promise<boolean> {
      return ctx.write(async (db) => {
        const { numDeletedRows } = await db
          .deleteFrom('manual_prices')
          .where('investment_id', '=', investmentId)
          .where('day', '=', day)
          .executeTakeFirst();
        if (numDeletedRows === 0n) return false;
        await raiseVersion(db, investmentId);
        return true;
      }, true);
    },

    async dismissedActions(investmentId: number): Promise<string[]> {
      const rows = await ctx.db
        .selectFrom('dismissed_actions')
        .select(['kind', 'day'])
        .where('investment_id', '=', investmentId)
        .execute();
      return rows.map((row) => `${row.kind}:${row.day}`);
    },

    async dismissAction(investmentId: number, kind: 'split' | 'dividend', day: string) {
      await ctx.write((db) =>
        db
          .insertInto('dismissed_actions')
          .values({ investment_id: investmentId, kind, day })
          .onConflict((oc) => oc.columns(['investment_id', 'day', 'kind']).doNothing())
          .execute(),
      );
    },
  };
}

/** Typed prices value the investment too, so its cached replay must go. */
async function raiseVersion(db: Kysely<Database>, investmentId: number): Promise<void> {
  await db
    .updateTable('investments')
    .set((eb) => ({ version: eb('version', '+', 1) }))
    .where('id', '=', investmentId)
    .execute();
}
