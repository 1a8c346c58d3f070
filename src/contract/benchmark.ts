// The user's benchmark (issue 38): which instrument it is (chosen in Profile, else the default,
// an MSCI World ETF), how it is priced (as an investment holding it would be, by the market's
// snapshot), and its line beside a chart: the same money put into it on the same days.
import {
  flowsOfColumns,
  shadowOf,
  tradeColumns,
  shadowValuesAt,
  type TradeColumns,
} from '../domain/benchmark';
import { externalFlowsDkk } from '../domain/cash';
import { performance, type Book } from '../domain/returns';
import { isoTime, MidnightValues } from '../domain/valuation';
import { findInstrument } from '../domain/market';
import type { LedgerEntry } from '../domain/ledger';
import type { ChartPoint, InstrumentType } from '../domain/types';
import { dayOfNumber, utcDay, utcDayNumber, utcMidnight } from '../market/zoned-time';
import type { Call } from './answers';
import type { Accepted } from './market/market';
import { providerPricesAt, ratesAt } from './market/pricing';
import { addStepValues, type CashOfPortfolio, type Valuer } from './figures';
import type { BenchmarkRow, InvestmentRow } from './store';

const DAY_MS = 86_400_000;

/** iShares Core MSCI World: the index fund most Danish investors hold, and the catalogue has. */
export const DEFAULT_BENCHMARK = { type: 'stock', code: 'IE00B4L5Y983' } as const satisfies {
  type: InstrumentType;
  code: string;
};

/** The benchmark as the wire shows it. */
export interface WireBenchmark {
  type: InstrumentType;
  isin: string;
  name: string;
}

export const wireBenchmark = (row: BenchmarkRow): WireBenchmark => ({
  type: row.type,
  isin: row.code,
  name: row.name,
});

/**
 * An instrument the market accepts, as a benchmark row with its listing, which the market is told
 * is held from `since` (its history loaded, then kept fresh as a held investment's).
 */
export async function resolveBenchmark(
  call: Call,
  type: InstrumentType,
  code: string,
  since: number,
): Promise<BenchmarkRow | { refusal: string }> {
  const accepted = await call.market.resolve(type, code);
  if ('refusal' in accepted) return accepted;
  if (accepted.listing) await call.market.held(accepted.listing, utcDay(since));
  return rowOf(type, accepted);
}

const rowOf = (type: InstrumentType, accepted: Accepted): BenchmarkRow => ({
  type,
  code: accepted.code,
  name: accepted.name ?? findInstrument(type, accepted.code)?.name ?? accepted.code,
  listing: accepted.listing,
});

/**
 * The user's benchmark: the one chosen, else the default, kept once the market has placed it.
 * Undefined until then: a request never waits on a provider for it (the market places it in the
 * background).
 */
export async function benchmarkOf(call: Call): Promise<BenchmarkRow | undefined> {
  const stored = await call.store.benchmark(call.userId);
  if (stored) return stored;
  const row = await placedDefault(call, utcDay(await firstTradeOf(call)));
  if (row) await call.store.saveBenchmark(call.userId, row);
  return row;
}

/**
 * The default benchmark as the market has placed it, else undefined, the market then asked to
 * place it with the history from `since` (YYYY-MM-DD) on.
 */
export async function placedDefault(call: Call, since: string): Promise<BenchmarkRow | undefined> {
  const { type, code } = DEFAULT_BENCHMARK;
  const placed = await call.market.placed(type, code, since);
  return placed?.listing ? rowOf(type, placed) : undefined;
}

/** When the user's first event happened, else now: how far back a benchmark's prices are needed. */
export async function firstTradeOf(call: Call): Promise<number> {
  const investments = await call.store.investments(call.userId);
  return firstTradeIn(await call.valuer(investments), investments, call.now);
}

/** `firstTradeOf` from figures already made of the user's `investments`. */
export function firstTradeIn(
  figures: Valuer,
  investments: readonly InvestmentRow[],
  now: number,
): number {
  return figures.firstTime(investments) ?? now;
}

/** The user's benchmark, and the holding of it the market's snapshot prices. */
export interface Benchmark {
  row: BenchmarkRow;
  holding: InvestmentRow;
}

/**
 * The investments' figures, with the user's benchmark (if the market has placed it) priced by
 * the same snapshot: one read of the market's states for both.
 */
export async function valuedWithBenchmark(
  call: Call,
  investments: readonly InvestmentRow[],
): Promise<{ figures: Valuer; benchmark?: Benchmark }> {
  const row = await benchmarkOf(call);
  if (!row) return { figures: await call.valuer(investments) };
  const holding = benchmarkHolding(call.userId, row);
  return { figures: await call.valuer(investments, [holding]), benchmark: { row, holding } };
}

