// Exact decimals as text (the port's DecimalText), computed with big.js: prices never pass
// through float arithmetic once they leave a provider's JSON.
import Big from 'big.js';
import type { DecimalText } from './port';

/** Significant digits kept from Yahoo's numbers: float32 carries about 7. */
export const FLOAT32_DIGITS = 7;
/** Significant digits kept from a float64 JSON number (CoinGecko's): all it can carry. */
export const FLOAT64_DIGITS = 15;

const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Plain decimal text: digits, an optional fraction, no exponent, no sign other than a minus. */
export function isDecimalText(text: string): boolean {
  return DECIMAL.test(text);
}

/** `toFixed()` without places writes plain notation; big.js has already dropped trailing zeros. */
function text(value: Big): DecimalText {
  const written = value.toFixed();
  return written === '-0' ? '0' : written;
}

/**
 * A provider's JSON number as exact text, rounded to `significant` digits (7 by default): Yahoo's
 * values went through float32 (188.5500030517578 is 188.55), and no price needs more digits
 * than that. Pass FLOAT64_DIGITS for sources that send float64 numbers as they were written.
 */
export function decimalOf(n: number, significant = FLOAT32_DIGITS): DecimalText {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  if (n === 0) return '0';
  return text(new Big(n).prec(significant));
}

/** Decimal text as is; a number as the shortest decimal that reads back as it. */
function big(value: DecimalText | number): Big {
  if (typeof value === 'number') return new Big(decimalOf(value, FLOAT64_DIGITS));
  if (!isDecimalText(value)) throw new RangeError(`Not a decimal: ${value}`);
  return new Big(value);
}

/** a × b, exactly. */
export function multiplyDecimals(a: DecimalText | number, b: DecimalText | number): DecimalText {
  return text(big(a).times(big(b)));
}

/** a ÷ b to `places` decimals (half-up); division is the one inexact operation. */
export function divideDecimals(
  a: DecimalText | number,
  b: DecimalText | number,
  places = 10,
): DecimalText {
  const divisor = big(b);
  if (divisor.eq(0)) throw new RangeError('Division by zero');
  return text(big(a).div(divisor).round(places, Big.roundHalfUp));
}

/** -1, 0 or 1, for sorting and comparing decimal text without floats. */
export function compareDecimals(a: DecimalText, b: DecimalText): -1 | 0 | 1 {
  return big(a).cmp(big(b));
}
