// Instants and exchange-local calendar days. A price's day is the exchange's own date, never the
// UTC date: a Sydney close at 16:00 AEDT is the previous day in UTC.
import { isDay } from '../domain/dates';
import type { Day } from './port';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Offsets are sampled this often: no zone changes twice (and back) within it. */
const SAMPLE_MS = 16 * DAY_MS;

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

/** `zonedTimeToEpoch` for many days at one local time (see `closingInstants`). */
export function zonedTimesToEpoch(days: readonly Day[], time: string, timeZone: string): number[] {
  const at = closingInstants(time, timeZone);
  return days.map((day) => at(dayNumber(day)));
}

/**
 * A zone's offsets from UTC as runs of equal offset: each change is found once, by a binary
 * search between samples, a year at a time.
 */
class ZoneOffsets {
  /** Starts of the runs (epoch ms, whole seconds) and their offsets (ms), from `from` to `to`. */
  private starts: number[] = [];
  private offsets: number[] = [];
  private from = 0;
  private to = 0;

  constructor(private readonly timeZone: string) {}

  /** `offsetSeconds(time, zone) * 1000`. */
  at(time: number): number {
    if (time < this.from || time >= this.to) this.cover(new Date(time).getUTCFullYear());
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.starts[middle] <= time) low = middle;
      else high = middle - 1;
    }
    return this.offsets[low];
  }

  /** Extends the runs to `year`, and the years between it and those covered. */
  private cover(year: number): void {
    const start = Date.UTC(year, 0, 1);
    const end = Date.UTC(year + 1, 0, 1);
    if (this.starts.length === 0) {
      this.append(start, end);
    } else if (start < this.from) {
      const [starts, offsets] = [this.starts, this.offsets];
      const to = this.to;
      [this.starts, this.offsets] = [[], []];
      this.append(start, this.from);
      this.starts.push(...starts);
      this.offsets.push(...offsets);
      this.to = to;
    } else {
      this.append(this.to, end);
    }
  }

  /** Adds the runs from `start` to `end`, which starts where the runs end (or they are none). */
  private append(start: number, end: number): void {
    const offset = (time: number) => offsetSeconds(time, this.timeZone) * 1000;
    let time = start;
    let current = offset(time);
    if (this.starts.length === 0) this.from = start;
    this.starts.push(time);
    this.offsets.push(current);
    while (time < end) {
      const next = Math.min(time + SAMPLE_MS, end);
      if (offset(next) === current) {
        time = next;
        continue;
      }
      // The first whole second at another offset: the hour first (clocks change on one), then
      // the second within it if it is not the hour's first.
      const hour = firstChange(time, next, HOUR_MS, (t) => offset(t) !== current);
      const change =
        offset(hour - 1000) !== current
          ? firstChange(Math.max(time, hour - HOUR_MS), hour, 1000, (t) => offset(t) !== current)
          : hour;
      current = offset(change);
      this.starts.push(change);
      this.offsets.push(current);
      time = change;
    }
    this.to = end;
  }
}

/**
 * The first of `from + k * step` up to `to` where `changed` holds, given it holds at `to` and not
 * at `from`; times past `to` count as `to`.
 */
function firstChange(
  from: number,
  to: number,
  step: number,
  changed: (time: number) => boolean,
): number {
  let low = 0;
  let high = Math.ceil((to - from) / step);
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (changed(Math.min(from + middle * step, to))) high = middle;
    else low = middle;
  }
  return Math.min(from + high * step, to);
}

const ZONES = new Map<string, ZoneOffsets>();

/**
 * The instants of a local wall time (`HH:MM`) in `timeZone`, by day number (`dayNumber`): what
 * `zonedTimeToEpoch` gives, each from the zone's offsets kept once per process, with no time
 * zone computation per day.
 */
export function closingInstants(time: string, timeZone: string): (day: number) => number {
  let offsets = ZONES.get(timeZone);
  if (!offsets) {
    offsets = new ZoneOffsets(timeZone);
    ZONES.set(timeZone, offsets);
  }
  const zone = offsets;
  const [hour, minute] = time.split(':').map(Number);
  const sinceMidnight = (hour * 60 + minute) * 60_000;
  return (day) => {
    const wall = day * DAY_MS + sinceMidnight;
    // As zonedTimeToEpoch: two passes settle the offset, also on days the clocks change.
    return wall - zone.at(wall - zone.at(wall));
  };
}

/** Days since 1970-01-01 of a `YYYY-MM-DD` day, by arithmetic (H. Hinnant's days_from_civil). */
export function dayNumber(day: Day): number {
  const year =
    (day.charCodeAt(0) - 48) * 1000 +
    (day.charCodeAt(1) - 48) * 100 +
    (day.charCodeAt(2) - 48) * 10 +
    day.charCodeAt(3) -
    48;
  const month = (day.charCodeAt(5) - 48) * 10 + day.charCodeAt(6) - 48;
  const date = (day.charCodeAt(8) - 48) * 10 + day.charCodeAt(9) - 48;
  // Years from March, so a leap day ends its year.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + date - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/**
 * The `YYYY-MM-DD` day of a day number, by arithmetic (H. Hinnant's civil_from_days): a chart asks
 * it per event, and `toISOString` costs ten times as much. Years outside 1000–9999 as `Date` says.
 */
export function dayOfNumber(day: number): Day {
  const z = Math.floor(day) + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor(
    (dayOfEra -
      Math.floor(dayOfEra / 1460) +
      Math.floor(dayOfEra / 36_524) -
      Math.floor(dayOfEra / 146_096)) /
      365,
  );
  const dayOfYear =
    dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  // Months from March, so a leap day ends its year.
  const m = Math.floor((5 * dayOfYear + 2) / 153);
  const date = dayOfYear - Math.floor((153 * m + 2) / 5) + 1;
  const month = m < 10 ? m + 3 : m - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  if (!(year >= 1000 && year <= 9999)) return new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${year}-${month < 10 ? '0' : ''}${month}-${date < 10 ? '0' : ''}${date}`;
}

/** Midnight UTC of a day, in epoch ms. */
export function utcMidnight(day: Day): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/** The day `days` after (or before, when negative) a day. */
export function addDays(day: Day, days: number): Day {
  return new Date(utcMidnight(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday to Friday: the days an exchange can trade and the ECB publishes rates. */
export function isWeekday(day: Day): boolean {
  const weekday = new Date(utcMidnight(day)).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** Whole days from `a` to `b`. */
export function daysBetween(a: Day, b: Day): number {
  return Math.round((utcMidnight(b) - utcMidnight(a)) / DAY_MS);
}

/** The number of an instant's UTC calendar day: days since 1970-01-01. */
export function utcDayNumber(epochMs: number): number {
  return Math.floor(epochMs / DAY_MS);
}

/** The UTC calendar day of an instant. */
export function utcDay(epochMs: number): Day {
  return dayOfNumber(utcDayNumber(epochMs));
}

// One rule for what a day is, the forms' and the contract's.
export { isDay };

/** Guards an adapter's range: both ends real days (an empty range, `from` after `to`, is fine). */
export function checkRange(from: Day, to: Day): void {
  if (!isDay(from) || !isDay(to)) throw new RangeError(`Not a range of days: ${from} to ${to}`);
}
