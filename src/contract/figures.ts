// Wire entities from the store's rows. Every number comes from the domain (ledger, valuation, market);
// this file only converts currencies at the event's time and picks the fields of the wire.
import { NO_STATISTICS, statistics, tidy, type Holding, type LedgerEntry } from '../domain/ledger';
import {
  assetClassOf,
  findInstrument,
  quoteTime,
  rateToDkk,
  type Instrument,
} from '../domain/market';
import {
  chartOf,
  chartTimes,
  splitAdjustedPrice,
  sumFigures,
  Timeline,
  valueHolding,
  type Figures,
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
import type { EventFacts, EventRow, InvestmentRow, PortfolioRow, Store } from './store';

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

const MAX_GRID_PRICES = 4096;
/** A timeline keeps one grid per period, under 1,500 numbers in all: about 60 entries' worth. */
export const GRID_WEIGHT = 60;
const weightOf = (timeline: Timeline) => timeline.entries.length + GRID_WEIGHT;

/** Investments' replayed histories (timelines) kept between requests, under their versions. */
export class Timelines {
  private readonly cached = new Map<number, { version: number; timeline: Timeline }>();
  private weight = 0;
  /** DKK prices per instrument at chart grid times, shared by every user holding it. */
  private readonly gridPrices = new Map<Instrument, Map<number, number>>();

  /**
   * `maxEntries` bounds the memory, at a few hundred bytes an entry; each timeline also counts
   * as GRID_WEIGHT entries for the chart grids it keeps. The least recently used go first.
   */
  constructor(
    private readonly store: Pick<Store, 'events'>,
    private readonly prices: PriceSource,
    private readonly maxEntries = 1_000_000,
  ) {}

  async of(investments: readonly InvestmentRow[]): Promise<Map<number, Timeline>> {
    const found = new Map<number, Timeline>();
    const stale: InvestmentRow[] = [];
    for (const investment of investments) {
      const hit = this.cached.get(investment.id);
      if (hit?.version === investment.version) found.set(investment.id, hit.timeline);
      else stale.push(investment);
    }
    const events = stale.length > 0 ? await this.store.events(stale.map((i) => i.id)) : [];
    const byInvestment = new Map<number, EventRow[]>();
    for (const event of events) {
      const list = byInvestment.get(event.investmentId);
      if (list) list.push(event);
      else byInvestment.set(event.investmentId, [event]);
    }
    for (const investment of stale) {
      const timeline = this.timeline(investment, byInvestment.get(investment.id) ?? []);
      this.keep(investment, timeline);
      found.set(investment.id, timeline);
    }
    // Hits move to the back: Map keeps insertion order, so the front is least recently used.
    for (const investment of investments) {
      const hit = this.cached.get(investment.id);
      if (hit && found.get(investment.id) === hit.timeline) {
        this.cached.delete(investment.id);
        this.cached.set(investment.id, hit);
      }
    }
    return found;
  }

  private timeline(investment: InvestmentRow, events: readonly EventRow[]): Timeline {
    const instrument = findInstrument(investment.type, investment.code);
    const entries = events.map(toEntry);
    const marketPrice = instrument ? this.dkkPrice(instrument) : () => 0;
    return new Timeline({ entries, priceAt: splitAdjustedPrice(entries, marketPrice) });
  }

  /**
   * The instrument's DKK price at any time. Chart points between a period's ends fall on quote
   * times (`chartTimes`, `quoteTime`) and come back on every request; those are kept, other times
   * (now, a period's start) are not, so the memory stays bounded.
   */
  private dkkPrice(instrument: Instrument): (time: number) => number {
    const price = (time: number) =>
      this.prices(instrument, time) * rateToDkk(instrument.currency, time);
    let kept = this.gridPrices.get(instrument);
    if (!kept) {
      kept = new Map();
      this.gridPrices.set(instrument, kept);
    }
    const prices = kept;
    return (time) => {
      if (time !== quoteTime(time)) return price(time);
      let known = prices.get(time);
      if (known === undefined) {
        known = price(time);
        // Every period's grid fits about twice over; past that, a fresh start.
        if (prices.size >= MAX_GRID_PRICES) prices.clear();
        prices.set(time, known);
      }
      return known;
    };
  }

  private keep(investment: InvestmentRow, timeline: Timeline): void {
    const old = this.cached.get(investment.id);
    if (old) {
      this.weight -= weightOf(old.timeline);
      this.cached.delete(investment.id);
    }
    this.cached.set(investment.id, { version: investment.version, timeline });
    this.weight += weightOf(timeline);
    for (const [id, oldest] of this.cached) {
      if (this.weight <= this.maxEntries || this.cached.size === 1) break;
      this.cached.delete(id);
      this.weight -= weightOf(oldest.timeline);
    }
  }
}

const NO_EVENTS = new Timeline({ entries: [], priceAt: () => 0 });

/** An event as entered: its kind's create payload, amounts in its own currency. */
export type WireEnteredEvent = {
  id: number;
  investment_id: number;
  /** ISO-8601, as the transaction's. */
  date: string;
  currency_code: string;
} & (
  | { type: 'buy' | 'sell'; shares: number; share_price: number; fee: number }
  | { type: 'div'; amount: number }
  | {
      type: 'split';
      shares_after: number;
      fee: number;
      sold_shares: number;
      sold_share_price: number;
      hide: boolean;
    }
);

export function enteredOf(event: EventRow): WireEnteredEvent {
  const common = {
    id: event.id,
    investment_id: event.investmentId,
    date: new Date(event.time).toISOString(),
    currency_code: event.currency,
  };
  switch (event.kind) {
    case 'buy':
    case 'sell':
      return {
        ...common,
        type: event.kind,
        shares: event.shares,
        share_price: event.price,
        fee: event.fee,
      };
    case 'dividend':
      return { ...common, type: 'div', amount: event.amount };
    case 'split':
      return {
        ...common,
        type: 'split',
        shares_after: event.sharesAfter,
        fee: event.fee,
        sold_shares: event.soldShares,
        sold_share_price: event.soldPrice,
        hide: event.hide,
      };
  }
}

export class Valuer {
  constructor(
    private readonly timelines: ReadonlyMap<number, Timeline>,
    private readonly period: Period,
    private readonly now: number,
  ) {}

  private timeline(investment: InvestmentRow): Timeline {
    return this.timelines.get(investment.id) ?? NO_EVENTS;
  }

  holding(investment: InvestmentRow): Holding {
    const timeline = this.timeline(investment);
    if (!timeline.replaysUntil(this.now))
      throw new Error(`stored events of investment ${investment.id} do not replay`);
    return timeline.holdingAt(this.now);
  }

  figures(investment: InvestmentRow): Figures {
    return valueHolding(this.timeline(investment), this.period, this.now);
  }

  investment(row: InvestmentRow): WireInvestment {
    const figures = this.figures(row);
    const instrument = findInstrument(row.type, row.code);
    return {
      id: row.id,
      name: row.name,
      portfolio_id: row.portfolioId,
      shares: this.holding(row).shares,
      ...wireFigures(figures),
      ...(instrument && {
        instrument: {
          type: instrument.type,
          isin: instrument.code,
          asset_class: assetClassOf(instrument),
          currency: instrument.currency,
        },
      }),
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
      const stats = statistics(
        this.holding(investment),
        this.timeline(investment).priceAt(this.now),
      );
      for (const key of Object.keys(total) as (keyof Statistics)[])
        total[key] = tidy(total[key] + stats[key]);
    }
    return total;
  }

  chart(investments: readonly InvestmentRow[]): ChartPoint[] {
    const timelines = investments.map((i) => this.timeline(i));
    const firsts = timelines.flatMap((t) => (t.firstTime === undefined ? [] : [t.firstTime]));
    const first = firsts.length > 0 ? Math.min(...firsts) : undefined;
    const sampled = chartTimes(this.period, this.now, first);
    return chartOf(timelines, sampled);
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
