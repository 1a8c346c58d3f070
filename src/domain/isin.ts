// CONTRACT STUB (lead): signatures are fixed; the domain helper implements the bodies.
/** Trim and upper-case, as the identifier field does on input. */
export function normaliseIdentifier(_input: string): string {
  throw new Error('not implemented');
}
/** Two letters, nine letters or digits, one digit. */
export function hasIsinFormat(_code: string): boolean {
  throw new Error('not implemented');
}
/** Letters to numbers (A=10 ... Z=35), then Luhn. */
export function hasValidCheckDigit(_code: string): boolean {
  throw new Error('not implemented');
}
export function isValidIsin(_code: string): boolean {
  throw new Error('not implemented');
}
