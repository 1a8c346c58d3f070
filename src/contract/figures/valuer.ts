// A request's figures: each investment, portfolio and the user valued from the replayed
// histories and the market's snapshot, for one period and moment.
import {
  NO_STATISTICS,
  statistics,
  tidy,
  type Holding,
  type LedgerEntry,
} from '../../domain/ledger';
import {
  chartOf,
  chartTimes,
  closedDayStart,
  periodStart,
  sumFigures,
  Timeline,
  valueHolding,
  type Figures,
} from '../../domain/valuation';
import type { ChartPoint, Performance, Period, Statistics, Valuation } from '../../domain/types';
import type { MarketSnapshot, WireQuote } from '../pricing';
import type { EventRow, InvestmentRow, PortfolioRow } from '../store';
import { firstTimeOf, performanceOf, yearSpan } from './performance';
import type { Valued } from './timelines';
import {
  transactionOf,
  type WireInvestment,
  type WirePortfolio,
  type WireTransaction,
} from './wire';

const NO_EVENTS = new Timeline({ entries: [], priceAt: () => 0 });

export class Valuer {
  /**
   * Day's start when every held investment valued here had its market closed for the past 24
   * hours; undefined otherwise (the period's own start).
   */
  readonly since: number | undefined;

  constructor(
    private readonly valued: ReadonlyMap<number, Valued>,
    private readonly snapshot: MarketSnapshot,
    private readonly period: Period,
    private readonly now: number,
  ) {
    const clocks = [...valued.values()].flatMap(({ timeline, priced }) =>
      priced.clock && timeline.holdingAt(now).shares > 0 ? [priced.clock] : [],
    );
    this.since = period === 'Day' ? closedDayStart(now, clocks) : undefined;
  }

  /** The moved start as answers name it. */
  private sinceField(): { since?: string } {
    return this.since === undefined ? {} : { since: new Date(this.since).toISOString() };
  }

  private timeline(investment: InvestmentRow): Timeline {
    return this.valued.get(investment.id)?.timeline ?? NO_EVENTS;
  }

  /** The price an investment is valued at `time`, and where it comes from. */
  quote(investment: InvestmentRow, time: number): WireQuote | undefined {
    return this.valued.get(investment.id)?.priced.quoteAt(time);
  }

  /** An event as the transaction lists show it, in DKK at the rate of its time. */
  transaction(event: EventRow, investment: InvestmentRow): WireTransaction {
    return transactionOf(event, investment, this.snapshot.rate);
  }

  holding(investment: InvestmentRow): Holding {
    const timeline = this.timeline(investment);
    if (!timeline.replaysUntil(this.now))
      throw new Error(`stored events of investment ${investment.id} do not replay`);
    return timeline.holdingAt(this.now);
  }

  /**
   * Over the period's own start; `from`: Day's moved start, used only by the answers that name it
   * (valuation, chart), so every answer's span is the one it says.
   */
  figures(investment: InvestmentRow, from?: number): Figures {
    return valueHolding(this.timeline(investment), this.period, this.now, from);
  }

  investment(row: InvestmentRow): WireInvestment {
    const figures = this.figures(row);
    const facts = this.snapshot.facts(row);
    const quote = this.valued.get(row.id)?.priced.quoteAt(this.now);
    return {
      id: row.id,
      name: row.name,
      portfolio_id: row.portfolioId,
      shares: this.holding(row).shares,
      ...wireFigures(figures),
      instrument: {
        type: facts.type,
        isin: facts.code,
        asset_class: facts.asset_class,
        // Unknown instruments: the currency they were last traded in.
        currency: facts.currency ?? quote?.currency ?? 'DKK',
      },
      ...(quote && { quote }),
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
      investments.map((i) => this.figures(i, this.since)),
    );
    return { value: { value, change, changeRatio }, positions, ...this.sinceField() };
  }

  statistics(investments: readonly InvestmentRow[]): Statistics {
    const total: Statistics = { ...NO_STATISTICS };
    for (const investment of investments) {
      const stats = statistics(
        this.holding(investment),
        this.timeline(investment).priceAt(this.now),
      );
      for (const key of Object.keys(total) as (keyof Statistics)[])
        total[key] = tidy(total[key] + stats[key]);
    }
    return total;
  }

  /** When the first of these investments' events happened; undefined without any. */
  firstTime(investments: readonly InvestmentRow[]): number | undefined {
    return firstTimeOf(investments.map((i) => this.timeline(i)));
  }

  /** The times a chart of these investments has points at. */
  chartTimes(investments: readonly InvestmentRow[]): number[] {
    return chartTimes(this.period, this.now, this.firstTime(investments), this.since);
  }

  /** These investments' ledger entries (DKK), each investment's in time order. */
  entries(investments: readonly InvestmentRow[]): LedgerEntry[] {
    return investments.flatMap((i) => this.timeline(i).entries);
  }

  /** A chart answer: its points, and `since` when Day's start moved. */
  chart(investments: readonly InvestmentRow[]): { chart: ChartPoint[]; since?: string } {
    const timelines = investments.map((i) => this.timeline(i));
    return { chart: chartOf(timelines, this.chartTimes(investments)), ...this.sinceField() };
  }

  /** Returns over the selected period's span, as the valuation's, or over calendar `year`. */
  performance(investments: readonly InvestmentRow[], year?: number): Performance {
    const { from, to } = this.span(investments, year);
    return performanceOf(
      investments.map((i) => this.timeline(i)),
      from,
      to,
    );
  }

  /** The span returns are over: the selected period's, as the valuation's, or calendar `year`. */
  span(investments: readonly InvestmentRow[], year?: number): { from: number; to: number } {
    return year === undefined
      ? {
          from: this.since ?? periodStart(this.period, this.now, this.firstTime(investments)),
          to: this.now,
        }
      : yearSpan(year, this.now);
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
