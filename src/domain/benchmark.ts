// "The same money put into the benchmark on the same days" (issue 38): a shadow holding of the
// benchmark that buys with each day's money put in and sells with each day's money taken out, at
// that day's close, all in DKK.
import type { LedgerEntry } from './ledger';

/** Money put in (positive) or taken out (negative) on a day (YYYY-MM-DD), in DKK. */
export interface Flow {
  day: string;
  amount: number;
}

/**
 * A ledger's external flows, one per day: a buy puts in what it cost with its fee, a sale takes
 * out what it brought less its fee. Dividends and splits move no money in or out of the holding
 * (a holdings-only portfolio has no cash to count them against).
 */
export function flowsOf(entries: readonly LedgerEntry[], dayOf: (time: number) => string): Flow[] {
  const byDay = new Map<string, number>();
  for (const entry of entries) {
    if (entry.kind !== 'buy' && entry.kind !== 'sell') continue;
    const amount =
      entry.kind === 'buy'
        ? entry.shares * entry.price + entry.fee
        : -(entry.shares * entry.price - entry.fee);
    const day = dayOf(entry.time);
    byDay.set(day, (byDay.get(day) ?? 0) + amount);
  }
  return [...byDay]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, amount]) => ({ day, amount }));
}

/** The shadow holding: units of the benchmark held from each flow's day on. */
export interface Shadow {
  days: readonly string[];
  units: readonly number[];
}

/**
 * Units bought or sold at each flow's day's close (`closeOn`, DKK per unit). A sale never sells
 * more than is held: money taken out beyond the benchmark's value (the real holding did better)
 * leaves it at nothing, never short. Undefined when a flow's day has no close.
 */
export function shadowOf(
  flows: readonly Flow[],
  closeOn: (day: string) => number,
): Shadow | undefined {
  const days: string[] = [];
  const units: number[] = [];
  let held = 0;
  for (const flow of [...flows].sort((a, b) => a.day.localeCompare(b.day))) {
    const close = closeOn(flow.day);
    if (!(close > 0) || !Number.isFinite(close)) return undefined;
    held = Math.max(0, held + flow.amount / close);
    if (days.at(-1) === flow.day) units[units.length - 1] = held;
    else {
      days.push(flow.day);
      units.push(held);
    }
  }
  return { days, units };
}

/** Units held at the end of `day`: after every flow on or before it. */
export function unitsOn(shadow: Shadow, day: string): number {
  let low = 0;
  let high = shadow.days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (shadow.days[middle] <= day) low = middle + 1;
    else high = middle;
  }
  return low === 0 ? 0 : shadow.units[low - 1];
}

/** A moment of a chart: its day, and the benchmark's price then (DKK per unit; NaN unknown). */
export interface SeriesPoint {
  day: string;
  price: number;
}

/**
 * The benchmark's value at each point: the units the flows up to that point's day bought, at its
 * price. Undefined when a flow's day has no close, or a point holding units has no price.
 */
export function benchmarkSeries(
  flows: readonly Flow[],
  closeOn: (day: string) => number,
  points: readonly SeriesPoint[],
): number[] | undefined {
  const shadow = shadowOf(flows, closeOn);
  if (!shadow) return undefined;
  const values: number[] = [];
  for (const point of points) {
    const units = unitsOn(shadow, point.day);
    if (units === 0) values.push(0);
    else if (!Number.isFinite(point.price)) return undefined;
    else values.push(units * point.price);
  }
  return values;
}