/** The holding of a benchmark a snapshot prices, as an investment's. */
export function benchmarkHolding(userId: number, row: BenchmarkRow): InvestmentRow {
  return {
    id: 0,
    userId,
    portfolioId: 0,
    name: row.name,
    type: row.type,
    code: row.code,
    listing: row.listing,
    version: 0,
  };
}

/**
 * The benchmark's prices in DKK at ascending times (NaN where unknown), as an investment would
 * have them, and the version of the prices it says (MarketSnapshot.versionOf).
 */
function priceOf(
  figures: Valuer,
  { row, holding }: Benchmark,
): { pricesAt: (times: readonly number[]) => Float64Array; version: string } {
  const provider = figures.provider(holding);
  const version = `${row.code} ${row.listing ?? ''} ${figures.marketVersion(holding)}`;
  const { rate } = figures;
  const pricesAt = (times: readonly number[]) => {
    const prices = new Float64Array(times.length);
    if (!provider) return prices.fill(NaN);
    const rates = new Float64Array(times.length);
    providerPricesAt(provider, times, 0, times.length, prices);
    ratesAt(rate, provider.currency, times, 0, times.length, rates);
    for (let i = 0; i < times.length; i++) prices[i] *= rates[i];
    return prices;
  };
  return { pricesAt, version };
}

/** The benchmark's line for a chart of these investments, at the chart's own times. */
export interface BenchmarkChart extends WireBenchmark {
  chart: ChartPoint[];
}

/**
 * The value the investments' money would have in the benchmark at each point of their chart:
 * each day's buys put in and sales taken out at that day's close. Undefined when the benchmark
 * has no price for a day it needs (its missing history is then asked for in the background).
 */
export function benchmarkChart(
  call: Call,
  figures: Valuer,
  benchmark: Benchmark | undefined,
  investments: readonly InvestmentRow[],
  cash: readonly CashOfPortfolio[] = [],
): BenchmarkChart | undefined {
  if (!benchmark) return undefined;
  const times = figures.chartTimes(investments, cash);
  const priced = shadowIn(call, figures, benchmark, investments, times, cash);
  return (
    priced && {
      ...wireBenchmark(priced.row),
      chart: times.map((time, index) => ({
        time: isoTime(time),
        value: cents(priced.values[index]),
      })),
    }
  );
}

/** The performance answer's `benchmark`: its TWR, IRR and end value over the same span. */
export interface BenchmarkReturns {
  twr: number | null;
  irr: number | null;
  value: number;
}

/**
 * The same money put into the benchmark on the same days, over the span the investments'
 * returns are for (`year`, else the selected period's), measured as their returns are.
 */
export function benchmarkReturns(
  call: Call,
  figures: Valuer,
  benchmark: Benchmark | undefined,
  investments: readonly InvestmentRow[],
  year?: number,
  cash: readonly CashOfPortfolio[] = [],
): BenchmarkReturns | undefined {
  if (!benchmark) return undefined;
  const { from, to } = figures.span(investments, year, cash);
  const priced = shadowIn(call, figures, benchmark, investments, [from, to], cash);
  if (!priced) return undefined;
  const { kept } = priced;
  let unpriced = false;
  const result = performance({
    from,
    to,
    book: kept.book,
    valuesAt: (times) => {
      const values = new Float64Array(times.length);
      addStepValues(values, times, kept.valuesAt, (midnights) => kept.midnights.at(midnights));
      if (!values.every(Number.isFinite)) unpriced = true;
      return values;
    },
  });
  return unpriced ? undefined : { twr: result.twr, irr: result.irr, value: cents(result.endValue) };
}

const cents = (amount: number) => Math.round(amount * 100) / 100 || 0;

/** An investment's trade flows with their UTC day numbers, kept with its entries (a timeline's). */
const trades = new WeakMap<readonly LedgerEntry[], TradeColumns>();

function datedTrades(entries: readonly LedgerEntry[]): TradeColumns {
  const kept = trades.get(entries);
  if (kept) return kept;
  const dated = tradeColumns(entries, utcDayNumber);
  trades.set(entries, dated);
  return dated;
}

/**
 * The benchmark bought and sold with some investments' money at its prices of one version, and
 * what its returns read of it, kept while those stay the same (`keptShadows`).
 */
