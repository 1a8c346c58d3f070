// The client's mirror of the server's input rules (decisions.md section 2 "Input rules"):
// each rule returns the message to show under the field, or undefined.
import { parseDecimal } from '../domain/numbers';

export const RULE_MESSAGES = {
  required: 'This field is required.',
  number: 'Must be a number, like 12.50.',
  positive: 'Must be greater than 0.',
  tooLong: 'Must be at most 255 characters.',
} as const;

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

/** A required amount: > 0 when `positive`, else >= 0 (the pattern has no sign). */
export function amountRule(value: string, { positive }: { positive: boolean }): string | undefined {
  if (value.trim() === '') return RULE_MESSAGES.required;
  const n = parseDecimal(value);
  if (n === null) return RULE_MESSAGES.number;
  return positive && n <= 0 ? RULE_MESSAGES.positive : undefined;
}

/** An optional amount >= 0, empty meaning 0 (fee, sold shares, sold price). */
export function optionalAmountRule(value: string): string | undefined {
  return value.trim() === '' || parseDecimal(value) !== null ? undefined : RULE_MESSAGES.number;
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
