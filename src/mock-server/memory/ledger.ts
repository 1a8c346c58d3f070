// Portfolios, investments and their events in the demo's tables.
import type {
  EventDraft,
  EventFacts,
  EventRow,
  InvestmentRow,
  LedgerStore,
  NewInvestment,
  PortfolioRow,
} from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryLedger(ctx: MemoryContext): LedgerStore {
  return {
    portfolios(userId: number) {
      // Kept before kinds, a portfolio has none: free, as on SQL.
      return Promise.resolve(
        ctx.tables.portfolios
          .filter((p) => p.userId === userId)
          .map((p) => ({ ...p, kind: p.kind ?? 'free' })),
      );
    },

    createPortfolio(portfolio: Omit<PortfolioRow, 'id'>) {
      const row = { ...portfolio, kind: portfolio.kind ?? 'free', id: ctx.nextId() };
      ctx.tables.portfolios.push(row);
      return ctx.write(row);
    },

    renamePortfolio(id: number, name: string) {
      const row = ctx.tables.portfolios.find((p) => p.id === id);
      if (row) row.name = name;
      return ctx.write(undefined);
    },

    investments(userId: number) {
      return Promise.resolve(
        ctx.tables.investments
          .filter((i) => i.userId === userId)
          .map((i): InvestmentRow => ({
            ...i,
            listing: i.listing ?? null,
            version: ctx.versionOf(i.id),
          })),
      );
    },

    investmentVersion(id: number) {
      const found = ctx.tables.investments.some((i) => i.id === id);
      return Promise.resolve(found ? ctx.versionOf(id) : undefined);
    },

    createInvestment(investment: NewInvestment, first: EventFacts) {
      const row = { ...investment, listing: investment.listing ?? null, id: ctx.nextId() };
      ctx.tables.investments.push(row);
      ctx.tables.events.push({ ...first, investmentId: row.id, id: ctx.nextId() });
      return ctx.write<InvestmentRow>({ ...row, version: ctx.versionOf(row.id) });
    },

    renameInvestment(id: number, name: string) {
      const row = ctx.tables.investments.find((i) => i.id === id);
      if (row) row.name = name;
      return ctx.write(undefined);
    },

    setListing(id: number, listing: string | null) {
      const row = ctx.tables.investments.find((i) => i.id === id);
      if (row) row.listing = listing;
      ctx.eventsChanged(id);
      return ctx.write(undefined);
    },

    deleteInvestment(id: number) {
      ctx.tables.events = ctx.tables.events.filter((e) => e.investmentId !== id);
      ctx.tables.prices = ctx.tables.prices?.filter((p) => p.investmentId !== id);
      ctx.tables.investments = ctx.tables.investments.filter((i) => i.id !== id);
      ctx.tables.taxClasses = ctx.tables.taxClasses?.filter((t) => t.investmentId !== id);
      return ctx.write(undefined);
    },

    deletePortfolio(id: number) {
      const held = new Set(
        ctx.tables.investments.filter((i) => i.portfolioId === id).map((i) => i.id),
      );
      ctx.tables.events = ctx.tables.events.filter((e) => !held.has(e.investmentId));
      ctx.tables.prices = ctx.tables.prices?.filter((p) => !held.has(p.investmentId));
      ctx.tables.investments = ctx.tables.investments.filter((i) => !held.has(i.id));
      ctx.tables.taxClasses = ctx.tables.taxClasses?.filter((t) => !held.has(t.investmentId));
      ctx.tables.cash = ctx.tables.cash?.filter((e) => e.portfolioId !== id);
      ctx.tables.portfolios = ctx.tables.portfolios.filter((p) => p.id !== id);
      return ctx.write(undefined);
    },

    events(investmentIds: readonly number[]) {
      const wanted = new Set(investmentIds);
      return Promise.resolve(ctx.tables.events.filter((e) => wanted.has(e.investmentId)));
    },

    investmentEvents(investmentId: number) {
      return Promise.resolve(ctx.tables.events.filter((e) => e.investmentId === investmentId));
    },

    event(id: number) {
      return Promise.resolve(ctx.tables.events.find((e) => e.id === id));
    },

    addEvent(event: EventDraft) {
      const row: EventRow = { ...event, id: ctx.nextId() };
      ctx.tables.events.push(row);
      ctx.eventsChanged(row.investmentId);
      return ctx.write(row);
    },

    updateEvent(event: EventRow) {
      ctx.tables.events = ctx.tables.events.map((e) => (e.id === event.id ? { ...event } : e));
      ctx.eventsChanged(event.investmentId);
      return ctx.write(undefined);
    },

    deleteEvent(id: number) {
      const deleted = ctx.tables.events.find((e) => e.id === id);
      ctx.tables.events = ctx.tables.events.filter((e) => e !== deleted);
      if (deleted) ctx.eventsChanged(deleted.investmentId);
      return ctx.write(undefined);
    },

    addEvents(events: readonly EventDraft[]) {
      for (const event of events) {
        ctx.tables.events.push({ ...event, id: ctx.nextId() });
        ctx.eventsChanged(event.investmentId);
      }
      return ctx.write(undefined);
    },

    externalIds(portfolioIds: readonly number[]) {
      const wanted = new Set(portfolioIds);
      return Promise.resolve(
        ctx.tables.events.flatMap(({ origin }) =>
          origin?.externalId !== undefined && wanted.has(origin.portfolioId)
            ? [
                {
                  portfolioId: origin.portfolioId,
                  source: origin.source,
                  externalId: origin.externalId,
                },
              ]
            : [],
        ),
      );
    },
  };
}
