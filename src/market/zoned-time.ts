// Instants and exchange-local calendar days. A price's day is the exchange's own date, never the
// UTC date: a Sydney close at 16:00 AEDT is the previous day in UTC.
import { isDay } from '../domain/dates';
import type { Day } from './port';

const DAY_MS = 86_400_000;

const FORMATS = new Map<string, Intl.DateTimeFormat>();

/** One formatter per zone: building them is slow, and the fake market asks for thousands. */
function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = FORMATS.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    FORMATS.set(timeZone, format);
  }
  return format;
}

interface WallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallTime(epochMs: number, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** The calendar day in `timeZone` at an instant. */
export function dayInZone(epochMs: number, timeZone: string): Day {
  const { year, month, day } = wallTime(epochMs, timeZone);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The zone's offset from UTC at an instant, in seconds (Yahoo's `gmtoffset`). */
export function offsetSeconds(epochMs: number, timeZone: string): number {
  const w = wallTime(epochMs, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(epochMs / 1000) * 1000) / 1000);
}

/** The instant of a local wall time (`HH:MM`) on a day in `timeZone`. */
export function zonedTimeToEpoch(day: Day, time: string, timeZone: string): number {
  const [hour, minute] = time.split(':').map(Number);
  const wall = Date.UTC(
    Number(day.slice(0, 4)),
    Number(day.slice(5, 7)) - 1,
    Number(day.slice(8, 10)),
    hour,
    minute,
  );
  // Two passes settle the offset, also on days the clocks change.
  let guess = wall - offsetSeconds(wall, timeZone) * 1000;
  guess = wall - offsetSeconds(guess, timeZone) * 1000;
  return guess;
}

/**
 * `zonedTimeToEpoch` for many days at one local time, asking the zone's offset twice a month
 * instead of twice a day: a month whose first and last days share an offset (most of them; a
 * clock change is the exception) shares it throughout.
 */
export function zonedTimesToEpoch(days: readonly Day[], time: string, timeZone: string): number[] {
  const [hour, minute] = time.split(':').map(Number);
  const monthOffsets = new Map<string, number | undefined>();
  const wall = (day: Day) =>
    Date.UTC(
      Number(day.slice(0, 4)),
      Number(day.slice(5, 7)) - 1,
      Number(day.slice(8, 10)),
      hour,
      minute,
    );
  return days.map((day) => {
    const month = day.slice(0, 7);
    if (!monthOffsets.has(month)) {
      const first = `${month}-01`;
      const last = addDays(addDays(first, 32).slice(0, 7) + '-01', -1);
      const offsetOf = (d: Day) => wall(d) - zonedTimeToEpoch(d, time, timeZone);
      const start = offsetOf(first);
      monthOffsets.set(month, start === offsetOf(last) ? start : undefined);
    }
    const offset = monthOffsets.get(month);
    return offset === undefined ? zonedTimeToEpoch(day, time, timeZone) : wall(day) - offset;
  });
}

/** Midnight UTC of a day, in epoch ms. */
export function utcMidnight(day: Day): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: Day, days: number): Day {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

/** The UTC calendar day of an instant. */
export function utcDay(epochMs: number): Day {
  return new Date(epochMs).toISOString().slice(0, 10);
}

// One rule for what a day is, the forms' and the contract's.
export { isDay };

/** Guards an adapter's range: both ends real days (an empty range, `from` after `to`, is fine). */
export function checkRange(from: Day, to: Day): void {
  if (!isDay(from) || !isDay(to)) throw new RangeError(`Not a range of days: ${from} to ${to}`);
}
