// Wire entities from the store's rows. Every number comes from the domain (ledger, valuation, market);
// this file only converts currencies at the event's time and picks the fields of the wire.
import {
  NO_STATISTICS,
  replay,
  statistics,
  tidy,
  type Holding,
  type LedgerEntry,
} from '../domain/ledger';
import { findInstrument, rateToDkk, type Instrument } from '../domain/market';
import {
  chartTimes,
  splitAdjustedPrice,
  sumFigures,
  sumSeries,
  valueHolding,
  valueSeries,
  type Figures,
  type PricedHolding,
} from '../domain/valuation';
import type {
  ChartPoint,
  Investment,
  Period,
  Portfolio,
  Statistics,
  Transaction,
  Valuation,
} from '../domain/types';
import type { EventFacts, EventRow, InvestmentRow, PortfolioRow } from './store';

/** Price per unit in the instrument's listing currency (the domain's `priceAt`, or a test's). */
export type PriceSource = (instrument: Instrument, time: number) => number;

export function toEntry(event: EventFacts): LedgerEntry {
  const rate = rateToDkk(event.currency, event.time);
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return {
        kind: event.kind,
        time: event.time,
        shares: event.shares,
        price: event.price * rate,
        fee: event.fee * rate,
      };
    case 'dividend':
      return { kind: 'dividend', time: event.time, amount: event.amount * rate };
    case 'split':
      return {
        kind: 'split',
        time: event.time,
        sharesAfter: event.sharesAfter,
        fee: event.fee * rate,
        soldShares: event.soldShares,
        soldPrice: event.soldPrice * rate,
      };
  }
}

// Laravel sends integer ids; the client accepts numbers or strings (decisions.md section 1).
type Wire<T, K extends keyof T> = Omit<T, K> & Record<K, number>;
export type WireTransaction = Wire<Transaction, 'id' | 'investment_id'>;
export type WireInvestment = Wire<Investment, 'id' | 'portfolio_id'>;
export type WirePortfolio = Wire<Portfolio, 'id'>;

export function transactionOf(event: EventRow, investment: InvestmentRow): WireTransaction {
  const entry = toEntry(event);
  const common = {
    id: event.id,
    investment_id: investment.id,
    stock_name: investment.name,
    date: new Date(event.time).toISOString(),
    from_shares: null,
    to_shares: null,
  };
  switch (entry.kind) {
    case 'buy':
    case 'sell':
      return {
        ...common,
        type: entry.kind,
        shares: entry.shares,
        stock_price: entry.price,
        total_value: entry.shares * entry.price,
      };
    case 'dividend':
      return { ...common, type: 'div', shares: 0, stock_price: 0, total_value: entry.amount };
    case 'split':
      // `shares` and `stock_price` describe the shares sold for cash in the split, if any.
      return {
        ...common,
        type: 'split',
        shares: entry.soldShares,
        stock_price: entry.soldPrice,
        total_value: entry.soldShares * entry.soldPrice,
        from_shares: event.kind === 'split' ? event.fromShares : null,
        to_shares: entry.sharesAfter,
      };
  }
}

export class Valuer {
  private readonly byInvestment = new Map<number, EventRow[]>();

  /** `events`: those of the investments to be valued, in the order they were entered. */
  constructor(
    events: readonly EventRow[],
    private readonly prices: PriceSource,
    private readonly period: Period,
    private readonly now: number,
  ) {
    for (const event of events) {
      const list = this.byInvestment.get(event.investmentId);
      if (list) list.push(event);
      else this.byInvestment.set(event.investmentId, [event]);
    }
  }

  private instrument(investment: InvestmentRow): Instrument | undefined {
    return findInstrument(investment.type, investment.code);
  }

  entries(investment: InvestmentRow): LedgerEntry[] {
    return (this.byInvestment.get(investment.id) ?? []).map(toEntry);
  }

  /** The investment's entries, priced as quoted: the market's price adjusted for its splits. */
  priced(investment: InvestmentRow): PricedHolding {
    const instrument = this.instrument(investment);
    const entries = this.entries(investment);
    const marketPrice = (time: number) =>
      instrument ? this.prices(instrument, time) * rateToDkk(instrument.currency, time) : 0;
    return { entries, priceAt: splitAdjustedPrice(entries, marketPrice) };
  }

  holding(investment: InvestmentRow, until = this.now): Holding {
    const result = replay(this.entries(investment), until);
    if (!result.ok) throw new Error(`stored events of investment ${investment.id} do not replay`);
    return result.holding;
  }

  figures(investment: InvestmentRow): Figures {
    return valueHolding(this.priced(investment), this.period, this.now);
  }

  investment(row: InvestmentRow): WireInvestment {
    const figures = this.figures(row);
    return {
      id: row.id,
      name: row.name,
      portfolio_id: row.portfolioId,
      shares: this.holding(row).shares,
      ...wireFigures(figures),
    };
  }

  portfolio(row: PortfolioRow, investments: readonly InvestmentRow[]): WirePortfolio {
    const held = investments.filter((i) => i.portfolioId === row.id);
    return {
      id: row.id,
      name: row.name,
      investments: held.length,
      ...wireFigures(sumFigures(held.map((i) => this.figures(i)))),
    };
  }

  valuation(investments: readonly InvestmentRow[]): Valuation {
    const { value, change, changeRatio, positions } = sumFigures(
      investments.map((i) => this.figures(i)),
    );
    return { value: { value, change, changeRatio }, positions };
  }

  statistics(investments: readonly InvestmentRow[]): Statistics {
    const total: Statistics = { ...NO_STATISTICS };
    for (const investment of investments) {
      const stats = statistics(this.holding(investment), this.priced(investment).priceAt(this.now));
      for (const key of Object.keys(total) as (keyof Statistics)[])
        total[key] = tidy(total[key] + stats[key]);
    }
    return total;
  }

  chart(investments: readonly InvestmentRow[]): ChartPoint[] {
    const priced = investments.map((i) => this.priced(i));
    const times = priced.flatMap((p) => p.entries.map((e) => e.time));
    const first = times.length > 0 ? Math.min(...times) : undefined;
    const sampled = chartTimes(this.period, this.now, first);
    return sumSeries(
      priced.map((p) => valueSeries(p, sampled)),
      sampled,
    );
  }
}

function wireFigures(figures: Figures) {
  return {
    value: figures.value,
    change: figures.change,
    changeRatio: figures.changeRatio,
    change_percentage: figures.changeRatio * 100,
    positions: figures.positions,
  };
}
