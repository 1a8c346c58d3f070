// What the returns section shows, from the performance answer: pure, for table tests.
import type { MonthReturn } from '../../domain/types';

/** How many past calendar years the span picker offers besides this one. */
export const PAST_YEARS = 9;

/** This year first, then the past years the picker offers. */
export function yearChoices(now: Date): number[] {
  const year = now.getFullYear();
  return Array.from({ length: PAST_YEARS + 1 }, (_, index) => year - index);
}

export interface MonthlyRow {
  year: number;
  /** January to December: the month's TWR, null when nothing was invested, undefined outside the span. */
  months: (number | null | undefined)[];
}

/** The monthly returns as a table: a row a year, newest first, a column a month. */
export function monthlyRows(monthly: readonly MonthReturn[]): MonthlyRow[] {
  const rows = new Map<number, MonthlyRow>();
  for (const { month, twr } of monthly) {
    const year = Number(month.slice(0, 4));
    const row = rows.get(year) ?? { year, months: new Array<undefined>(12).fill(undefined) };
    row.months[Number(month.slice(5, 7)) - 1] = twr;
    rows.set(year, row);
  }
  return [...rows.values()].sort((a, b) => b.year - a.year);
}
