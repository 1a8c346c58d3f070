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
import { CURRENCIES, rateToDkk } from '../../domain/market';
import type { ChartPoint, Performance, Period, Statistics, Valuation } from '../../domain/types';
import type { MarketSnapshot, ProviderPricing, RateSource, WireQuote } from '../market/pricing';
import type { EventRow, InvestmentRow, PortfolioRow } from '../store';
import {
  cashValues,
  firstTimeOf,
  performanceOf,
  yearSpan,
  type CashOfPortfolio,
} from './performance';
import type { Valued } from './timelines';
import {
  transactionOf,
  type WireInvestment,
  type WirePortfolio,
  type WireTransaction,
} from './wire';

const NO_EVENTS = new Timeline({ entries: [], priceAt: () => 0 });
const DAY_MS = 86_400_000;

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
    this.since = this.dayStart([...valued.values()]);
  }

  /**
   * Day's moved start over these investments alone: a list's row is then valued from the start
   * its own screen's chart has, and says so.
   */
  private dayStart(valued: readonly Valued[]): number | undefined {
    if (this.period !== 'Day') return undefined;
    const clocks = valued.flatMap(({ timeline, priced }) =>
      priced.clock && timeline.holdingAt(this.now).shares > 0 ? [priced.clock] : [],
    );
    return closedDayStart(this.now, clocks);
  }

  /** `dayStart` of some of the investments valued here. */
  private startOf(investments: readonly InvestmentRow[]): number | undefined {
    return this.dayStart(investments.flatMap((i) => this.valued.get(i.id) ?? []));
  }

  private timeline(investment: InvestmentRow): Timeline {
    return this.valued.get(investment.id)?.timeline ?? NO_EVENTS;
  }

  /** The investment's events, in entry order. */
  events(investment: InvestmentRow): readonly EventRow[] {
    return this.valued.get(investment.id)?.events ?? [];
  }

  /** The version of the market's prices and rates the investment is valued from. */
  marketVersion(investment: InvestmentRow): string {
    return this.snapshot.versionOf(investment);
  }

  /** Where the snapshot has an investment's prices: any investment it was taken of. */
  provider(investment: InvestmentRow): ProviderPricing | undefined {
    return this.snapshot.provider(investment);
  }

  /** The DKK rates the investments are valued at. */
  get rate(): RateSource {
    return this.snapshot.rate;
  }

  /**
   * The first instant from `at` on at which anything these investments (and `also`, priced by the
   * provider alone: the benchmark's holding) are valued from at `at` may step: an entry (a
   * holding, a trade's price), a provider's price (`nextChange`), a rate or a typed price (both
   * in force from a UTC midnight), so that their values at any instant in [at, result) are those
   * at `at`. `at` itself when one of them may change at any instant: a provider without
   * `nextChange` or rates that move continuously (the synthetic market's).
   */
  steadyUntil(
    investments: readonly InvestmentRow[],
    at: number,
    also: readonly InvestmentRow[] = [],
  ): number {
    const nextMidnight = Math.floor(at / DAY_MS) * DAY_MS + DAY_MS;
    // The stored rates are a table of UTC days (`euroRateTable`); a currency the table lacks
    // falls back to the synthetic market's, which move at every instant: a rate equal to that
    // one at `at` is taken to be it, and one that differs at the day's last instant is not a
    // table's. Currencies outside CURRENCIES are the table's or NaN, the same all day.
    for (const currency of CURRENCIES) {
      if (currency === 'DKK') continue;
      const rate = this.snapshot.rate(currency, at);
      if (Object.is(rate, rateToDkk(currency, at))) return at;
      if (!Object.is(rate, this.snapshot.rate(currency, nextMidnight - 1))) return at;
    }
    let until = nextMidnight;
    for (const investment of [...investments, ...also]) {
      const provider = this.snapshot.provider(investment);
      if (provider) {
        if (!provider.nextChange) return at;
        until = Math.min(until, provider.nextChange(at));
      }
      const entries = this.timeline(investment).entries;
      // The first entry at or after `at` (entries are in time order).
      let low = 0;
      let high = entries.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (entries[middle].time < at) low = middle + 1;
        else high = middle;
      }
      if (low < entries.length) until = Math.min(until, entries[low].time);
    }
    return Math.max(at, until);
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

  /** Over the period's own start; `from`: Day's moved start, named by the answer that uses it. */
  figures(investment: InvestmentRow, from?: number): Figures {
    return valueHolding(this.timeline(investment), this.period, this.now, from);
  }

  investment(row: InvestmentRow): WireInvestment {
    const since = this.startOf([row]);
    const figures = this.figures(row, since);
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
      ...sinceField(since),
    };
  }

  portfolio(row: PortfolioRow, investments: readonly InvestmentRow[]): WirePortfolio {
    const held = investments.filter((i) => i.portfolioId === row.id);
    const since = this.startOf(held);
    return {
      id: row.id,
      name: row.name,
      kind: row.kind ?? 'free',
      investments: held.length,
      ...wireFigures(sumFigures(held.map((i) => this.figures(i, since)))),
      ...sinceField(since),
    };
  }

  valuation(investments: readonly InvestmentRow[]): Valuation {
    const { value, change, changeRatio, positions } = sumFigures(
      investments.map((i) => this.figures(i, this.since)),
    );
    return { value: { value, change, changeRatio }, positions, ...sinceField(this.since) };
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

  /** The times a chart of these investments, and of the `cash` kept beside them, has points at. */
  chartTimes(
    investments: readonly InvestmentRow[],
    cash: readonly CashOfPortfolio[] = [],
  ): number[] {
    const first = firstOf(
      investments.map((i) => this.timeline(i)),
      cash,
    );
    return chartTimes(this.period, this.now, first, this.since);
  }

  /** Each investment's ledger entries (DKK) in time order: the same array until they change. */
  entries(investments: readonly InvestmentRow[]): (readonly LedgerEntry[])[] {
    return investments.map((i) => this.timeline(i).entries);
  }

  /**
   * A chart answer: its points, the `cash` of the portfolios keeping it counted in each (as in
   * their value), and `since` when Day's start moved.
   */
  chart(
    investments: readonly InvestmentRow[],
    cash: readonly CashOfPortfolio[] = [],
  ): { chart: ChartPoint[]; since?: string } {
    const timelines = investments.map((i) => this.timeline(i));
    const times = this.chartTimes(investments, cash);
    const holdings = chartOf(timelines, times);
    const cashAt = cash.length === 0 ? undefined : cashValues(cash)(times);
    const chart = cashAt
      ? holdings.map((point, i) => ({ ...point, value: tidy(point.value + cashAt[i]) }))
      : holdings;
    return { chart, ...sinceField(this.since) };
  }

  /**
   * Returns over the selected period's span, as the valuation's, or over calendar `year`; the
   * investments of a portfolio in `cash` counted with its cash, its deposits and withdrawals
   * as their flows.
   */
  performance(
    investments: readonly InvestmentRow[],
    year?: number,
    cash: readonly CashOfPortfolio[] = [],
  ): Performance {
    const { from, to } = this.span(investments, year, cash);
    const kept = new Set(cash.map((c) => c.portfolioId));
    const timelinesOf = (held: readonly InvestmentRow[]) => held.map((i) => this.timeline(i));
    return performanceOf(
      [
        { timelines: timelinesOf(investments.filter((i) => !kept.has(i.portfolioId))) },
        ...cash.map((c) => ({
          timelines: timelinesOf(investments.filter((i) => i.portfolioId === c.portfolioId)),
          cash: c,
        })),
      ],
      from,
      to,
    );
  }

  /** The span returns are over: the selected period's, as the valuation's, or calendar `year`. */
  span(
    investments: readonly InvestmentRow[],
    year?: number,
    cash: readonly CashOfPortfolio[] = [],
  ): { from: number; to: number } {
    if (year !== undefined) return yearSpan(year, this.now);
    const timelines = investments.map((i) => this.timeline(i));
    return {
      from: this.since ?? periodStart(this.period, this.now, firstOf(timelines, cash)),
      to: this.now,
    };
  }
}

/** A moved Day start as answers name it. */
function sinceField(since: number | undefined): { since?: string } {
  return since === undefined ? {} : { since: new Date(since).toISOString() };
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

/** The first time of the timelines' entries and the cash's sources: where Forever starts. */
function firstOf(timelines: readonly Timeline[], cash: readonly CashOfPortfolio[]) {
  // A loop, not Math.min(...): a spread of 200k events overflows the call stack.
  let first = firstTimeOf(timelines);
  for (const { sources } of cash)
    for (const { time } of sources) if (first === undefined || time < first) first = time;
  return first;
}
