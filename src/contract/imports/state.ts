// What the store holds that an import is checked against, and whether it is still so at commit.
import type {
  CashEventRow,
  CashStore,
  InvestmentRow,
  LedgerStore,
  ManualPriceRow,
  PortfolioRow,
  EventRow,
  ManualPriceStore,
} from '../store';

/** What the store holds that an import is checked against, read once. */
export interface ImportState {
  portfolios: PortfolioRow[];
  investments: InvestmentRow[];
  events: EventRow[];
  prices: ManualPriceRow[];
  externalIds: { portfolioId: number; source: string; externalId: string }[];
  /** The portfolios' cash events (issue 38). */
  cash: CashEventRow[];
}

export async function readImportState(
  store: LedgerStore & ManualPriceStore & CashStore,
  userId: number,
): Promise<ImportState> {
  const portfolios = await store.portfolios(userId);
  const investments = await store.investments(userId);
  const ids = investments.map((i) => i.id);
  return {
    portfolios,
    investments,
    events: await store.events(ids),
    prices: await store.manualPrices(ids),
    externalIds: await store.externalIds(portfolios.map((p) => p.id)),
    cash: await store.cashEvents(portfolios.filter((p) => p.cash).map((p) => p.id)),
  };
}

/**
 * Whether what a plan was checked against is as it was: the portfolios, and the investments with
 * their versions (which change with their events and typed prices). A cash event added since
 * is caught by its unique broker id, or at worst imported beside its twin, as a typed one would be.
 */
export async function sameState(store: LedgerStore, userId: number, state: ImportState) {
  const key = (portfolios: PortfolioRow[], investments: InvestmentRow[]) =>
    JSON.stringify([
      portfolios.map((p) => [p.id, p.name, p.cash ?? false]),
      investments.map((i) => [i.id, i.portfolioId, i.name, i.type, i.code, i.listing, i.version]),
    ]);
  return (
    key(await store.portfolios(userId), await store.investments(userId)) ===
    key(state.portfolios, state.investments)
  );
}
