// Chart axis rules (product-spec display rules).
import { dateTimeFormat, numberFormat } from '../intl';
import { formatDate } from '../numbers';
import type { ChartPoint } from '../types';

const STEP = 10;
const PADDING = 0.05;

/** Outward rounding that never yields -0. */
function floorTo(x: number): number {
  return Math.floor(x / STEP) * STEP || 0;
}
function ceilTo(x: number): number {
  return Math.ceil(x / STEP) * STEP || 0;
}

/**
 * Y domain with 5% padding, rounded outwards to multiples of 10. A flat series is padded by 5%
 * of its value; a flat zero (or no values) is [0, 10]. A series that is never negative (a value,
 * a cost) gets no negative part: the padding below it stops at 0.
 */
export function yDomain(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, STEP];
  let min = Infinity;
  let max = -Infinity;
  for (const v of finite) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const pad = (max > min ? max - min : Math.abs(max)) * PADDING;
  const low = min >= 0 ? Math.max(0, floorTo(min - pad)) : floorTo(min - pad);
  const high = ceilTo(max + pad);
  return high > low ? [low, high] : [low, low + STEP];
}

/** An empty series is drawn as zero from now to one minute later. */
export function seriesOrEmpty(points: readonly ChartPoint[], now: number): ChartPoint[] {
  if (points.length > 0) return [...points];
  return [
    { time: new Date(now).toISOString(), value: 0 },
    { time: new Date(now + 60_000).toISOString(), value: 0 },
  ];
}

/** Tick steps a value axis may use: 1, 2 and 5 times a power of ten. */
const STEP_FACTORS = [1, 2, 5];
const MAX_TICKS = 5;

export interface ValueAxis {
  domain: [number, number];
  /** Evenly spaced, within the domain, ascending. */
  ticks: number[];
}

/**
 * The spec's domain (yDomain), which hugs the data, with ticks on the round steps inside it: the
 * finest step that draws at most 5 (so at least 2, the domain being 10 or more wide).
 */
export function valueAxis(values: readonly number[]): ValueAxis {
  const domain = yDomain(values);
  const [low, high] = domain;
  let power = 10 ** Math.floor(Math.log10((high - low) / MAX_TICKS) - 1);
  for (;;) {
    for (const factor of STEP_FACTORS) {
      const step = factor * power;
      const bottom = Math.ceil(low / step);
      const top = Math.floor(high / step);
      if (top - bottom + 1 <= MAX_TICKS) {
        const ticks = Array.from({ length: top - bottom + 1 }, (_, i) => (bottom + i) * step || 0);
        return { domain, ticks };
      }
    }
    power *= 10;
  }
}

/** The most fraction digits a compact tick gets before plain digits are clearer. */
const MAX_COMPACT_DIGITS = 6;

/**
 * Value ticks in the locale's compact notation ("1.2M", "1,2 mio."), with the fewest fraction
 * digits that write every tick exactly (never 2,500 as "3K"), so neighbours stay apart too.
 * Danish writes an axis below a million in full ("110.000").
 */
export function valueTickLabels(ticks: readonly number[], locale?: string): string[] {
  if (numberFormat(locale).resolvedOptions().locale.startsWith('da')) {
    const largest = Math.max(...ticks.map(Math.abs));
    if (largest < 1e6) return ticks.map((tick) => numberFormat(locale).format(tick));
    if (largest < 1e9) return inMillions(ticks, locale);
  }
  for (let digits = 0; digits <= MAX_COMPACT_DIGITS; digits++) {
    const format = numberFormat(locale, {
      notation: 'compact',
      maximumFractionDigits: digits,
      signDisplay: 'negative',
    });
    if (ticks.every((tick) => writesExactly(format, tick)))
      return ticks.map((tick) => format.format(tick));
  }
  return ticks.map((tick) => numberFormat(locale).format(tick));
}

/**
 * Danish ticks counted in millions throughout ("0,5 mio.", "1 mio."): its compact notation would
 * write the thousands below a million as "500 t", which reads as hours or tonnes.
 */
