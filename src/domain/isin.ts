// ISIN format and check digit (decisions.md section 3). ASCII only: no Unicode letters or digits.
import type { InstrumentType } from './kinds';

/** Trim and upper-case, as the identifier field does on input. */
export function normaliseIdentifier(input: string): string {
  return input.trim().toUpperCase();
}

const ISIN_FORMAT = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** Two letters, nine letters or digits, one digit. */
export function hasIsinFormat(code: string): boolean {
  return ISIN_FORMAT.test(code);
}

/** Letters to numbers (A=10 ... Z=35), then the Luhn sum, from the rightmost digit. */
function luhnSum(code: string): number {
  let digits = '';
  for (const char of code) digits += parseInt(char, 36).toString();
  let sum = 0;
  // From the rightmost digit (the check digit), double every second one.
  for (let i = 0; i < digits.length; i++) {
    let digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

/** Letters to numbers (A=10 ... Z=35), then Luhn. The check digit itself is a digit. */
export function hasValidCheckDigit(code: string): boolean {
  if (!/^[A-Z0-9]*[0-9]$/.test(code)) return false;
  return luhnSum(code) % 10 === 0;
}

export function isValidIsin(code: string): boolean {
  return hasIsinFormat(code) && hasValidCheckDigit(code);
}

/** What is wrong with a code that is not an ISIN, in the order a user would fix it. */
export type IsinProblem =
  | { kind: 'country' }
  | { kind: 'characters'; position: number; character: string }
  | { kind: 'length'; length: number }
  | { kind: 'checkCharacter' }
  | { kind: 'checkDigit'; expected: number }
  /** Well-formed, but the catalogue has no such instrument. */
  | { kind: 'unknown' };

export const ISIN_LENGTH = 12;

/** The check digit that makes letters and digits before it pass Luhn. */
export function expectedCheckDigit(body: string): number {
  // A check digit d adds d to the sum, since it is never doubled.
  return (10 - (luhnSum(`${body}0`) % 10)) % 10;
}

/** Why a (normalised) code fails the ISIN's format or check digit; undefined when it passes. */
export function diagnoseIsin(code: string): IsinProblem | undefined {
  const chars = [...code];
  if (!chars.slice(0, 2).every((char) => /^[A-Z]$/.test(char))) return { kind: 'country' };
  const stray = chars.findIndex((char, i) => i >= 2 && !/^[A-Z0-9]$/.test(char));
  if (stray >= 0) return { kind: 'characters', position: stray + 1, character: chars[stray] };
  if (chars.length !== ISIN_LENGTH) return { kind: 'length', length: chars.length };
  if (!/^[0-9]$/.test(chars[ISIN_LENGTH - 1])) return { kind: 'checkCharacter' };
  if (hasValidCheckDigit(code)) return undefined;
  return { kind: 'checkDigit', expected: expectedCheckDigit(code.slice(0, ISIN_LENGTH - 1)) };
}

/** One sentence saying what is wrong: the detail under the spec's "Must be a valid ISIN code". */
export function describeIsinProblem(problem: IsinProblem): string {
  switch (problem.kind) {
    case 'country':
      return 'It must start with a two-letter country code, such as DK or US.';
    case 'characters':
      return `Character ${problem.position} (${problem.character}) must be a letter or a digit.`;
    case 'length':
      return `An ISIN has ${ISIN_LENGTH} characters; this has ${problem.length}.`;
    case 'checkCharacter':
      return 'The last character (the check digit) must be a digit.';
    case 'checkDigit':
      return `The check digit is wrong: expected ${problem.expected}.`;
    case 'unknown':
      return 'No instrument with this ISIN is known.';
  }
}

/** The detail under the spec's "Must be a valid Crypto Symbol": only the catalogue decides. */
export const UNKNOWN_SYMBOL = 'No crypto currency with this symbol is known.';

/**
 * The detail under the spec's identifier message, for a normalised code: what is wrong with the
 * ISIN, or that no such instrument is known. Undefined when the code is accepted.
 */
export function instrumentRefusal(
  type: InstrumentType,
  code: string,
  known: boolean,
): string | undefined {
  const problem = type === 'stock' ? diagnoseIsin(code) : undefined;
  if (problem) return describeIsinProblem(problem);
  if (known) return undefined;
  return type === 'stock' ? describeIsinProblem({ kind: 'unknown' }) : UNKNOWN_SYMBOL;
}
