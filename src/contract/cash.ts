// A portfolio's cash as the answers show it (issue 38): its balance per currency from its cash
// events and the cash side of its investments' events, summed in DKK at today's rates.
import { cashBalances, cashInDkk, type CashAmount, type CashSource } from '../domain/cash';
import { tidy } from '../domain/ledger';
import type { Call } from './answers';
import type { RateSource } from './market/pricing';
import type { CashEventRow, InvestmentRow, PortfolioRow, Store } from './store';
import type { WirePortfolio } from './figures';

export interface CashFigures {
  balances: CashAmount[];
  /** The balances' sum in DKK. */
  value: number;
}

/** The wire's cash of a portfolio (its `cash` and GET /portfolios/{id}/cash's balances). */
export function wireCash({ balances, value }: CashFigures) {
  return {
    balances: balances.map(({ currency, amount }) => ({ currency_code: currency, amount })),
    value,
  };
}

/** A cash event as the wire lists it. */
export function wireCashEvent(event: CashEventRow) {
  return {
    id: event.id,
    type: event.kind,
    amount: event.amount,
    currency_code: event.currency,
    date: new Date(event.time).toISOString(),
    source: event.origin?.source ?? null,
  };
}

/**
 * The cash of each of these portfolios (all of them, or only those keeping cash), at `now`.
 * Holdings-only portfolios cost nothing: their events are not read.
 */
export async function cashOf(
  store: Pick<Store, 'cashEvents' | 'events'>,
  portfolios: readonly PortfolioRow[],
  investments: readonly InvestmentRow[],
  rates: RateSource,
  now: number,
): Promise<Map<number, CashFigures>> {
  const ids = new Set(portfolios.map((p) => p.id));
  const sources = new Map<number, CashSource[]>([...ids].map((id) => [id, []]));
  if (ids.size === 0) return new Map();
  for (const event of await store.cashEvents([...ids])) sources.get(event.portfolioId)?.push(event);
  const held = investments.filter((i) => ids.has(i.portfolioId));
  const portfolioOf = new Map(held.map((i) => [i.id, i.portfolioId]));
  for (const event of await store.events(held.map((i) => i.id))) {
    const id = portfolioOf.get(event.investmentId);
    if (id !== undefined) sources.get(id)?.push(event);
  }
  return new Map(
    [...sources].map(([id, list]) => {
      const balances = cashBalances(list, now);
      return [id, { balances, value: cashInDkk(balances, (c) => rates(c, now)) }];
    }),
  );
}

/** The portfolio's answer with its cash: counted in its value, and listed per currency. */
export function withCash(portfolio: WirePortfolio, cash: CashFigures | undefined): WirePortfolio {
  return cash
    ? { ...portfolio, value: tidy(portfolio.value + cash.value), cash: wireCash(cash) }
    : portfolio;
}

/** The cash of the user's portfolios that keep it, in DKK: part of the user's total value. */
export function totalCash(cash: ReadonlyMap<number, CashFigures>): number {
  let total = 0;
  for (const { value } of cash.values()) total = tidy(total + value);
  return total;
}

/** The cash of those of these portfolios that keep it (none read for holdings-only ones). */
export async function keptCash(
  call: Call,
  portfolios: readonly PortfolioRow[],
  investments: readonly InvestmentRow[],
): Promise<Map<number, CashFigures>> {
  const keeping = portfolios.filter((p) => p.cash);
  if (keeping.length === 0) return new Map();
  return cashOf(call.store, keeping, investments, await call.rates(), call.now);
}

/**
 * The cash sources (cash events, their investments' events) and rates of those of `portfolios`
 * that keep cash, for their returns; none read for holdings-only ones.
 */
export async function cashSources(
  call: Call,
  portfolios: readonly PortfolioRow[],
  investments: readonly InvestmentRow[],
): Promise<{ portfolioId: number; sources: CashSource[]; rate: RateSource }[]> {
  const keeping = portfolios.filter((p) => p.cash);
  if (keeping.length === 0) return [];
  const rate = await call.rates();
  const sources = new Map<number, CashSource[]>(keeping.map((p) => [p.id, []]));
  for (const event of await call.store.cashEvents([...sources.keys()]))
    sources.get(event.portfolioId)?.push(event);
  const held = investments.filter((i) => sources.has(i.portfolioId));
  const portfolioOf = new Map(held.map((i) => [i.id, i.portfolioId]));
  for (const event of await call.store.events(held.map((i) => i.id))) {
    const id = portfolioOf.get(event.investmentId);
    if (id !== undefined) sources.get(id)?.push(event);
  }
  return [...sources].map(([portfolioId, list]) => ({ portfolioId, sources: list, rate }));
}
