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
 * A span's flows by step, as lists, no object per step: step k runs from values[k] to
 * values[k + 1], with inflow[k] put in and outflow[k] taken out.
 */
interface Steps {
  inflow: Float64Array;
  outflow: Float64Array;
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

/**
 * A book's flows and earnings as lists, its parts' in order (the order their sums take), with
 * each flow's day number and its step's (stepDayNumber), the same for every span; no object per
 * flow. `partEnds`: where each part's flows and earnings end, when each part's are in time order
 * (a timeline's are): how many of them are done by a time then says which a span holds.
 */
interface FlatBook {
  times: Float64Array;
  amounts: Float64Array;
  days: Int32Array;
  stepDays: Int32Array;
  earnings: {
    times: Float64Array;
    dividends: Float64Array;
    withholdingTax: Float64Array;
    fees: Float64Array;
  };
  partEnds?: { flows: Int32Array; earnings: Int32Array };
  /** The last spans' sums (spanOf). */
  spans: SpanSums[];
}

/** Kept per book: a kept book (a timeline's, a group's) costs no walk over its parts' objects. */
const flatBooks = new WeakMap<Book, FlatBook>();

function flatOf(book: Book): FlatBook {
  const kept = flatBooks.get(book);
  if (kept) return kept;
  const parts = leaves(book);
  const flowCount = parts.reduce((sum, part) => sum + part.flows.length, 0);
  const earningCount = parts.reduce((sum, part) => sum + part.earnings.length, 0);
  const flat: FlatBook = {
    times: new Float64Array(flowCount),
    amounts: new Float64Array(flowCount),
    days: new Int32Array(flowCount),
    stepDays: new Int32Array(flowCount),
    earnings: {
      times: new Float64Array(earningCount),
      dividends: new Float64Array(earningCount),
      withholdingTax: new Float64Array(earningCount),
      fees: new Float64Array(earningCount),
    },
    spans: [],
  };
  let at = 0;
  let earned = 0;
  const partEnds = { flows: new Int32Array(parts.length), earnings: new Int32Array(parts.length) };
  let ascending = true;
  for (const [index, part] of parts.entries()) {
    const dated = datesOf(part.flows);
    flat.days.set(dated.days, at);
    flat.stepDays.set(dated.stepDays, at);
    for (const flow of part.flows) {
      flat.times[at] = flow.time;
      flat.amounts[at++] = flow.amount;
    }
    for (const earning of part.earnings) {
      flat.earnings.times[earned] = earning.time;
      flat.earnings.dividends[earned] = earning.dividend;
      flat.earnings.withholdingTax[earned] = earning.withholdingTax;
      flat.earnings.fees[earned++] = earning.fee;
    }
    partEnds.flows[index] = at;
    partEnds.earnings[index] = earned;
    ascending &&= inOrder(part.flows) && inOrder(part.earnings);
  }
  if (ascending) flat.partEnds = partEnds;
  flatBooks.set(book, flat);
  return flat;
}

/**
 * What a span's flows and earnings add up to, by step and in all, and its XIRR's flows (the
 * first and last left for its start and end values). The same while the span's first day, its
 * number of steps and the flows and earnings done by its start and by its end are: the next
 * requests' span, a moment later (Year's start moves with its end), reads it.
 */
interface SpanSums {
  /** What it is of: its first day, its steps, and how many flows and earnings are done by its ends. */
  of: readonly number[];
  steps: Steps;
  moneyIn: number;
  moneyOut: number;
  irrDays: Float64Array;
  irrAmounts: Float64Array;
  dividends: number;
  withholdingTax: number;
  fees: number;
  /** The last IRR and what it was of, besides the span's flows. */
  irr?: { of: readonly number[]; irr: { irr: number | null; irrNote?: IrrNote } };
}

/** The span's IRR with the start value put in and the end value taken out, the last one kept. */
function irrOf(
  span: SpanSums,
  startValue: number,
  endValue: number,
  days: number,
  annualised: boolean,
): { irr: number | null; irrNote?: IrrNote } {
  const of = [startValue, endValue, days, annualised ? 1 : 0];
  if (span.irr && same(span.irr.of, of)) return span.irr.irr;
  // The money-weighted return's flows: the start value put in, each flow, the end value out.
  const { irrDays, irrAmounts } = span;
  const last = irrDays.length - 1;
  irrAmounts[0] = -startValue;
  irrDays[last] = days;
  irrAmounts[last] = endValue;
  const irr = moneyWeighted(irrDays, irrAmounts, days, annualised);
  span.irr = { of, irr };
  return irr;
}

const same = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/** Spans kept per book: Forever's, Year's, a calendar year's, Day's. */
const SPANS_KEPT = 4;

function spanOf(flat: FlatBook, from: number, to: number, count: number): SpanSums {
  const { partEnds } = flat;
  if (!partEnds) return spanSums(flat, from, to, count, []);
  const of = [
    dayNumber(from),
    count,
    doneBy(flat.times, partEnds.flows, from),
    doneBy(flat.times, partEnds.flows, to),
    doneBy(flat.earnings.times, partEnds.earnings, from),
    doneBy(flat.earnings.times, partEnds.earnings, to),
  ];
  const kept = flat.spans.find((span) => same(span.of, of));
  if (kept) return kept;
  const span = spanSums(flat, from, to, count, of);
  flat.spans = [span, ...flat.spans].slice(0, SPANS_KEPT);
  return span;
}

function spanSums(
  flat: FlatBook,
  from: number,
  to: number,
  count: number,
  of: readonly number[],
): SpanSums {
  const within = (time: number) => time > from && time <= to;
  const steps: Steps = { inflow: new Float64Array(count), outflow: new Float64Array(count) };
  let moneyIn = 0;
  let moneyOut = 0;
  const startDay = dayNumber(from);
  const irrDays = new Float64Array(flat.times.length + 2);
  const irrAmounts = new Float64Array(flat.times.length + 2);
  let irrCount = 1;
  for (let index = 0; index < flat.times.length; index++) {
    if (!within(flat.times[index])) continue;
    const amount = flat.amounts[index];
    // A flow at a step time belongs to the step it ends, as a value there includes it: the
    // step of the midnights between `from` and it.
    const step = flat.stepDays[index] - startDay;
    if (amount > 0) {
      moneyIn += amount;
      steps.inflow[step] += amount;
    } else {
      moneyOut -= amount;
      steps.outflow[step] -= amount;
    }
    irrDays[irrCount] = flat.days[index] - startDay;
    irrAmounts[irrCount++] = -amount;
  }
  let dividends = 0;
  let withholdingTax = 0;
  let fees = 0;
  const { earnings } = flat;
  for (let index = 0; index < earnings.times.length; index++) {
    if (!within(earnings.times[index])) continue;
    dividends += earnings.dividends[index];
    withholdingTax += earnings.withholdingTax[index];
    fees += earnings.fees[index];
  }
  return {
    of,
    steps,
    moneyIn,
    moneyOut,
    irrDays: irrDays.slice(0, irrCount + 1),
    irrAmounts: irrAmounts.slice(0, irrCount + 1),
    dividends,
    withholdingTax,
    fees,
  };
}

const inOrder = (list: readonly { time: number }[]) =>
  list.every((item, index) => index === 0 || list[index - 1].time <= item.time);

/** How many of `times` are at or before `time`: each part's (up to its end in `ends`) ascending. */
function doneBy(times: Float64Array, ends: Int32Array, time: number): number {
  let done = 0;
  for (let part = 0, start = 0; part < ends.length; start = ends[part++]) {
    let low = start;
    let high = ends[part];
    while (low < high) {
      const middle = (low + high) >> 1;
      if (times[middle] <= time) low = middle + 1;
      else high = middle;
    }
    done += low - start;
  }
  return done;
}

/** Each flow's day number and its step's (stepDayNumber): the same for every span. */
interface FlowDays {
  days: Int32Array;
  stepDays: Int32Array;
}

/** Kept per list of flows: a timeline's are in every group (user, portfolio) it is part of. */
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
