// The requests' fields and their rules, each written once as a valibot schema, that the bodies of
// ./requests.ts are made of: Laravel's messages with `:attribute` for the field (its dot path, `_`
// read as a space), one message per field, its first failing rule (as with Laravel's `bail`). A
// rule valibot cannot say well is a named check here, also used by the import rows' validator
// (src/contract/validation.ts). `v.metadata` gives the JSON form of a check the generator cannot
// see into.
import * as v from 'valibot';
import type { AmountRule } from '../rules/amount-rules';
import { MAX_PASSWORD_BYTES, MIN_PASSWORD } from '../rules/account-rules';
import { EARLIEST_DAY, isDay } from '../dates';
import { MAX_NAME, nameProblem, type NameProblem } from '../rules/names';
import { MAX_QUANTITY, MAX_SIGNIFICANT_DIGITS, numericValue, significantDigits } from '../numbers';

export { MIN_PASSWORD, MAX_PASSWORD_BYTES };
/** An instrument's identifier: an ISIN (12) or a crypto symbol, with room to say what is wrong. */
export const MAX_IDENTIFIER = 32;

/** Laravel's English messages; `:attribute` is the field. */
export const MESSAGES = {
  required: 'The :attribute field is required.',
  string: 'The :attribute field must be a string.',
  text: 'The :attribute field must be valid text.',
  control: 'The :attribute field must not contain control characters.',
  tooLong: (max: number) => `The :attribute field must not be greater than ${max} characters.`,
  email: 'The :attribute field must be a valid email address.',
  minLength: (min: number) => `The :attribute field must be at least ${min} characters.`,
  maxBytes: (max: number) => `The :attribute field must not be greater than ${max} bytes.`,
  confirmed: 'The :attribute field confirmation does not match.',
  number: 'The :attribute field must be a number.',
  greaterThan: (bound: number) => `The :attribute field must be greater than ${bound}.`,
  atLeast: (bound: number) => `The :attribute field must be at least ${bound}.`,
  atMost: (bound: number) => `The :attribute field must not be greater than ${bound}.`,
  decimals: (places: number) => `The :attribute field must have 0-${places} decimal places.`,
  digits: `The :attribute field must not have more than ${MAX_SIGNIFICANT_DIGITS} significant digits.`,
  dayFormat: 'The :attribute field must match the format Y-m-d.',
  afterEarliest: `The :attribute field must be a date after or equal to ${EARLIEST_DAY}.`,
  beforeToday: 'The :attribute field must be a date before or equal to today.',
  invalid: 'The selected :attribute is invalid.',
  boolean: 'The :attribute field must be true or false.',
  atMostField: (bound: number) => `The :attribute field must be less than or equal to ${bound}.`,
} as const;

/** `buy_event.share_price` → "buy event.share price", as Laravel's displayable attribute. */
export function attribute(key: string): string {
  return key.replace(/_/g, ' ');
}

/** A message of MESSAGES for the field `key`. */
export function messageFor(template: string, key: string): string {
  return template.replace(':attribute', attribute(key));
}

/** Laravel's `required`: absent, null (an empty string is made null first) or an empty list. */
export function isMissing(value: unknown): boolean {
  return value === undefined || value === null || (Array.isArray(value) && value.length === 0);
}

/** A type's message, or `required` when the value is missing: Laravel checks that first. */
export const typed =
  (message: string) =>
  (issue: v.BaseIssue<unknown>): string =>
    isMissing(issue.input) ? MESSAGES.required : message;

/** A UTF-16 surrogate without its pair: not a character, so not storable as sent. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Counted as mb_strlen does: code points, not UTF-16 units. */
const codePoints = (text: string) => [...text].length;

/** required|string, and well-formed: a lone surrogate cannot be stored as it was sent. */
const string = v.pipe(
  v.string(typed(MESSAGES.string)),
  v.check((text) => !LONE_SURROGATE.test(text), MESSAGES.text),
);