interface KeptShadow {
  entries: readonly (readonly LedgerEntry[])[];
  /** The cash portfolios' deposits and withdrawals (DKK), as text. */
  cash: string;
  version: string;
  /** The first flow's day: where a missing history is needed from. */
  since: string | undefined;
  /**
   * The flows of days not ended when it was made, with the close they were bought at: the price
   * at that moment (`closeOn`), so the shadow is the same only while those closes are.
   */
  open: readonly (readonly [day: string, close: number])[];
  /** Its flows as a book, the same array each time (performance keeps their days). */
  book: Book;
  /** Its values at `times` (DKK), non-finite where it holds units without a price. */
  valuesAt: (times: readonly number[]) => Float64Array;
  midnights: MidnightValues;
}

/**
 * Shadows kept under the first investment's entries (a timeline's, replaced when its events or
 * prices change), the last few for each: the user's, a portfolio's, an investment's.
 */
const keptShadows = new WeakMap<readonly LedgerEntry[], KeptShadow[]>();
const SHADOWS_KEPT = 4;

function keptShadow(
  entries: readonly (readonly LedgerEntry[])[],
  cash: string,
  version: string,
  closeOn: (day: string) => number,
): KeptShadow | undefined {
  if (entries.length === 0) return undefined;
  return keptShadows
    .get(entries[0])
    ?.find(
      (k) =>
        k.cash === cash &&
        k.version === version &&
        k.entries.length === entries.length &&
        k.entries.every((list, index) => list === entries[index]) &&
        k.open.every(([day, close]) => Object.is(closeOn(day), close)),
    );
}

function keepShadow(kept: KeptShadow): void {
  if (kept.entries.length === 0) return;
  const list = keptShadows.get(kept.entries[0]) ?? [];
  keptShadows.set(kept.entries[0], [kept, ...list].slice(0, SHADOWS_KEPT));
}

/**
 * The user's benchmark bought and sold with the investments' money, and its values at `times`.
 * Undefined when it has no price for a day it needs; its missing history is then asked for in
 * the background, for a later answer.
 */
function shadowIn(
  call: Call,
  figures: Valuer,
  benchmark: Benchmark,
  investments: readonly InvestmentRow[],
  times: readonly number[],
  cash: readonly CashOfPortfolio[],
): { row: BenchmarkRow; kept: KeptShadow; values: Float64Array } | undefined {
  const { row } = benchmark;
  // A portfolio that keeps cash puts in its deposits and takes out its withdrawals, not its trades.
  const held = new Set(cash.map((c) => c.portfolioId));
  const entries = figures.entries(investments.filter((i) => !held.has(i.portfolioId)));
  const cashFlows = cash.flatMap((c) => externalFlowsDkk(c.sources, c.rate));
  const cashText = cashFlows.length === 0 ? '' : JSON.stringify(cashFlows);
  const { pricesAt, version } = priceOf(figures, benchmark);
  // Its missing history is asked for in the background: no answer waits on a provider.
  const unpriced = (since: string | undefined) => {
    if (row.listing && since) void call.market.held(row.listing, since).catch(() => undefined);
    return undefined;
  };
  // A day's close: its price at the day's end, or now on a day not ended.
  const dayEnd = (dayNumber: number) => dayNumber * DAY_MS + DAY_MS - 1;
  const closeTime = (day: string) => Math.min(dayEnd(utcMidnight(day) / DAY_MS), call.now);
  const closeOn = (day: string) => pricesAt([closeTime(day)])[0];
  let kept = keptShadow(entries, cashText, version, closeOn);
  if (!kept) {
    const flows = flowsOfColumns(entries.map(datedTrades), cashFlows, utcDayNumber, dayOfNumber);
    // A flow's day is its time's UTC day: its close time from the number, no day's text parsed.
    // The flows ascend, so their closes are walked at once.
    const ends = flows.map((flow) => dayEnd(utcDayNumber(flow.time)));
    const closes = pricesAt(ends.map((end) => Math.min(end, call.now)));
    const shadow = shadowOf(flows, (_, index) => closes[index]);
    if (!shadow) return unpriced(flows[0]?.day);
    const valuesAt = (at: readonly number[]) => shadowValuesAt(shadow, at, pricesAt(at));
    const open: (readonly [string, number])[] = [];
    for (let i = flows.length - 1; i >= 0 && ends[i] > call.now; i--)
      open.unshift([flows[i].day, closes[i]]);
    kept = {
      entries,
      cash: cashText,
      version,
      since: flows[0]?.day,
      open,
      book: {
        flows: shadow.times.map((time, index) => ({ time, amount: shadow.amounts[index] })),
        earnings: [],
      },
      valuesAt,
      midnights: new MidnightValues(valuesAt),
    };
    keepShadow(kept);
  }
  const values = kept.valuesAt(times);
  return values.every(Number.isFinite) ? { row, kept, values } : unpriced(kept.since);
}
