// Laravel-style validation: the rules of decisions.md "Input rules" with Laravel's default English
// messages, dot keys for nested payloads, and the 422 body of ValidationException::summarize.
// Its limits and rules are the domain's (src/domain: numbers, amount-rules, names, dates), as the
// app's schemas and docs/openapi.yaml have them.
import { EARLIEST_DAY, isDay } from '../domain/dates';
import { CONTROL, MAX_NAME, nameProblem, type NameProblem } from '../domain/names';
import {
  MAX_QUANTITY as MAX_NUMBER,
  MAX_SIGNIFICANT_DIGITS,
  numericValue,
  significantDigits,
} from '../domain/numbers';
import type { AmountRule } from '../domain/amount-rules';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD } from '../domain/account-rules';

export { MAX_NAME, MAX_NUMBER };
export { MIN_PASSWORD, MAX_PASSWORD_BYTES };
/** A UTF-16 surrogate without its pair: not a character, so not storable as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const EARLIEST_EVENT_DAY = Date.parse(EARLIEST_DAY);
const DAY_MS = 86_400_000;
const LATEST_UTC_OFFSET_MS = 14 * 3_600_000;

export type Errors = Record<string, string[]>;

/** `buy_event.share_price` → "buy event.share price", as Laravel's displayable attribute. */
function attribute(key: string): string {
  return key.replace(/_/g, ' ');
}

const requiredMessage = (key: string) => `The ${attribute(key)} field is required.`;
const tooLongMessage = (key: string, max: number) =>
  `The ${attribute(key)} field must not be greater than ${max} characters.`;

const NAME_MESSAGES: Record<NameProblem, (key: string) => string> = {
  required: requiredMessage,
  control: (key) => `The ${attribute(key)} field must not contain control characters.`,
  tooLong: (key) => tooLongMessage(key, MAX_NAME),
};

export class Validator {
  readonly errors: Errors = {};

  constructor(private readonly body: unknown) {}

  get failed(): boolean {
    return Object.keys(this.errors).length > 0;
  }

  add(key: string, message: string): void {
    (this.errors[key] ??= []).push(message);
  }

  /** A value by dot path; Laravel's TrimStrings and ConvertEmptyStringsToNull applied. */
  input(key: string): unknown {
    let value: unknown = this.body;
    for (const part of key.split('.')) {
      value = isRecord(value) ? value[part] : undefined;
    }
    if (typeof value === 'string') {
      const trimmed = value.trim();
      return trimmed === '' ? null : trimmed;
    }
    return value;
  }

