// A portfolio's cash in the demo's tables: its switch on the portfolio, its events in `cash`.
import type { CashEventDraft, CashEventRow, CashStore } from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryCash(ctx: MemoryContext): CashStore {
  const rows = () => (ctx.tables.cash ??= []);
  return {
    setCash(portfolioId: number, on: boolean) {
      const row = ctx.tables.portfolios.find((p) => p.id === portfolioId);
      if (row) {
        if (on) row.cash = true;
        else delete row.cash;
      }
      return ctx.write(undefined);
    },

    cashEvents(portfolioIds: readonly number[]) {
      const ids = new Set(portfolioIds);
      const held = rows().filter((e) => ids.has(e.portfolioId));
      // Ids grow with entry, so time then id is the SQL store's order.
      return Promise.resolve(
        held.sort((a, b) => a.time - b.time || a.id - b.id).map((e) => structuredClone(e)),
      );
    },

    addCashEvent(draft: CashEventDraft) {
      const row: CashEventRow = { ...structuredClone(draft), id: ctx.nextId() };
      rows().push(row);
      return ctx.write(structuredClone(row));
    },

    addCashEvents(drafts: readonly CashEventDraft[]) {
      for (const draft of drafts) rows().push({ ...structuredClone(draft), id: ctx.nextId() });
      return ctx.write(undefined);
    },

    deleteCashEvent(id: number) {
      ctx.tables.cash = rows().filter((e) => e.id !== id);
      return ctx.write(undefined);
    },
  };
}
