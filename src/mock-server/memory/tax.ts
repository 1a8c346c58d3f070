// The tax year's records in the demo's tables.
import type { TaxStore } from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryTax(ctx: MemoryContext): TaxStore {
  return {
    setPortfolioKind(portfolioId, kind) {
      const row = ctx.tables.portfolios.find((p) => p.id === portfolioId);
      if (row) row.kind = kind;
      return ctx.write(undefined);
    },

    taxClasses(userId) {
      return Promise.resolve(
        (ctx.tables.taxClasses ?? [])
          .filter((row) => row.userId === userId)
          .map(({ userId: _owner, ...row }) => row),
      );
    },

    setTaxClass(userId, investmentId, override) {
      const kept = (ctx.tables.taxClasses ?? []).filter((row) => row.investmentId !== investmentId);
      ctx.tables.taxClasses = override ? [...kept, { ...override, investmentId, userId }] : kept;
      return ctx.write(undefined);
    },

    taxSettings(userId) {
      return Promise.resolve({ married: ctx.tables.taxSettings?.[userId]?.married ?? false });
    },

    setTaxSettings(userId, settings) {
      ctx.tables.taxSettings = { ...ctx.tables.taxSettings, [userId]: { ...settings } };
      return ctx.write(undefined);
    },
  };
}
