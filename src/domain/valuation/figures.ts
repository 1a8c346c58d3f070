// Value and change over a period (decisions.md section 2).
import { statistics, tidy } from '../ledger';
import type { Period, Positions, ValueChange } from '../types';
import { priceOf, Timeline, type PricedHolding } from './timeline';

/** Valuation of one investment, portfolio or user over a period. */
export interface Figures extends ValueChange {
  positions: Positions;
  /** The ratio's denominator: value at t0 plus the cost of buys in the period. */
  base: number;
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** The same local time `months` calendar months earlier, clamped to the month's last day. */
function monthsBefore(now: number, months: number): number {
  const date = new Date(now);
  const day = date.getDate();
  date.setDate(1);
  date.setMonth(date.getMonth() - months);
  const lastDay = new Date(date.getFullYear(), date.getMonth() + 1, 0).getDate();
  date.setDate(Math.min(day, lastDay));
  return date.getTime();
}

/** t0 of a period (decisions.md section 2). Forever: just before the first entry, or now. */
export function periodStart(period: Period, now: number, firstEntryTime?: number): number {
  switch (period) {
    case 'Day':
      return now - DAY;
    case 'Week':
      return now - 7 * DAY;
    case 'Month':
      return monthsBefore(now, 1);
    case 'Year':
      return monthsBefore(now, 12);
    case 'Forever':
      return firstEntryTime === undefined ? now : Math.min(firstEntryTime - 1, now);
  }
}

/** When a holding's market prices were made: what a Day start needs of a market. */
export interface PriceClock {
  /** When the price in force at `time` was made; NaN before the first. */
  madeAt(time: number): number;
  /** The trading day (YYYY-MM-DD) of the price in force at `time`. */
  dayAt(time: number): string;
}

/**
 * Day's start when the markets of all these holdings were closed for the past 24 hours (a
 * weekend, a holiday): the last price made before the latest price's trading day, so Day shows
 * that session's move (on a Sunday, Friday's: since Thursday's close). Undefined while any
 * holding's price changed within 24 hours (or none has a market): Day is then `now − 24 h`.
 * Walks back over the last session's intraday points, a binary search each.
 */
export function closedDayStart(now: number, clocks: readonly PriceClock[]): number | undefined {
  let latest: PriceClock | undefined;
  let latestAt = -Infinity;
  for (const clock of clocks) {
    const made = clock.madeAt(now);
    if (made > latestAt) [latest, latestAt] = [clock, made];
  }
  if (!latest || latestAt >= now - DAY) return undefined;
  const session = latest.dayAt(now);
  let before = latestAt;
  while (latest.dayAt(before) === session) {
    const earlier = latest.madeAt(before - 1);
    if (!(earlier < before)) return undefined;
    before = earlier;
  }
  return before;
}

function zeroFigures(): Figures {
  const positions = { lifetime: 0, realised: 0, unrealised: 0 };
  return { value: 0, change: 0, changeRatio: 0, base: 0, positions };
}

/** `from`: a Day start moved back over closed markets (`closedDayStart`), else the period's. */
export function valueHolding(
  holding: PricedHolding,
  period: Period,
  now: number,
  from?: number,
): Figures {
  const timeline = Timeline.of(holding);
  const first = timeline.firstTime;
  if (first === undefined) return zeroFigures();
  const t0 = from ?? periodStart(period, now, first);
  const startIndex = timeline.doneBy(t0);
  const endIndex = timeline.doneBy(now);
  const atStart = timeline.holdingAfter(startIndex);
  const atEnd = timeline.holdingAfter(endIndex);
  const start = statistics(atStart, priceOf(atStart.shares, timeline.priceAt, t0));
  const end = statistics(atEnd, priceOf(atEnd.shares, timeline.priceAt, now));
  const boughtInPeriod = timeline.boughtBetween(startIndex, endIndex);
  const change = tidy(end.lifetime - start.lifetime);
  const base = tidy(start.value + boughtInPeriod);
  return {
    value: end.value,
    change,
    changeRatio: ratio(change, base),
    base,
    positions: { lifetime: end.lifetime, realised: end.realised, unrealised: end.unrealised },
  };
}

function ratio(change: number, base: number): number {
  return base === 0 ? 0 : change / base;
}

/** Sum in ascending order, so the result is the same whichever order figures arrive in. */
function orderFreeSum(values: number[]): number {
  values.sort((a, b) => a - b);
  let sum = 0;
  for (const v of values) sum += v;
  return tidy(sum);
}

/** Sums figures; the ratio comes from the summed change and base. Order does not matter. */
export function sumFigures(figures: readonly Figures[]): Figures {
  const total = (pick: (f: Figures) => number) => orderFreeSum(figures.map(pick));
  const change = total((f) => f.change);
  const base = total((f) => f.base);
  return {
    value: total((f) => f.value),
    change,
    changeRatio: ratio(change, base),
    base,
    positions: {
      lifetime: total((f) => f.positions.lifetime),
      realised: total((f) => f.positions.realised),
      unrealised: total((f) => f.positions.unrealised),
    },
  };
}
