// The client's mirror of the server's input rules (decisions.md section 2 "Input rules"):
// each rule returns the message to show under the field, or undefined.
import {
  DECIMALS_OF,
  MAX_QUANTITY,
  parseDecimal,
  readQuantity,
  type EntryProblem,
  type Quantity,
} from '../domain/numbers';

export const RULE_MESSAGES = {
  required: 'This field is required.',
  number: 'Must be a number, like 12.50.',
  positive: 'Must be greater than 0.',
  tooLong: 'Must be at most 255 characters.',
  tooLarge: `Must be at most ${MAX_QUANTITY.toLocaleString('en-US')}.`,
} as const;

/** "Use at most 8 decimals." for shares, 6 for prices and amounts. */
export function decimalsMessage(quantity: Quantity): string {
  return `Use at most ${DECIMALS_OF[quantity]} decimals.`;
}

function problemMessage(problem: EntryProblem, quantity: Quantity): string {
  if (problem === 'decimals') return decimalsMessage(quantity);
  return problem === 'tooLarge' ? RULE_MESSAGES.tooLarge : RULE_MESSAGES.number;
}

/** The message for a typed number that breaks the entry limits, or undefined. */
function entryRule(value: string, quantity: Quantity): string | undefined {
  const entry = readQuantity(value, quantity);
  return 'problem' in entry ? problemMessage(entry.problem, quantity) : undefined;
}

export const NAME_MAX = 255;

export function requiredText(value: string): string | undefined {
  return value.trim() === '' ? RULE_MESSAGES.required : undefined;
}

/** A name: 1 to 255 characters after trimming, counted as Laravel's mb_strlen does. */
export function nameRule(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return RULE_MESSAGES.required;
  // Spread counts code points, so an emoji is one character, not two UTF-16 units.
  return [...trimmed].length > NAME_MAX ? RULE_MESSAGES.tooLong : undefined;
}

/**
 * A required amount: > 0 when `positive`, else >= 0 (the pattern has no sign), at most
 * MAX_QUANTITY, with at most 8 decimals for `quantity: 'shares'` (the default, the looser limit,
 * so no caller refuses what the server takes) and 6 for `'money'` (prices, fees, amounts).
 */
export function amountRule(
  value: string,
  { positive, quantity = 'shares' }: { positive: boolean; quantity?: Quantity },
): string | undefined {
  if (value.trim() === '') return RULE_MESSAGES.required;
  const message = entryRule(value, quantity);
  if (message) return message;
  return positive && (parseDecimal(value) ?? 0) <= 0 ? RULE_MESSAGES.positive : undefined;
}

/** An optional amount >= 0, empty meaning 0 (fee, sold shares, sold price); limits as above. */
export function optionalAmountRule(
  value: string,
  quantity: Quantity = 'shares',
): string | undefined {
  return value.trim() === '' ? undefined : entryRule(value, quantity);
}

/** The number of an optional amount: empty is 0. Call only after its rule passed. */
export function optionalAmount(value: string): number {
  return value.trim() === '' ? 0 : (parseDecimal(value) ?? 0);
}

/** The number of a required amount; 0 stands in while it is still invalid (validate-only). */
export function amount(value: string): number {
  return parseDecimal(value) ?? 0;
}

/** Runs the rules of the given fields; only failing fields appear. */
export function check<F extends string>(
  rules: Partial<Record<F, () => string | undefined>>,
): Partial<Record<F, string[]>> {
  const errors: Partial<Record<F, string[]>> = {};
  for (const field of Object.keys(rules) as F[]) {
    const message = rules[field]?.();
    if (message) errors[field] = [message];
  }
  return errors;
}
