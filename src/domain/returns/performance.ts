// Returns over a span (docs/returns.md): what it earned in DKK, the time-weighted return
// (daily-linked) and the money-weighted one (XIRR), from a book's flows and the values.
import { tidy } from '../ledger';
import { leaves, type Book, type Flow } from './book';
import { dayNumber, midnightsBetween, monthOf, stepDayNumber, yearAfter } from './calendar';
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

/**
 * A span's steps as lists, no object per step: step k runs from values[k] to values[k + 1],
 * with inflow[k] put in and outflow[k] taken out.
 */
interface Steps {
  values: ArrayLike<number>;
  inflow: Float64Array;
  outflow: Float64Array;
}

const stepAt = ({ values, inflow, outflow }: Steps, k: number): Step => ({
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
function linked(steps: Steps, first: number, end: number): number | null {
  let growth = 1;
  let invested = false;
  for (let k = first; k < end; k++) {
    const step = stepAt(steps, k);
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
  const steps: Steps = {
    values,
    inflow: new Float64Array(count),
    outflow: new Float64Array(count),
  };
  const within = (time: number) => time > from && time <= to;
  let moneyIn = 0;
  let moneyOut = 0;
  const startDay = dayNumber(from);
  // The money-weighted return's flows: the start value put in, each flow, the end value out.
  const parts = leaves(book);
  const most = parts.reduce((sum, part) => sum + part.flows.length, 2);
  const irrDays = new Float64Array(most);
  const irrAmounts = new Float64Array(most);
  irrAmounts[0] = -values[0];
  let irrCount = 1;
  for (const part of parts) {
    const { flows } = part;
    const dated = datesOf(flows);
    for (let index = 0; index < flows.length; index++) {
      const flow = flows[index];
      if (!within(flow.time)) continue;
      // A flow at a step time belongs to the step it ends, as a value there includes it: the
      // step of the midnights between `from` and it.
      const step = dated.stepDays[index] - startDay;
      if (flow.amount > 0) {
        moneyIn += flow.amount;
        steps.inflow[step] += flow.amount;
      } else {
        moneyOut -= flow.amount;
        steps.outflow[step] -= flow.amount;
      }
      irrDays[irrCount] = dated.days[index] - startDay;
      irrAmounts[irrCount++] = -flow.amount;
    }
  }
  const days = dayNumber(to) - startDay;
  const startValue = values[0];
  const endValue = values[times.length - 1];
  irrDays[irrCount] = days;
  irrAmounts[irrCount++] = endValue;
  let dividends = 0;
  let withholdingTax = 0;
  let fees = 0;
  for (const part of parts) {
    for (const earning of part.earnings) {
      if (!within(earning.time)) continue;
      dividends += earning.dividend;
      withholdingTax += earning.withholdingTax;
      fees += earning.fee;
    }
  }
  const annualised = to > yearAfter(from);
  const twr = linked(steps, 0, count);
  const irr = moneyWeighted(
    irrDays.subarray(0, irrCount),
    irrAmounts.subarray(0, irrCount),
    days,
    annualised,
  );
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
    monthly: monthly(times, months, steps, count),
  };
}

/** Each flow's day number and its step's (stepDayNumber): the same for every span. */
interface FlowDays {
  days: Int32Array;
  stepDays: Int32Array;
}

/** Kept per book: a kept book (a timeline's) costs no date arithmetic on the next request. */
const flowDays = new WeakMap<readonly Flow[], FlowDays>();

function datesOf(flows: readonly Flow[]): FlowDays {
  const kept = flowDays.get(flows);
  if (kept) return kept;
  const days = new Int32Array(flows.length);
  const stepDays = new Int32Array(flows.length);
  for (let i = 0; i < flows.length; i++) {
    days[i] = dayNumber(flows[i].time);
    stepDays[i] = stepDayNumber(flows[i].time);
  }
  flowDays.set(flows, { days, stepDays });
  return { days, stepDays };
}

/** The IRR as a yearly rate over a year, else the span's own; or why there is none. */
function moneyWeighted(
  flowDays: ArrayLike<number>,
  amounts: ArrayLike<number>,
  days: number,
  annualised: boolean,
): { irr: number | null; irrNote?: IrrNote } {
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
  steps: Steps,
  count: number,
): MonthReturn[] {
  const spans: { month: string; first: number; end: number }[] = [];
  for (let k = 0; k < count; k++) {
    if (k > 0 && months[k] === months[k - 1]) spans[spans.length - 1].end = k + 1;
    // The step ending at a midnight is the day before it.
    else spans.push({ month: monthOf(times[k + 1] - 1), first: k, end: k + 1 });
  }
  return spans.map(({ month, first, end }) => ({ month, twr: linked(steps, first, end) }));
}