function inMillions(ticks: readonly number[], locale?: string): string[] {
  for (let digits = 0; digits <= MAX_COMPACT_DIGITS; digits++) {
    const format = numberFormat(locale, { maximumFractionDigits: digits });
    if (ticks.every((tick) => writesExactly(format, tick / 1e6)))
      return ticks.map((tick) => (tick === 0 ? '0' : `${format.format(tick / 1e6)}\u00a0mio.`));
  }
  return ticks.map((tick) => numberFormat(locale).format(tick));
}

/** Whether the compact label's digits, times its power of ten, give the tick back. */
function writesExactly(format: Intl.NumberFormat, tick: number): boolean {
  const parts = format.formatToParts(tick);
  const digitsOf = (type: Intl.NumberFormatPartTypes) =>
    parts
      .filter((part) => part.type === type)
      .map((part) => part.value)
      .join('');
  const written = Number(`${digitsOf('integer')}.${digitsOf('fraction') || '0'}`);
  const size = Math.abs(tick);
  if (written === 0 || size === 0) return written === size;
  const scale = 10 ** Math.round(Math.log10(size / written));
  return Math.abs(written * scale - size) <= size * 1e-9;
}

export type TimeUnit = 'minute' | 'hour' | 'weekday' | 'day' | 'week' | 'month' | 'year';

interface TimeInterval {
  unit: Exclude<TimeUnit, 'minute'>;
  step: number;
}

/** Finest first; the first to draw at most MAX_TICKS ticks is taken. */
const TIME_INTERVALS: readonly TimeInterval[] = [
  ...[1, 2, 3, 6, 12].map((step) => ({ unit: 'hour' as const, step })),
  ...[1, 2].map((step) => ({ unit: 'weekday' as const, step })),
  ...[3, 4].map((step) => ({ unit: 'day' as const, step })),
  ...[1, 2].map((step) => ({ unit: 'week' as const, step })),
  ...[1, 2, 3, 6].map((step) => ({ unit: 'month' as const, step })),
];

const WEEK_MS = 7 * 24 * 3600 * 1000;
/** A Monday, so that every other week is the same weeks on every call. */
const FIRST_MONDAY = new Date(1970, 0, 5).getTime();

/** The round local moment at or before `start` that an interval's marks count from. */
function origin({ unit, step }: TimeInterval, start: Date): Date {
  const y = start.getFullYear();
  const m = start.getMonth();
  const d = start.getDate();
  switch (unit) {
    case 'hour':
      return new Date(y, m, d, Math.floor(start.getHours() / step) * step);
    case 'weekday':
    case 'day':
      return new Date(y, m, d);
    case 'week': {
      const monday = new Date(y, m, d - ((start.getDay() + 6) % 7));
      const week = Math.round((monday.getTime() - FIRST_MONDAY) / WEEK_MS);
      const skip = ((week % step) + step) % step;
      return new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() - 7 * skip);
    }
    case 'month':
      return new Date(y, Math.floor(m / step) * step, 1);
    case 'year':
      return new Date(Math.floor(y / step) * step, 0, 1);
  }
}

/** The i-th mark after `from`, counted in local calendar units (DST-proof). */
function advance(from: Date, { unit, step }: TimeInterval, i: number): Date {
  const y = from.getFullYear();
  const m = from.getMonth();
  const d = from.getDate();
  switch (unit) {
    case 'hour':
      return new Date(y, m, d, from.getHours() + i * step);
    case 'weekday':
    case 'day':
      return new Date(y, m, d + i * step);
    case 'week':
      return new Date(y, m, d + 7 * i * step);
    case 'month':
      return new Date(y, m + i * step, 1);
    case 'year':
      return new Date(y + i * step, 0, 1);
  }
}

