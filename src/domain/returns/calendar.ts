// Local calendar days and months of epoch times, as the event forms' dates are.
import { localDay } from '../dates';

const DAY = 86_400_000;

/** Whole days since the epoch of `time`'s local day: differences are calendar days, DST or not. */
export function dayNumber(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY;
}

/** Local midnights from a day's end on, and the month (year × 12 + month) of the day each ends. */
interface Midnights {
  times: number[];
  months: number[];
}

/** Kept by the first midnight: a span from the same day (Forever's, a year's) asks again. */
const keptMidnights = new Map<number, Midnights>();
const MIDNIGHTS_KEPT = 8;

/**
 * The local midnights after `from` and before `to` (the first `count` of `times`), with the month
 * of the day each ends (`months`), kept: a span's days cost no date arithmetic the next time.
 */
export function midnightsBetween(
  from: number,
  to: number,
): { times: readonly number[]; months: readonly number[]; count: number } {
  const start = new Date(from);
  const [year, month, date] = [start.getFullYear(), start.getMonth(), start.getDate()];
  // The k-th local day after `from`'s starts at its date + k (the date overflows into months).
  const midnight = (k: number) => new Date(year, month, date + k).getTime();
  const first = midnight(1);
  let kept = keptMidnights.get(first);
  // A time zone changed since (a test's) gives other midnights: they are made again.
  const last = kept?.times.length ?? 0;
  if (!kept || (last > 1 && midnight(last) !== kept.times[last - 1])) {
    kept = { times: [], months: [] };
    keptMidnights.delete(first);
    keptMidnights.set(first, kept);
    for (const oldest of keptMidnights.keys()) {
      if (keptMidnights.size <= MIDNIGHTS_KEPT) break;
      keptMidnights.delete(oldest);
    }
  }
  const { times, months } = kept;
  while (times.length === 0 || times[times.length - 1] < to) {
    const next = midnight(times.length + 1);
    const day = new Date(next - 1);
    times.push(next);
    months.push(day.getFullYear() * 12 + day.getMonth());
  }
  let count = 0;
  for (let high = times.length; count < high;) {
    const middle = (count + high) >> 1;
    if (times[middle] < to) count = middle + 1;
    else high = middle;
  }
  return { times, months, count };
}

/**
 * The day number (dayNumber) of the last local day a return's step ending at `time` covers: the
 * day before when `time` is a midnight, as a value there is the day before's close.
 */
export function stepDayNumber(time: number): number {
  const date = new Date(time);
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
  return dayNumber(time) - (time === start ? 1 : 0);
}

/** YYYY-MM of `time`'s local day. */
export function monthOf(time: number): string {
  return localDay(new Date(time)).slice(0, 7);
}

/** The same local moment a year later (29 February: 1 March). */
export function yearAfter(time: number): number {
  const date = new Date(time);
  date.setFullYear(date.getFullYear() + 1);
  return date.getTime();
}

/** The local start of 1 January of `year`. */
export function yearStart(year: number): number {
  return new Date(year, 0, 1).getTime();
}
