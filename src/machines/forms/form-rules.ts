// The client's mirror of the server's input rules (decisions.md section 2 "Input rules"):
// each rule returns the message to show under the field, or undefined.
import {
  DECIMALS_OF,
  MAX_QUANTITY,
  MAX_SIGNIFICANT_DIGITS,
  parseDecimal,
  readQuantity,
  type EntryProblem,
  type Quantity,
} from '../../domain/numbers';
import { MAX_NAME, nameProblem, type NameProblem } from '../../domain/rules/names';

/**
 * 1000000000 as "1,000,000,000", without Intl: this module is on home's way to its first paint,
 * and Intl's first use at its load took 0.2 s there at 4x CPU (issue 37).
 */
function groupedInEnglish(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const RULE_MESSAGES = {
  required: 'This field is required.',
  number: 'Must be a number, like 12.50.',
  positive: 'Must be greater than 0.',
  tooLong: `Must be at most ${MAX_NAME} characters.`,
  control: 'Must not contain control characters.',
  tooLarge: `Must be at most ${groupedInEnglish(MAX_QUANTITY)}.`,
  digits: `Use at most ${MAX_SIGNIFICANT_DIGITS} digits.`,
} as const;

/** "Use at most 8 decimals." for shares, 6 for prices and amounts. */
export function decimalsMessage(quantity: Quantity): string {
  return `Use at most ${DECIMALS_OF[quantity]} decimals.`;
}

function problemMessage(problem: EntryProblem, quantity: Quantity): string {
  if (problem === 'decimals') return decimalsMessage(quantity);
  return RULE_MESSAGES[problem];
}

/** The message for a typed number that breaks the entry limits, or undefined. */
function entryRule(value: string, quantity: Quantity): string | undefined {
  const entry = readQuantity(value, quantity);
  return 'problem' in entry ? problemMessage(entry.problem, quantity) : undefined;
}

export function requiredText(value: string): string | undefined {
  return value.trim() === '' ? RULE_MESSAGES.required : undefined;
}

const NAME_MESSAGES: Record<NameProblem, string> = {
  required: RULE_MESSAGES.required,
  control: RULE_MESSAGES.control,
  tooLong: RULE_MESSAGES.tooLong,
};

/** A name as the server's rule takes it (`nameProblem`): visible, no control characters, <= 255. */
export function nameRule(value: string): string | undefined {
  const problem = nameProblem(value);
  return problem === undefined ? undefined : NAME_MESSAGES[problem];
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
