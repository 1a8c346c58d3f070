// What the investment screen says of the price an investment is valued at (the investments
// answer's `quote`): plain functions, tested without React.
import type { Investment } from '../../domain/types';
import { isDay } from '../../domain/dates';

/** A quote this many days old is still current: a long weekend passes without a price. */
export const STALE_AFTER_DAYS = 4;

/** Whole days from `day` to `today`, both YYYY-MM-DD. */
export function daysBetween(day: string, today: string): number {
  return Math.round(
    (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${day}T00:00:00Z`)) / 86_400_000,
  );
}

/** The price is for a day more than STALE_AFTER_DAYS before today. */
export function isStale(day: string, today: string): boolean {
  return isDay(day) && isDay(today) && daysBetween(day, today) > STALE_AFTER_DAYS;
}

/** A typed price's default currency: the quote's, else the listing's, else DKK. */
export function priceCurrency(investment: Investment | undefined): string {
  return investment?.quote?.currency ?? investment?.instrument?.currency ?? 'DKK';
}
