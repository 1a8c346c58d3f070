// The tax year's records over SQL (migration 0013).
import type { TaxStore } from '../../../contract/store';
import type { SqlContext } from './context';

export function sqlTax(ctx: SqlContext): TaxStore {
  return {
    async setPortfolioKind(portfolioId, kind) {
      await ctx.write((db) =>
        db.updateTable('portfolios').set({ kind }).where('id', '=', portfolioId).execute(),
      );
    },

    async taxClasses(userId) {
      const rows = await ctx.db
        .selectFrom('investment_tax_classes')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('investment_id')
        .execute();
      return rows.map((row) => ({
        investmentId: row.investment_id,
        taxation: row.taxation,
        income: row.income,
        reason: row.reason,
      }));
    },

    async setTaxClass(userId, investmentId, override) {
      await ctx.write(async (db) => {
        await db
          .deleteFrom('investment_tax_classes')
          .where('investment_id', '=', investmentId)
          .execute();
        if (override)
          await db
            .insertInto('investment_tax_classes')
            .values({
              investment_id: investmentId,
              user_id: userId,
              taxation: override.taxation,
              income: override.income,
              reason: override.reason,
            })
            .execute();
      }, true);
    },

    async taxSettings(userId) {
      const row = await ctx.db
        .selectFrom('tax_settings')
        .select('married')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return { married: row?.married === 1 };
    },

    async setTaxSettings(userId, settings) {
      const married = settings.married ? 1 : 0;
      await ctx.write((db) =>
        db
          .insertInto('tax_settings')
          .values({ user_id: userId, married })
          .onConflict((oc) => oc.column('user_id').doUpdateSet({ married }))
          .execute(),
      );
    },
  };
}