const NAME_MESSAGES: Record<NameProblem, string> = {
  required: MESSAGES.required,
  control: MESSAGES.control,
  tooLong: MESSAGES.tooLong(MAX_NAME),
};

/** required|string|max, without control characters (NUL among them: PostgreSQL cannot store it). */
export const text = (max = MAX_NAME) =>
  v.pipe(
    string,
    v.check((value) => codePoints(value) <= max, MESSAGES.tooLong(max)),
    v.check((value) => !/\p{Cc}/u.test(value), MESSAGES.control),
    v.metadata({ minLength: 1, maxLength: max }),
  );

/** A name: required|string|max:255, visible, without control characters (`nameProblem`). */
export const name = v.pipe(
  string,
  v.rawCheck(({ dataset, addIssue }) => {
    const problem = dataset.typed ? nameProblem(dataset.value) : undefined;
    if (problem) addIssue({ message: NAME_MESSAGES[problem] });
  }),
  v.metadata({ $ref: '#/components/schemas/NameText' }),
);

/** required|string|email|max:255 */
export const email = v.pipe(
  string,
  v.check((value) => codePoints(value) <= MAX_NAME, MESSAGES.tooLong(MAX_NAME)),
  // Control and format characters (NUL among them) make a second address that looks the same.
  v.check(
    (value) => /^[^\s@]+@[^\s@]+$/.test(value) && !/[\p{Cc}\p{Cf}]/u.test(value),
    MESSAGES.email,
  ),
  v.metadata({ maxLength: MAX_NAME }),
);

/**
 * required|string|min (login: no min), and, for a new password, at most bcrypt's 72 bytes:
 * bcrypt ignores the rest, so a longer password would not be what it seems. Not trimmed.
 */
export const password = (min: number, maxBytes?: number) =>
  v.pipe(
    string,
    v.check((value) => codePoints(value) >= min, MESSAGES.minLength(min)),
    v.check(
      (value) => maxBytes === undefined || new TextEncoder().encode(value).length <= maxBytes,
      MESSAGES.maxBytes(maxBytes ?? 0),
    ),
    v.metadata({ minLength: Math.max(min, 1) }),
  );

/** A password a user sets: at least 8 characters, at most 72 bytes. */
export const newPassword = password(MIN_PASSWORD, MAX_PASSWORD_BYTES);

/** Laravel's `in:`: a missing value is `required`, another `invalid`. */
export const oneOf = <const T extends readonly string[]>(values: T) =>
  v.picklist(values, typed(MESSAGES.invalid));

/** nullable|boolean: true, false, 1, 0, "1", "0"; absent or null is false. */
export const flag = v.pipe(
  v.nullish(v.union([v.boolean(), v.picklist([1, 0, '1', '0'])], MESSAGES.boolean), false),
  v.transform((value) => value === true || value === 1 || value === '1'),
);

/** A positive integer id, as a JSON number or a numeric string. */
export const id = v.pipe(
  v.custom<number | string>((value) => {
    const parsed = numericValue(value);
    return parsed !== undefined && Number.isSafeInteger(parsed) && parsed >= 1;
  }, typed(MESSAGES.invalid)),
  v.metadata({ $ref: '#/components/schemas/IdInput' }),
  v.transform(Number),
);

