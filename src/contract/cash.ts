// A portfolio's cash as the answers show it (issue 38): its balance per currency from its cash
// events and the cash side of its investments' events, summed in DKK at today's rates.
import { cashBalances, cashInDkk, type CashAmount, type CashSource } from '../domain/cash';
import { tidy } from '../domain/ledger';
import type { Call } from './answers';
import type { RateSource } from './market/pricing';
import type { CashEventRow, EventRow, InvestmentRow, PortfolioRow, Store } from './store';
import type { Valuer, WirePortfolio } from './figures';

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
  const ids = portfolios.map((p) => p.id);
  if (ids.length === 0) return new Map();
  const held = investments.filter((i) => ids.includes(i.portfolioId));
  const sources = sourcesOf(
    ids,
    await store.cashEvents(ids),
    held,
    await store.events(held.map((i) => i.id)),
  );
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
 * that keep cash, for their returns: the investments' events and the rates as `figures` valued
 * them (its timelines', kept between requests), only the cash events read; none for
 * holdings-only portfolios.
 */
export async function cashSources(
  call: Call,
  figures: Valuer,
  portfolios: readonly PortfolioRow[],
  investments: readonly InvestmentRow[],
): Promise<{ portfolioId: number; sources: CashSource[]; rate: RateSource }[]> {
  const keeping = portfolios.filter((p) => p.cash);
  if (keeping.length === 0) return [];
  const { rate } = figures;
  const ids = keeping.map((p) => p.id);
  const held = investments.filter((i) => ids.includes(i.portfolioId));
  // In entry order across the investments, as the store lists them.
  const events = held.flatMap((i) => figures.events(i)).sort((a, b) => a.id - b.id);
  const sources = sourcesOf(ids, await call.store.cashEvents(ids), held, events);
  return [...sources].map(([portfolioId, list]) => ({ portfolioId, sources: list, rate }));
}

/** Each portfolio's cash events, then its investments' events (`held`'s), in their orders. */
function sourcesOf(
  ids: readonly number[],
  cashEvents: readonly CashEventRow[],
  held: readonly InvestmentRow[],
  events: readonly EventRow[],
): Map<number, CashSource[]> {
  const sources = new Map<number, CashSource[]>(ids.map((id) => [id, []]));
  for (const event of cashEvents) sources.get(event.portfolioId)?.push(event);
  const portfolioOf = new Map(held.map((i) => [i.id, i.portfolioId]));
  for (const event of events) {
    const id = portfolioOf.get(event.investmentId);
    if (id !== undefined) sources.get(id)?.push(event);
  }
  return sources;
}
