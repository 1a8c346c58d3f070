// Local calendar days and months of epoch times, as the event forms' dates are.
import { localDay } from '../dates';

const DAY = 86_400_000;

/** The start of the local day after the one `time` falls in. */
export function nextMidnight(time: number): number {
  const date = new Date(time);
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1).getTime();
}

/** Whole days since the epoch of `time`'s local day: differences are calendar days, DST or not. */
export function dayNumber(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY;
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