/** Decimal places of a JSON number or numeric string as written: 1e-7 has 7, 2.50 has 2. */
export function decimalPlaces(value: unknown): number {
  const written = typeof value === 'number' ? String(value) : String(value).trim();
  const [mantissa = '', exponent = '0'] = written.toLowerCase().split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * An amount by its rule (numeric, gt or min, max, decimal:0,N, at most 15 significant digits),
 * or the message of its first broken rule. A named check: valibot has no numeric-string rule.
 */
export function readAmount(value: unknown, rule: AmountRule): number | { problem: string } {
  if (isMissing(value)) return { problem: MESSAGES.required };
  const parsed = numericValue(value);
  if (parsed === undefined) return { problem: MESSAGES.number };
  if (rule.greaterThan !== undefined && !(parsed > rule.greaterThan))
    return { problem: MESSAGES.greaterThan(rule.greaterThan) };
  if (rule.atLeast !== undefined && parsed < rule.atLeast)
    return { problem: MESSAGES.atLeast(rule.atLeast) };
  if (parsed > MAX_QUANTITY) return { problem: MESSAGES.atMost(MAX_QUANTITY) };
  // Laravel's decimal:0,N: beyond it is a typo, or a figure too small to mean anything.
  if (rule.decimals !== undefined && decimalPlaces(value) > rule.decimals)
    return { problem: MESSAGES.decimals(rule.decimals) };
  // A number as sent, or the text `parseRequestBody` kept of a JSON number too precise for one.
  if (
    significantDigits(typeof value === 'string' ? value : String(parsed)) > MAX_SIGNIFICANT_DIGITS
  )
    return { problem: MESSAGES.digits };
  return parsed;
}

/** The JSON form of an amount's rule. */
function amountJson(rule: AmountRule): Record<string, unknown> {
  const optional = rule.fallback !== undefined || rule.optional === true;
  return {
    $ref: `#/components/schemas/${optional ? 'OptionalNumericInput' : 'NumericInput'}`,
    ...(rule.greaterThan !== undefined && { exclusiveMinimum: rule.greaterThan }),
    ...(rule.atLeast !== undefined && { minimum: rule.atLeast }),
    maximum: MAX_QUANTITY,
  };
}

/** A required amount of AMOUNT_RULES. */
export function amount(rule: AmountRule) {
  return v.pipe(v.unknown(), v.metadata(amountJson(rule)), readAmountOf(rule));
}

function readAmountOf(rule: AmountRule) {
  return v.rawTransform<unknown, number>(({ dataset, addIssue, NEVER }) => {
    const read = readAmount(dataset.value, rule);
    if (typeof read === 'number') return read;
    addIssue({ message: read.problem });
    return NEVER;
  });
}

/** An amount that is its fallback when absent, null or empty (a fee is 0). */
export function amountOr(rule: AmountRule & { fallback: number }) {
  const read = v.pipe(v.unknown(), readAmountOf(rule));
  return v.pipe(
    v.optional(v.nullable(read, rule.fallback), rule.fallback),
    v.metadata(amountJson(rule)),
  );
}

/** An amount that may be absent (null or empty): there is none. */
export function optionalAmount(rule: AmountRule) {
  return v.pipe(v.nullish(v.pipe(v.unknown(), readAmountOf(rule))), v.metadata(amountJson(rule)));
}

const EARLIEST = Date.parse(EARLIEST_DAY);

/** date_format:Y-m-d|after_or_equal:1970-01-01 (`before_or_equal:today` needs the call's time). */
export const day = v.pipe(
  v.custom<string>((value) => typeof value === 'string' && isDay(value), typed(MESSAGES.dayFormat)),
  v.check((value) => Date.parse(value) >= EARLIEST, MESSAGES.afterEarliest),
  v.metadata({ type: 'string', format: 'date' }),
);

const DAY_MS = 86_400_000;
/** "Today" is the user's: up to 14 hours ahead of UTC (Kiribati), never later. */
const LATEST_UTC_OFFSET_MS = 14 * 3_600_000;

/**
 * `before_or_equal:today` of a day `day` allowed, and the time an event of that day is booked
 * at: now for today, noon UTC for an earlier day, so events of one day keep the order they were
 * entered in. Undefined for a day after today.
 */
export function eventTime(day: string, now: number): number | undefined {
  const start = Date.parse(day);
  if (start > now + LATEST_UTC_OFFSET_MS) return undefined;
  return start + DAY_MS > now ? now : start + DAY_MS / 2;
}

/** An event's day: absent or null is now (or, for a correction, the day it has). */
export const eventDay = v.pipe(
  v.nullish(day),
  v.metadata({ $ref: '#/components/schemas/EventDate' }),
);