/** An interval's marks after `first` up to `last`; stops once there are too many. */
function marks(interval: TimeInterval, first: number, last: number): number[] {
  const from = origin(interval, new Date(first));
  const times: number[] = [];
  for (let i = 0; times.length <= MAX_TICKS; i++) {
    const t = advance(from, interval, i).getTime();
    if (t > last) break;
    // Not at `first`: a Day chart from 12:00 to 12:00 would show "12:00" at both ends.
    if (t > first) times.push(t);
  }
  return times;
}

export interface TimeTicks {
  unit: TimeUnit;
  ticks: number[];
}

/**
 * 3 to 5 time ticks on round local marks fit for the span: hours for a day, days for a week,
 * Mondays for a month, months for a year, years (or months) for longer. A span too short for
 * two round marks is labelled at its ends.
 */
export function timeTicks(first: number, last: number): TimeTicks {
  for (const interval of TIME_INTERVALS) {
    const ticks = marks(interval, first, last);
    if (ticks.length <= MAX_TICKS) {
      return ticks.length >= 2
        ? { unit: interval.unit, ticks }
        : { unit: 'minute', ticks: first === last ? [first] : [first, last] };
    }
  }
  for (let step = 1; ; step *= 10) {
    for (const factor of [1, 2, 5]) {
      const ticks = marks({ unit: 'year', step: step * factor }, first, last);
      if (ticks.length <= MAX_TICKS) return { unit: 'year', ticks };
    }
  }
}

/**
 * Time ticks in the locale: clock times in its own hour cycle ("18:00", "18.00", "6:00 PM"), with
 * a midnight named by its weekday; weekdays; day and month; months, January named by its year;
 * years.
 */
export function timeTickLabels({ unit, ticks }: TimeTicks, locale?: string): string[] {
  const clock = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' });
  const weekday = dateTimeFormat(locale, { weekday: 'short' });
  const dayMonth = dateTimeFormat(locale, { day: 'numeric', month: 'short' });
  const month = dateTimeFormat(locale, { month: 'short' });
  const year = dateTimeFormat(locale, { year: 'numeric' });
  return ticks.map((t) => {
    const date = new Date(t);
    switch (unit) {
      case 'minute':
        return clock.format(date);
      case 'hour':
        return date.getHours() === 0 ? weekday.format(date) : clock.format(date);
      case 'weekday':
        return weekday.format(date);
      case 'day':
      case 'week':
        return dayMonth.format(date);
      case 'month':
        return date.getMonth() === 0 ? year.format(date) : month.format(date);
      case 'year':
        return year.format(date);
    }
  });
}

/** Clock time in the locale's own hour cycle, for a read-out of a point within a day. */
export function clockTime(t: number, locale?: string): string {
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(new Date(t));
}

/** Index of the value in ascending `sorted` nearest to `target` (the earlier on a tie); -1 if empty. */
export function nearestIndex(sorted: readonly number[], target: number): number {
  if (sorted.length === 0) return -1;
  let low = 0;
  let high = sorted.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sorted[mid] < target) low = mid + 1;
    else high = mid;
  }
  if (low > 0 && target - sorted[low - 1] <= sorted[low] - target) return low - 1;
  return low;
}

const DAY = 24 * 3600 * 1000;

/**
 * Whether a chart's points lie within days, so each reads with its clock time. Decided by the
 * median gap: a daily series' two ends are instants (a year ago, now) whose gaps to the grid are
 * short, and they must not make every daily point read as a time.
 */
export function pointsHaveClock(times: readonly number[]): boolean {
  if (times.length < 2) return false;
  const gaps = times
    .slice(1)
    .map((t, i) => t - times[i])
    .sort((a, b) => a - b);
  return gaps[gaps.length >> 1] < DAY;
}

/** When a chart's point is: its day (YYYY-MM-DD, as every date), then its clock time if the points lie within days. */
export function pointTimeLabel(t: number, withClock: boolean, locale?: string): string {
  const day = formatDate(new Date(t).toISOString());
  return withClock ? `${day} ${clockTime(t, locale)}` : day;
}
