// Returns over a span (docs/returns.md): what it earned in DKK, the time-weighted return
// (daily-linked) and the money-weighted one (XIRR), from a book's flows and the values.
import { tidy } from '../ledger';
import type { Book } from './book';
import { dayNumber, midnightsBetween, monthOf, yearAfter } from './calendar';
import { flatOf, sameNumbers, spanOf, type SpanSums, type Steps } from './span-sums';
import { xirrOf } from './xirr';

/** Below this many calendar days an IRR says "not enough history" instead of a figure. */
export const MIN_IRR_DAYS = 7;
/** A day's starting money closer to 0 than this (DKK) held nothing: the day counts as flat. */
const NOTHING = 0.005;

export interface PerformanceInput {
  /** The span's ends, epoch ms: the value at `from` is its start, at `to` its end. */
  from: number;
  to: number;
  book: Book;
  /** The values (DKK) at each of the ascending times. */
  valuesAt(times: readonly number[]): ArrayLike<number>;
}

export type IrrNote = 'not-enough-history' | 'no-solution';

export interface MonthReturn {
  /** YYYY-MM */
  month: string;
  /** Null when nothing was invested that month. */
  twr: number | null;
}

export interface Performance {
  from: number;
  to: number;
  startValue: number;
  endValue: number;
  moneyIn: number;
  moneyOut: number;
  /** End − start − money in + money out. */
  totalReturn: number;
  dividends: number;
  withholdingTax: number;
  fees: number;
  /** Null when nothing was invested in the span, or the money invested was negative. */
  twr: number | null;
  irr: number | null;
  /** Why `irr` is null. */
  irrNote?: IrrNote;
  /** The span is over a year, and twr and irr are yearly rates. */
  annualised: boolean;
  monthly: MonthReturn[];
}

/** A step of the daily linking: the money at its start and end, and what flowed in and out. */
export interface Step {
  /** Value at the step's start. */
  before: number;
  /** Value at its end. */
  after: number;
  /** Money put in during the step, counted at its start. */
  inflow: number;
  /** Money taken out during the step (positive), counted at its end. */
  outflow: number;
}

/**
 * A step's return, Portfolio Performance's rule: (after + outflow) / (before + inflow) − 1.
 * Zero when nothing was held; undefined when the money at the start was negative.
 */
export function stepReturn(step: Step): number | undefined {
  const base = step.before + step.inflow;
  if (base < -NOTHING) return undefined;
  if (base <= NOTHING) return 0;
  return (step.after + step.outflow) / base - 1;
}

const stepAt = (values: ArrayLike<number>, { inflow, outflow }: Steps, k: number): Step => ({
  before: values[k],
  after: values[k + 1],
  inflow: inflow[k],
  outflow: outflow[k],
});

/**
 * The step times: `from`, each local midnight after it and before `to`, and `to`; and the month
 * of the day each step ends (year × 12 + month).
 */
function stepTimes(from: number, to: number): { times: number[]; months: number[] } {
  const midnights = midnightsBetween(from, to);
  const times = [from];
  const months: number[] = [];
  for (let k = 0; k < midnights.count; k++) {
    times.push(midnights.times[k]);
    months.push(midnights.months[k]);
  }
  if (to > from) {
    times.push(to);
    const end = new Date(to - 1);
    months.push(end.getFullYear() * 12 + end.getMonth());
  }
  return { times, months };
}

/**
 * Chains the returns of steps `first` up to `end`; null when any is unknown or no money was ever
 * invested.
 */
function linked(
  values: ArrayLike<number>,
  steps: Steps,
  first: number,
  end: number,
): number | null {
  let growth = 1;
  let invested = false;
  for (let k = first; k < end; k++) {
    const step = stepAt(values, steps, k);
    const delta = stepReturn(step);
    if (delta === undefined) return null;
    invested ||= step.before + step.inflow > NOTHING;
    growth *= 1 + delta;
  }
  return invested ? growth - 1 : null;
}

function annualise(rate: number | null, days: number): number | null {
  return rate === null ? null : Math.pow(1 + rate, 365 / days) - 1;
}

export function performance(input: PerformanceInput): Performance {
  const { from, to, book } = input;
  const { times, months } = stepTimes(from, to);
  const values = input.valuesAt(times);
  const count = times.length - 1;
  const startDay = dayNumber(from);
  const days = dayNumber(to) - startDay;
  const startValue = values[0];
  const endValue = values[times.length - 1];
  const span = spanOf(flatOf(book), from, to, count);
  const { steps, moneyIn, moneyOut, dividends, withholdingTax, fees } = span;
  const annualised = to > yearAfter(from);
  const twr = linked(values, steps, 0, count);
  const irr = irrOf(span, startValue, endValue, days, annualised);
  return {
    from,
    to,
    startValue,
    endValue,
    moneyIn: tidy(moneyIn),
    moneyOut: tidy(moneyOut),
    totalReturn: tidy(endValue - startValue - moneyIn + moneyOut),
    dividends: tidy(dividends),
    withholdingTax: tidy(withholdingTax),
    fees: tidy(fees),
    twr: annualised ? annualise(twr, days) : twr,
    ...irr,
    annualised,
    monthly: monthly(times, months, values, steps, count),
  };
}

/** The last IRR of each span's sums and what it was of, besides the span's flows. */
const keptIrrs = new WeakMap<SpanSums, { of: readonly number[]; irr: MoneyWeighted }>();

type MoneyWeighted = Pick<Performance, 'irr' | 'irrNote'>;

/** The span's IRR with the start value put in and the end value taken out, the last one kept. */
function irrOf(
  span: SpanSums,
  startValue: number,
  endValue: number,
  days: number,
  annualised: boolean,
): MoneyWeighted {
  const of = [startValue, endValue, days, annualised ? 1 : 0];
  const kept = keptIrrs.get(span);
  if (kept && sameNumbers(kept.of, of)) return kept.irr;
  // The money-weighted return's flows: the start value put in, each flow, the end value out.
  const { irrDays, irrAmounts } = span;
  const last = irrDays.length - 1;
  irrAmounts[0] = -startValue;
  irrDays[last] = days;
  irrAmounts[last] = endValue;
  const irr = moneyWeighted(irrDays, irrAmounts, days, annualised);
  keptIrrs.set(span, { of, irr });
  return irr;
}

/** The IRR as a yearly rate over a year, else the span's own; or why there is none. */
function moneyWeighted(
  flowDays: ArrayLike<number>,
  amounts: ArrayLike<number>,
  days: number,
  annualised: boolean,
): MoneyWeighted {
  if (days < MIN_IRR_DAYS) return { irr: null, irrNote: 'not-enough-history' };
  const rate = xirrOf(flowDays, amounts);
  if (rate === undefined) return { irr: null, irrNote: 'no-solution' };
  return { irr: annualised ? rate : Math.pow(1 + rate, days / 365) - 1 };
}

/**
 * Each month's chained step returns; a step belongs to the month of the day it ends in
 * (`months`, year × 12 + month).
 */
function monthly(
  times: readonly number[],
  months: readonly number[],
  values: ArrayLike<number>,
  steps: Steps,
  count: number,
): MonthReturn[] {
  const spans: { month: string; first: number; end: number }[] = [];
  for (let k = 0; k < count; k++) {
    if (k > 0 && months[k] === months[k - 1]) spans[spans.length - 1].end = k + 1;
    // The step ending at a midnight is the day before it.
    else spans.push({ month: monthOf(times[k + 1] - 1), first: k, end: k + 1 });
  }
  return spans.map(({ month, first, end }) => ({ month, twr: linked(values, steps, first, end) }));
}
