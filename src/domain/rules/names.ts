// Names of portfolios, investments and users (decisions.md "Input rules"): one rule, read by the
// contract's validation and by the forms that mirror it.

/** Laravel's `max:255`, counted in characters (code points) as mb_strlen counts them. */
export const MAX_NAME = 255;

/** `required`: nothing visible; `control`: holds a control character; `tooLong`: over MAX_NAME. */
export type NameProblem = 'required' | 'control' | 'tooLong';

/** Whitespace and format characters (zero-width spaces and joiners, BOM, direction marks). */
const INVISIBLE_ONLY = /^[\s\p{Cf}]*$/u;
/** NUL, tab, newline, DEL and the rest of Unicode's Cc: no part of a name anyone can see. */
export const CONTROL = /\p{Cc}/u;

/** What is wrong with a name as sent, or undefined; surrounding whitespace does not count. */
export function nameProblem(name: string): NameProblem | undefined {
  const trimmed = name.trim();
  // A name nobody can see would be a blank row in every list.
  if (INVISIBLE_ONLY.test(trimmed)) return 'required';
  if (CONTROL.test(trimmed)) return 'control';
  return [...trimmed].length > MAX_NAME ? 'tooLong' : undefined;
}
