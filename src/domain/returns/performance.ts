// Returns over a span (docs/returns.md): what it earned in DKK, the time-weighted return
// (daily-linked) and the money-weighted one (XIRR), from a book's flows and the values.
import { tidy } from '../ledger';
import type { Book } from './book';
import { dayNumber, monthOf, nextMidnight, yearAfter } from './calendar';
import { xirr } from './xirr';

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

/** The step times: `from`, each local midnight after it and before `to`, and `to`. */
function stepTimes(from: number, to: number): number[] {
  const times = [from];
  for (let t = nextMidnight(from); t < to; t = nextMidnight(t)) times.push(t);
  if (to > from) times.push(to);
  return times;
}

/** Chains step returns; null when any is unknown or no money was ever invested. */
function linked(steps: readonly Step[]): number | null {
  let growth = 1;
  let invested = false;
  for (const step of steps) {
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
  const times = stepTimes(from, to);
  const values = input.valuesAt(times);
  const steps: Step[] = [];
  for (let k = 1; k < times.length; k++)
    steps.push({ before: values[k - 1], after: values[k], inflow: 0, outflow: 0 });
  // A flow at a step time belongs to the step it ends, as a value there includes it.
  const stepOf = (time: number) => {
    let low = 1;
    let high = times.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (times[middle] < time) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  };
  const within = (time: number) => time > from && time <= to;
  let moneyIn = 0;
  let moneyOut = 0;
  const startDay = dayNumber(from);
  const irrFlows = [{ days: 0, amount: -values[0] }];
  for (const flow of book.flows) {
    if (!within(flow.time)) continue;
    const step = steps[stepOf(flow.time)];
    if (flow.amount > 0) {
      moneyIn += flow.amount;
      step.inflow += flow.amount;
    } else {
      moneyOut -= flow.amount;
      step.outflow -= flow.amount;
    }
    irrFlows.push({ days: dayNumber(flow.time) - startDay, amount: -flow.amount });
  }
  const days = dayNumber(to) - startDay;
  const startValue = values[0];
  const endValue = values[times.length - 1];
  irrFlows.push({ days, amount: endValue });
  let dividends = 0;
  let withholdingTax = 0;
  let fees = 0;
  for (const earning of book.earnings) {
    if (!within(earning.time)) continue;
    dividends += earning.dividend;
    withholdingTax += earning.withholdingTax;
    fees += earning.fee;
  }
  const annualised = to > yearAfter(from);
  const twr = linked(steps);
  const irr = moneyWeighted(irrFlows, days, annualised);
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
    monthly: monthly(times, steps),
  };
}

/** The IRR as a yearly rate over a year, else the span's own; or why there is none. */
function moneyWeighted(
  flows: { days: number; amount: number }[],
  days: number,
  annualised: boolean,
): { irr: number | null; irrNote?: IrrNote } {
  if (days < MIN_IRR_DAYS) return { irr: null, irrNote: 'not-enough-history' };
  const rate = xirr(flows);
  if (rate === undefined) return { irr: null, irrNote: 'no-solution' };
  return { irr: annualised ? rate : Math.pow(1 + rate, days / 365) - 1 };
}

/** Each month's chained step returns; a step belongs to the month of the day it ends in. */
function monthly(times: readonly number[], steps: readonly Step[]): MonthReturn[] {
  const months: { month: string; steps: Step[] }[] = [];
  steps.forEach((step, index) => {
    // The step ending at a midnight is the day before it.
    const month = monthOf(times[index + 1] - 1);
    const last = months.at(-1);
    if (last?.month === month) last.steps.push(step);
    else months.push({ month, steps: [step] });
  });
  return months.map(({ month, steps }) => ({ month, twr: linked(steps) }));
}
