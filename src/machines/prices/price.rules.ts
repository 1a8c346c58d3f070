// The rules of an investment's Prices section (prices.machine.ts): the form that types the price of
// a day, and the pages the list reads. Pure: tested with tables in
// tests/unit/domain/form-rules.test.ts.
import type { DayPrice, PricePayload, PriceRange } from '../../api';
import { fieldText, type DecimalMark } from '../../domain/numbers';
import { dateRule } from '../forms/date-rule';
import type { FormErrors } from '../forms/form-errors';
import { amount, amountRule, check, requiredText } from '../forms/form-rules';

export const PRICE_FIELDS = ['date', 'price', 'currency_code'] as const;
export type PriceField = (typeof PRICE_FIELDS)[number];
export type PriceValues = Record<PriceField, string>;

/** One page of the list: this many days, as the API's default range. */
export const PAGE_DAYS = 31;

const DAY_MS = 86_400_000;

/** The calendar day `days` after `day` (before, when negative); both YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The first page: the PAGE_DAYS days up to today. */
export function latestRange(today: string): PriceRange {
  return { from: shiftDay(today, 1 - PAGE_DAYS), to: today };
}

/** The page before the one starting on `from`. */
export function olderRange(from: string): PriceRange {
  const to = shiftDay(from, -1);
  return { from: shiftDay(to, 1 - PAGE_DAYS), to };
}

export type PageKind = 'latest' | 'older' | 'listed';

/** A page the list asks for: the days of `range`, shown from `from` on, after those listed
 * (`append`) or instead of them. */
export interface PageCall {
  range: PriceRange;
  from: string;
  append: boolean;
}

/** The first page; the one before those listed; or every page listed, read again after a change. */
export function pageCall(kind: PageKind, list: { from: string; today: string }): PageCall {
  if (kind === 'listed') {
    return { range: { from: list.from, to: list.today }, from: list.from, append: false };
  }
  const range = kind === 'latest' ? latestRange(list.today) : olderRange(list.from);
  return { range, from: range.from, append: kind === 'older' };
}

/** Only prices the user typed can be corrected or deleted. */
export const isTyped = (price: DayPrice): boolean => price.source === 'manual';

/** Said after a change (notices.machine.ts), in English; the UI shows them translated. */
export const PRICE_NOTICES = {
  saved: 'Price saved',
  deleted: 'Price deleted',
  restoring: 'Restoring the price…',
  restored: 'Price restored',
} as const;

/** "The price could not be restored. The server had a problem. …" */
export function notRestoredNotice(message: string): string {
  return `The price could not be restored. ${message}`;
}

/** Whether an older page may hold prices: the list has not reached the first event's day. */
export function hasOlder(context: { from: string; since: string | undefined }): boolean {
  return context.since === undefined || context.from > context.since;
}

/** The input rules of the form; the day as the event forms check it. */
export function priceRules(values: PriceValues, today: string): FormErrors<PriceField> {
  return check<PriceField>({
    date: () => dateRule(values.date, today),
    price: () => amountRule(values.price, { positive: true, quantity: 'money' }),
    currency_code: () => requiredText(values.currency_code),
  });
}

export function pricePayload(values: PriceValues): PricePayload {
  return {
    date: values.date,
    price: amount(values.price),
    currency_code: values.currency_code,
  };
}

/** What the form opens on: Add price's currency, or the typed price it corrects. */
export type Opening = { currency: string } | { price: DayPrice };

/** The form's first values: Add price's, on today; Edit's, the typed price's in the reader's `mark`. */
export function openingValues(opening: Opening, today: string, mark?: DecimalMark): PriceValues {
  return 'price' in opening
    ? { ...priceValuesOf(opening.price), price: fieldText(opening.price.price, mark) }
    : { date: today, price: '', currency_code: opening.currency };
}

export const priceValuesOf = (price: DayPrice): PriceValues => ({
  date: price.date,
  price: String(price.price),
  currency_code: price.currency_code,
});

/** One keystroke: the field's old error goes; a day is checked as it changes, so a future one is
 * flagged before Save. */
export function changePrice(
  form: { values: PriceValues; fieldErrors: FormErrors<PriceField>; today: string },
  field: PriceField,
  value: string,
): { values: PriceValues; fieldErrors: FormErrors<PriceField> } {
  const values = { ...form.values, [field]: value };
  const fieldErrors = { ...form.fieldErrors };
  delete fieldErrors[field];
  const dayProblem = field === 'date' && dateRule(value, form.today);
  if (dayProblem) fieldErrors.date = [dayProblem];
  return { values, fieldErrors };
}