  private required(key: string): unknown {
    const value = this.input(key);
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
      this.add(key, requiredMessage(key));
      return undefined;
    }
    return value;
  }

  /** required|string, and well-formed: a lone surrogate cannot be stored as it was sent. */
  private string(key: string): string | undefined {
    const value = this.required(key);
    if (value === undefined) return undefined;
    if (typeof value !== 'string') {
      this.add(key, `The ${attribute(key)} field must be a string.`);
      return undefined;
    }
    if (LONE_SURROGATE.test(value)) {
      this.add(key, `The ${attribute(key)} field must be valid text.`);
      return undefined;
    }
    return value;
  }

  /**
   * required|string|max:255, without control characters: NUL, which PostgreSQL cannot store in
   * text, among them (a name's rule, `nameProblem`).
   */
  text(key: string, max = MAX_NAME): string | undefined {
    const value = this.bounded(key, max);
    if (value !== undefined && CONTROL.test(value)) {
      this.add(key, NAME_MESSAGES.control(key));
      return undefined;
    }
    return value;
  }

  /** required|string|max */
  private bounded(key: string, max: number): string | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    // Counted as mb_strlen does: code points, not UTF-16 units.
    if ([...value].length > max) {
      this.add(key, tooLongMessage(key, max));
      return undefined;
    }
    return value;
  }

  /** A name: required|string|max:255, and visible, without control characters (`nameProblem`). */
  name(key: string): string | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const problem = nameProblem(value);
    if (problem === undefined) return value;
    this.add(key, NAME_MESSAGES[problem](key));
    return undefined;
  }

  /** required|string|email|max:255 */
  email(key: string): string | undefined {
    const value = this.bounded(key, MAX_NAME);
    if (value === undefined) return undefined;
    // Control and format characters (NUL among them) make a second address that looks the same.
    if (!/^[^\s@]+@[^\s@]+$/.test(value) || /[\p{Cc}\p{Cf}]/u.test(value)) {
      this.add(key, `The ${attribute(key)} field must be a valid email address.`);
      return undefined;
    }
    return value;
  }

  /**
   * required|string|min:8; `optional`: empty means "unchanged"; login has no `min`. A new
   * password is at most `maxBytes` (bcrypt's 72) in UTF-8.
   */
  password(
    key: string,
    { optional = false, min = MIN_PASSWORD, maxBytes = undefined as number | undefined } = {},
  ): string | undefined {
    // Passwords are not trimmed by Laravel's TrimStrings middleware, only emptied to null.
    const raw = isRecord(this.body) ? this.body[key] : undefined;
    if (raw === undefined || raw === null || raw === '') {
      if (!optional) this.add(key, requiredMessage(key));
      return undefined;
    }
    if (typeof raw !== 'string') {
      this.add(key, `The ${attribute(key)} field must be a string.`);
      return undefined;
    }
    if (LONE_SURROGATE.test(raw)) {
      this.add(key, `The ${attribute(key)} field must be valid text.`);
      return undefined;
    }
    // Counted as mb_strlen does: code points, not UTF-16 units.
    if ([...raw].length < min) {
      this.add(key, `The ${attribute(key)} field must be at least ${min} characters.`);
      return undefined;
    }
    // bcrypt reads 72 bytes and ignores the rest: a longer password would not be what it seems.
    if (maxBytes !== undefined && new TextEncoder().encode(raw).length > maxBytes) {
      this.add(key, `The ${attribute(key)} field must not be greater than ${maxBytes} bytes.`);
      return undefined;
    }
    return raw;
  }

  /** Laravel's `confirmed`: `<key>_confirmation` must be the same value, untrimmed as passwords. */
  confirmed(key: string, value: string | undefined): void {
    const confirmation = isRecord(this.body) ? this.body[`${key}_confirmation`] : undefined;
    if (value !== undefined && confirmation !== value)
      this.add(key, `The ${attribute(key)} field confirmation does not match.`);
  }

  /**
   * numeric with bounds: a finite JSON number or a numeric string (PHP is_numeric).
   * `fallback` makes the field nullable (Laravel `nullable`), e.g. fee 0 when empty.
   */
  number(key: string, bounds: AmountRule): number | undefined {
    const raw = this.input(key);
    if (raw == null && bounds.fallback !== undefined) return bounds.fallback;
    const value = this.required(key);
    if (value === undefined) return undefined;
    const parsed = numericValue(value);
    if (parsed === undefined) {
      this.add(key, `The ${attribute(key)} field must be a number.`);
      return undefined;
    }
    const name = attribute(key);
    if (bounds.greaterThan !== undefined && !(parsed > bounds.greaterThan)) {
      this.add(key, `The ${name} field must be greater than ${bounds.greaterThan}.`);
      return undefined;
    }
    if (bounds.atLeast !== undefined && parsed < bounds.atLeast) {
      this.add(key, `The ${name} field must be at least ${bounds.atLeast}.`);
      return undefined;
    }
    if (parsed > MAX_NUMBER) {
      this.add(key, `The ${name} field must not be greater than ${MAX_NUMBER}.`);
      return undefined;
    }
    // Laravel's decimal:0,N: beyond it is a typo, or a figure too small to mean anything.
    if (bounds.decimals !== undefined && decimalPlaces(value) > bounds.decimals) {
      this.add(key, `The ${name} field must have 0-${bounds.decimals} decimal places.`);
      return undefined;
    }
    // A number as sent, or the text `parseRequestBody` kept of a JSON number too precise for one.
    if (
      significantDigits(typeof value === 'string' ? value : String(parsed)) > MAX_SIGNIFICANT_DIGITS
    ) {
      this.add(
        key,
        `The ${name} field must not have more than ${MAX_SIGNIFICANT_DIGITS} significant digits.`,
      );
      return undefined;
    }
    return parsed;
  }

  /**
   * nullable|date_format:Y-m-d|after_or_equal:1970-01-01|before_or_equal:today. The time an event
   * of that day is booked at: now for today (or absent), noon UTC for an earlier day, so events
   * of one day stay in the order they were entered.
   */
  eventTime(key: string, now: number): number | undefined {
    const raw = this.input(key);
    if (raw == null) return now;
    const name = attribute(key);
    if (typeof raw !== 'string' || !isDay(raw)) {
      this.add(key, `The ${name} field must match the format Y-m-d.`);
      return undefined;
    }
    const day = Date.parse(raw);
    if (day < EARLIEST_EVENT_DAY) {
      this.add(key, `The ${name} field must be a date after or equal to ${EARLIEST_DAY}.`);
      return undefined;
    }
    // "Today" is the user's: up to 14 hours ahead of UTC (Kiribati), never later.
    if (day > now + LATEST_UTC_OFFSET_MS) {
      this.add(key, `The ${name} field must be a date before or equal to today.`);
      return undefined;
    }
    return day + DAY_MS > now ? now : day + DAY_MS / 2;
  }

  /** required|in:... */
  oneOf<T extends string>(key: string, allowed: readonly T[]): T | undefined {
    const value = this.required(key);
    if (value === undefined) return undefined;
    const found = allowed.find((a) => a === value);
    if (found === undefined) this.add(key, `The selected ${attribute(key)} is invalid.`);
    return found;
  }

  /** nullable|boolean: true, false, 1, 0, "1", "0". */
  boolean(key: string): boolean | undefined {
    const value = this.input(key);
    if (value == null) return false;
    if (value === true || value === 1 || value === '1') return true;
    if (value === false || value === 0 || value === '0') return false;
    this.add(key, `The ${attribute(key)} field must be true or false.`);
    return undefined;
  }

  /** A positive integer id (number or numeric string), or undefined after `required`. */
  id(key: string): number | undefined {
    const value = this.required(key);
    if (value === undefined) return undefined;
    const parsed = numericValue(value);
    if (parsed === undefined || !Number.isSafeInteger(parsed) || parsed < 1) {
      this.add(key, `The selected ${attribute(key)} is invalid.`);
      return undefined;
    }
    return parsed;
  }

  /** Laravel's 422 body: first message plus " (and N more errors)". */
  body422(): { message: string; errors: Errors } {
    return summarise(this.errors);
  }
}

export function summarise(errors: Errors): { message: string; errors: Errors } {
  const all = Object.values(errors).flat();
  const more = all.length - 1;
  const suffix = more > 0 ? ` (and ${more} more error${more === 1 ? '' : 's'})` : '';
  return { message: `${all[0] ?? 'The given data was invalid.'}${suffix}`, errors };
}

/** Decimal places of a JSON number or numeric string as written: 1e-7 has 7, 2.50 has 2. */
export function decimalPlaces(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : String(value).trim();
  const [mantissa = '', exponent = '0'] = text.toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
