// A book's flows and earnings as flat lists, and what a span of them adds up to by step: the
// sums every return over the span is made from (performance.ts), kept per book and span.
import { leaves, type Book, type Flow } from './book';
import { dayNumber, stepDayNumber } from './calendar';

/**
 * A span's flows by step, as lists, no object per step: step k runs from values[k] to
 * values[k + 1], with inflow[k] put in and outflow[k] taken out.
 */
export interface Steps {
  inflow: Float64Array;
  outflow: Float64Array;
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

export function flatOf(book: Book): FlatBook {
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
export interface SpanSums {
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
}

export const sameNumbers = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, index) => Object.is(value, b[index]));

/** Spans kept per book: Forever's, Year's, a calendar year's, Day's. */
const SPANS_KEPT = 4;

export function spanOf(flat: FlatBook, from: number, to: number, count: number): SpanSums {
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
  const kept = flat.spans.find((span) => sameNumbers(span.of, of));
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
