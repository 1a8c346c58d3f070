// Wire entities from the store's rows. Every number comes from the domain (ledger, valuation, market);
// this file only converts currencies at the event's time and picks the fields of the wire.
import { NO_STATISTICS, statistics, tidy, type Holding, type LedgerEntry } from '../domain/ledger';
import {
  chartOf,
  chartTimes,
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
import type { Market } from './market';
import { phaseEnd, phaseStart } from './phases';
import {
  priceInvestment,
  type MarketSnapshot,
  type PricedInvestment,
  type RateSource,
  type WireQuote,
} from './pricing';
import type {
  EventFacts,
  EventRow,
  InvestmentRow,
  ManualPriceRow,
  PortfolioRow,
  Store,
} from './store';

/**
 * The ledger's entry of an event: its amounts in DKK at the broker's rate it was entered with,
 * else at the reference rate of its time. Every DKK figure of an event comes from here.
 */
export function toEntry(event: EventFacts, rates: RateSource): LedgerEntry {
  return entryAt(event, event.exchangeRate ?? rates(event.currency, event.time));
}

/** The ledger's entry of an event with its amounts times `rate` (1: as entered). */
function entryAt(event: EventFacts, rate: number): LedgerEntry {
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
export type WireInvestment = Wire<Investment, 'id' | 'portfolio_id'> & {
  /** The price the investment is valued at now; absent before its first trade. */
  quote?: WireQuote;
};
export type WirePortfolio = Wire<Portfolio, 'id'>;

/**
 * An event as listed: its figures in DKK (its ledger entry's), and `entered`, the same price and
 * value in the currency it was entered in, from the stored amounts.
 */
export function transactionOf(
  event: EventRow,
  investment: InvestmentRow,
  rates: RateSource,
): WireTransaction {
  const { stock_price, total_value } = listed(entryAt(event, 1));
  return {
    id: event.id,
    investment_id: investment.id,
    stock_name: investment.name,
    date: new Date(event.time).toISOString(),
    from_shares: event.kind === 'split' ? event.fromShares : null,
    to_shares: null,
    ...listed(toEntry(event, rates)),
    entered: { currency_code: event.currency, stock_price, total_value },
  };
}

/** A ledger entry's figures as a transaction lists them, in the entry's currency. */
function listed(
  entry: LedgerEntry,
): Pick<WireTransaction, 'type' | 'shares' | 'stock_price' | 'total_value'> &
  Partial<Pick<WireTransaction, 'to_shares'>> {
  switch (entry.kind) {
    case 'buy':
    case 'sell':
      return {
        type: entry.kind,
        shares: entry.shares,
        stock_price: entry.price,
        total_value: entry.shares * entry.price,
      };
    case 'dividend':
      return { type: 'div', shares: 0, stock_price: 0, total_value: entry.amount };
    case 'split':
      // `shares` and `stock_price` describe the shares sold for cash in the split, if any.
      return {
        type: 'split',
        shares: entry.soldShares,
        stock_price: entry.soldPrice,
        total_value: entry.soldShares * entry.soldPrice,
        to_shares: entry.sharesAfter,
      };
  }
}

/** A timeline keeps one grid per period, under 1,500 numbers in all: about 60 entries' worth. */
export const GRID_WEIGHT = 60;
const weightOf = (timeline: Timeline) => timeline.entries.length + GRID_WEIGHT;

/** An investment's replayed history with its prices. */
export interface Valued {
  timeline: Timeline;
  priced: PricedInvestment;
}

/**
 * A write's change to an investment's events, told once it is committed: the events (any order)
 * at version `after`, which the investment had at `before`, just before the write.
 */
export interface RecordedEvents {
  investmentId: number;
  before: number;
  after: number;
  events: readonly EventRow[];
}

interface Kept {
  /** The investment's version with the market's (`Timelines.of`). */
  version: string;
  investmentVersion: number;
  valued: Valued;
  manual: readonly ManualPriceRow[];
  /** The events at a later version, told by a write here (not weighed: the next read uses them). */
  next?: { version: number; events: readonly EventRow[] };
}

/**
 * Investments' replayed histories (timelines) kept between requests, under their versions. After
 * a change, the next timeline replays only from the first entry that differs from the kept one,
 * and after a write in this process it is built from the events the write told of, reading
 * nothing. Another process, not told, reads the events again.
 */
export class Timelines {
  private readonly cached = new Map<number, Kept>();
  private readonly building = new Map<number, { version: string; valued: Promise<Valued> }>();
  private weight = 0;

  /**
   * `maxEntries` bounds the memory, at a few hundred bytes an entry; each timeline also counts
   * as GRID_WEIGHT entries for the chart grids it keeps. The least recently used go first.
   */
  constructor(
    private readonly store: Pick<Store, 'events' | 'manualPrices'>,
    private readonly market: Pick<Market, 'snapshot'>,
    private readonly maxEntries = 1_000_000,
  ) {}

  /**
   * Keeps the events a committed write left, for the next read at its version, when the kept
   * timeline is the one from just before the write (the typed prices are then the kept ones).
   */
  recorded(change: RecordedEvents): void {
    const kept = this.cached.get(change.investmentId);
    if (kept?.investmentVersion !== change.before) return;
    // In the store's order (entry order), which a replay of equal times keeps.
    const events = [...change.events].sort((a, b) => a.id - b.id);
    kept.next = { version: change.after, events };
  }

  async of(
    investments: readonly InvestmentRow[],
  ): Promise<{ valued: Map<number, Valued>; snapshot: MarketSnapshot }> {
    const snapshot = await this.market.snapshot(investments);
    const versionOf = (i: InvestmentRow) => `${i.version}:${snapshot.versionOf(i)}`;
    const found = new Map<number, Valued>();
    const waiting: { id: number; valued: Promise<Valued> }[] = [];
    const stale: InvestmentRow[] = [];
    for (const investment of investments) {
      const version = versionOf(investment);
      const hit = this.cached.get(investment.id);
      const building = this.building.get(investment.id);
      if (hit?.version === version) found.set(investment.id, hit.valued);
      // Reads that meet a timeline being built for the same version wait for it, instead of
      // each building it again (many reads right after a write).
      else if (building?.version === version)
        waiting.push({ id: investment.id, valued: building.valued });
      else stale.push(investment);
    }
    if (stale.length > 0) waiting.push(...this.build(stale, snapshot, versionOf));
    const built = await Promise.all(waiting.map((w) => w.valued));
    waiting.forEach((w, index) => found.set(w.id, built[index]));
    // Hits move to the back: Map keeps insertion order, so the front is least recently used.
    for (const investment of investments) {
      const hit = this.cached.get(investment.id);
      if (hit && found.get(investment.id) === hit.valued) {
        this.cached.delete(investment.id);
        this.cached.set(investment.id, hit);
      }
    }
    return { valued: found, snapshot };
  }

  /** Builds the timelines of these investments from one read (if any is needed), each kept once built. */
  private build(
    stale: readonly InvestmentRow[],
    snapshot: MarketSnapshot,
    versionOf: (investment: InvestmentRow) => string,
  ): { id: number; valued: Promise<Valued> }[] {
    const told = new Map<
      number,
      { events: readonly EventRow[]; manual: readonly ManualPriceRow[] }
    >();
    for (const investment of stale) {
      const kept = this.cached.get(investment.id);
      if (kept?.next?.version === investment.version)
        told.set(investment.id, { events: kept.next.events, manual: kept.manual });
    }
    const ids = stale.filter((i) => !told.has(i.id)).map((i) => i.id);
    const reading = phaseStart();
    const read =
      ids.length === 0
        ? Promise.resolve([[], []] as const)
        : Promise.all([this.store.events(ids), this.store.manualPrices(ids)]);
    const all = read.then(([events, manual]) => {
      phaseEnd('events read', reading);
      const replaying = phaseStart();
      const eventsOf = groupBy(events, (e) => e.investmentId);
      const manualOf = groupBy(manual, (m) => m.investmentId);
      const valuedOf = new Map<number, Valued>();
      for (const investment of stale) {
        const list = told.get(investment.id)?.events ?? eventsOf.get(investment.id) ?? [];
        const typed = told.get(investment.id)?.manual ?? manualOf.get(investment.id) ?? [];
        const entries = list.map((event) => toEntry(event, snapshot.rate));
        // The holdings first, from the kept timeline's where the entries are the same, then
        // the prices, whose split steps come from those holdings.
        const replayed = new Timeline(
          { entries, priceAt: () => 0 },
          this.cached.get(investment.id)?.valued.timeline,
        );
        const priced = priceInvestment(
          replayed.entries,
          list,
          replayed.splitSteps(),
          snapshot.provider(investment),
          typed,
          snapshot.rate,
        );
        const timeline = new Timeline(
          { entries: replayed.entries, priceAt: priced.priceAt },
          replayed,
        );
        const valued = { timeline, priced };
        this.keep(investment, versionOf(investment), valued, typed);
        valuedOf.set(investment.id, valued);
      }
      phaseEnd('replay', replaying);
      return valuedOf;
    });
    return stale.map((investment) => {
      const version = versionOf(investment);
      const valued = all.then((valuedOf) => valuedOf.get(investment.id)!);
      this.building.set(investment.id, { version, valued });
      const done = () => {
        if (this.building.get(investment.id)?.valued === valued)
          this.building.delete(investment.id);
      };
      // Also handles a failure, so one no other reader waits for is no unhandled rejection.
      valued.then(done, done);
      return { id: investment.id, valued };
    });
  }

  private keep(
    investment: InvestmentRow,
    version: string,
    valued: Valued,
    manual: readonly ManualPriceRow[],
  ): void {
    const old = this.cached.get(investment.id);
    if (old) {
      this.weight -= weightOf(old.valued.timeline);
      this.cached.delete(investment.id);
    }
    this.cached.set(investment.id, {
      version,
      investmentVersion: investment.version,
      valued,
      manual,
    });
    this.weight += weightOf(valued.timeline);
    for (const [id, oldest] of this.cached) {
      if (this.weight <= this.maxEntries || this.cached.size === 1) break;
      this.cached.delete(id);
      this.weight -= weightOf(oldest.valued.timeline);
    }
  }
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

const NO_EVENTS = new Timeline({ entries: [], priceAt: () => 0 });

/** An event as entered: its kind's create payload, amounts in its own currency. */
export type WireEnteredEvent = {
  id: number;
  investment_id: number;
  /** ISO-8601, as the transaction's. */
  date: string;
  currency_code: string;
  /** DKK per unit as the broker charged it; null: the reference rate of the day. */
  exchange_rate: number | null;
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
    exchange_rate: event.exchangeRate ?? null,
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
    private readonly valued: ReadonlyMap<number, Valued>,
    private readonly snapshot: MarketSnapshot,
    private readonly period: Period,
    private readonly now: number,
  ) {}

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

  figures(investment: InvestmentRow): Figures {
    return valueHolding(this.timeline(investment), this.period, this.now);
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
