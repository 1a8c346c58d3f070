// Local calendar days and months of epoch times, as the event forms' dates are.
import { localDay } from '../dates';

const DAY = 86_400_000;

/** Whole days since the epoch of `time`'s local day: differences are calendar days, DST or not. */
export function dayNumber(time: number): number {
  const date = new Date(time);
  return Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / DAY;
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
