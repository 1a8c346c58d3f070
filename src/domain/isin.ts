// ISIN format and check digit (decisions.md section 3). ASCII only: no Unicode letters or digits.

/** Trim and upper-case, as the identifier field does on input. */
export function normaliseIdentifier(input: string): string {
  return input.trim().toUpperCase();
}

const ISIN_FORMAT = /^[A-Z]{2}[A-Z0-9]{9}[0-9]$/;

/** Two letters, nine letters or digits, one digit. */
export function hasIsinFormat(code: string): boolean {
  return ISIN_FORMAT.test(code);
}

/** Letters to numbers (A=10 ... Z=35), then Luhn. The check digit itself is a digit. */
export function hasValidCheckDigit(code: string): boolean {
  if (!/^[A-Z0-9]*[0-9]$/.test(code)) return false;
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
  return sum % 10 === 0;
}

export function isValidIsin(code: string): boolean {
  return hasIsinFormat(code) && hasValidCheckDigit(code);
}
