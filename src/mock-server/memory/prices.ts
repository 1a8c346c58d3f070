// Typed prices and dismissed provider actions in the demo's tables.
import type { ManualPriceRow, ManualPriceStore } from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryManualPrices(ctx: MemoryContext): ManualPriceStore {
  return {
    manualPrices(investmentIds: readonly number[]) {
      const wanted = new Set(investmentIds);
      return Promise.resolve(
        (ctx.tables.prices ?? [])
          .filter((p) => wanted.has(p.investmentId))
          .sort((a, b) => a.investmentId - b.investmentId || a.day.localeCompare(b.day))
          .map((p) => ({ ...p })),
      );
    },

    saveManualPrice(price: ManualPriceRow) {
      const others = (ctx.tables.prices ?? []).filter(
        (p) => !(p.investmentId === price.investmentId && p.day === price.day),
      );
      ctx.tables.prices = [...others, { ...price }];
      ctx.eventsChanged(price.investmentId);
      return ctx.write(undefined);
    },

    deleteManualPrice(investmentId: number, day: string) {
      const before = ctx.tables.prices ?? [];
      ctx.tables.prices = before.filter((p) => !(p.investmentId === investmentId && p.day === day));
      const deleted = ctx.tables.prices.length < before.length;
      if (deleted) ctx.eventsChanged(investmentId);
      return ctx.write(deleted);
    },

    dismissedActions(investmentId: number) {
      const prefix = `${investmentId}:`;
      return Promise.resolve(
        (ctx.tables.dismissed ?? [])
          .filter((d) => d.startsWith(prefix))
          .map((d) => d.slice(prefix.length)),
      );
    },

    dismissAction(investmentId: number, kind: 'split' | 'dividend', day: string) {
      const key = `${investmentId}:${kind}:${day}`;
      const dismissed = ctx.tables.dismissed ?? [];
      if (!dismissed.includes(key)) ctx.tables.dismissed = [...dismissed, key];
      return ctx.write(undefined);
    },
  };
}
