// Number entry and display (decisions.md sections 2 and 6, product-spec display rules).
import { numberFormat } from './intl.ts';

/**
 * HTML `pattern` for decimal text inputs: digits with one optional comma or point, and
 * surrounding spaces, which `parseDecimal` trims. "12." and ".5" are refused: both sides of the
 * separator need a digit. No sign: the number fields only take amounts >= 0.
 */
export const DECIMAL_PATTERN = '\\s*[0-9]+([.,][0-9]+)?\\s*';

/** The pattern as the browser applies it: the whole value must match. */
const DECIMAL = new RegExp(`^(?:${DECIMAL_PATTERN})$`, 'v');

/**
 * "12,50" and "12.50" are 12.5; anything else (empty, exponent, hex, separators) is null.
 * Accepts exactly what DECIMAL_PATTERN accepts, except digit strings too long for a finite
 * number (over 300 digits), which are null too.
 */
export function parseDecimal(input: string): number | null {
  if (!DECIMAL.test(input)) return null;
  const value = Number(input.trim().replace(',', '.'));
  return Number.isFinite(value) ? value : null;
}

/** The mark a reader writes between a number's whole part and its decimals. */
export type DecimalMark = '.' | ',';

/** The locale's decimal mark: "," in Danish, "." in English. */
export function decimalMarkOf(locale?: string): DecimalMark {
  const part = numberFormat(locale)
    .formatToParts(0.5)
    .find((p) => p.type === 'decimal');
  return part?.value === ',' ? ',' : '.';
}

/**
 * A number as a field shows it for editing: its plain digits (no grouping) with the reader's
 * decimal mark, so a Danish form shows "428,78" where it was given 428.78. `parseDecimal` reads
 * either mark back.
 */
export function fieldText(value: number | string, mark: DecimalMark = '.'): string {
  const text = String(value);
  return mark === '.' ? text : text.replace('.', mark);
}

export interface AmountFormat {
  showCurrency: boolean;
  showDecimals: boolean;
  locale?: string;
  /** Thousands separators; on unless turned off (for a value the user will edit). */
  useGrouping?: boolean;
  /** Privacy mode: the amount is masked ("DKK ••••"); ratios are not amounts and still show. */
  hidden?: boolean;
}

/** What stands for the digits of a hidden amount: the same width for every value. */
export const AMOUNT_MASK = '••••';

/** The mask where the locale puts the number, next to "DKK" where the locale puts the code. */
function maskedAmount(format: AmountFormat): string {
  if (!format.showCurrency) return AMOUNT_MASK;
  const parts = numberFormat(format.locale, {
    style: 'currency',
    currency: 'DKK',
    currencyDisplay: 'code',
  }).formatToParts(0);
  return parts
    .map((part) => {
      if (part.type === 'integer') return AMOUNT_MASK;
      return part.type === 'currency' || part.type === 'literal' ? part.value : '';
    })
    .join('');
}

/** U+2212, the typographic minus: as wide as "+", and read as "minus" by screen readers. */
export const MINUS = '\u2212';

/** Exponent form with up to two significant digits, the same in every locale: "4.2e-3", "4e-3". */
function exponent(value: number): string {
  return value.toExponential(1).replace('.0e', 'e');
}

function isTiny(value: number): boolean {
  return value !== 0 && Math.abs(value) < 0.01;
}

/**
 * DKK amount with the locale; under 0.01 (non-zero) in exponent form ("4.2e-3", then " DKK"
 * when the currency shows). With the currency, Intl places the code "DKK" as the locale does.
 */
export function formatAmount(value: number, format: AmountFormat): string {
  if (format.hidden) return maskedAmount(format);
  if (isTiny(value)) return exponent(value) + (format.showCurrency ? ' DKK' : '');
  const digits = format.showDecimals ? 2 : 0;
  return numberFormat(format.locale, {
    ...(format.showCurrency
      ? { style: 'currency', currency: 'DKK', currencyDisplay: 'code' }
      : { style: 'decimal' }),
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    useGrouping: format.useGrouping ?? true,
    // No "-0" when a small loss rounds to zero.
    signDisplay: 'negative',
  }).format(value);
}

function sign(value: number): string {
  if (value > 0) return '+';
  return value < 0 ? MINUS : '';
}

/** A signed change ("+12.30", "−4.00"; zero unsigned) for telling gains from losses without colour. */
export function formatChange(value: number, format: AmountFormat): string {
  return sign(value) + formatAmount(Math.abs(value), format);
}

/** Ratio 0.0123 as "+1.23 %", -0.05 as "−5.00 %", 0 as "0.00 %". */
export function formatRatio(ratio: number, locale?: string): string {
  const percent = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(ratio * 100));
  return `${sign(ratio)}${percent} %`;
}

/** A part of a whole, 0.4127 as "41.27 %": unsigned, as it is no gain or loss. */
export function formatPercent(ratio: number, locale?: string): string {
  const percent = numberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(ratio * 100);
  return `${percent} %`;
}

/** The most decimals a share count is stored with (the contract's decimal:0,8). */
export const SHARE_DECIMALS = 8;
/** The most decimals a price, fee or amount is stored with (decimal:0,6). */
export const MONEY_DECIMALS = 6;
/** A broker's exchange rate: JPY is about 0.04 DKK, so more decimals than money has. */
export const RATE_DECIMALS = 8;
/** The largest share count, price or amount accepted; beyond it is a typo. */
export const MAX_QUANTITY = 1_000_000_000;
/**
 * A figure is stored as a double, which holds every decimal of up to 15 significant digits
 * exactly as written: 999999999.99999999 (17) would be stored as 1000000000.
 */
export const MAX_SIGNIFICANT_DIGITS = 15;

/** A number as JSON or text carries it: digits with an optional sign, point and exponent. */
const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

/**
 * A finite JSON number, or the number of a numeric string (PHP's is_numeric, which Laravel's
 * `numeric` rule and its decimal casts share); anything else is undefined.
 */
export function numericValue(value: unknown): number | undefined {
  const number = typeof value === 'string' && NUMERIC.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/**
 * The digits of a decimal as written, from its first to its last non-zero digit, whatever the
 * sign, separator or exponent: "0.00120" has 2, "1200" has 2, "1,5e3" has 2.
 */
export function significantDigits(text: string): number {
  const mantissa = text.trim().split(/[eE]/)[0] ?? '';
  const digits = mantissa.replace(/[^0-9]/g, '');
  // Found by index, not by /0+$/, which backtracks quadratically over a long run of zeros.
  const first = digits.search(/[1-9]/);
  if (first < 0) return 0;
  let last = digits.length - 1;
  while (digits[last] === '0') last -= 1;
  return last - first + 1;
}

/** The fewest decimals (2 to 8) that show `shares` exactly, as far as 8 decimals can. */
function shareDigits(shares: number): number {
  for (let digits = 2; digits < SHARE_DECIMALS; digits++) {
    if (Number(shares.toFixed(digits)) === shares) return digits;
  }
  return SHARE_DECIMALS;
}

/**
 * Shares as figures show them (the spec's display rules): up to 2 decimals, and under 0.01 in
 * exponent form, so a holding never reads 0: 10 is "10", 1.23456 is "1.23", 0.004 is "4e-3".
 */
export function formatShares(shares: number, locale?: string): string {
  if (isTiny(shares)) return exponent(shares);
  return numberFormat(locale, {
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  }).format(shares);
}

/**
 * Shares exactly, for a figure the user may type back (a limit in a message): up to 2 decimals
 * where that is the truth, else as many as it takes, up to 8: 0.12345678 is "0.12345678".
 * Read back, the text gives the same number (property-tested).
 */
export function formatExactShares(shares: number, locale?: string): string {
  return numberFormat(locale, {
    maximumFractionDigits: Number.isFinite(shares) ? shareDigits(shares) : 2,
    signDisplay: 'negative',
  }).format(shares);
}

export type Quantity = 'shares' | 'money';

export const DECIMALS_OF: Readonly<Record<Quantity, number>> = {
  shares: SHARE_DECIMALS,
  money: MONEY_DECIMALS,
};

/**
 * Why a typed number is refused: not a number, too many decimals, over MAX_QUANTITY, or more
 * significant digits than are stored exactly.
 */
export type EntryProblem = 'number' | 'decimals' | 'tooLarge' | 'digits';

export type QuantityEntry = { value: number } | { problem: EntryProblem };

/**
 * A typed share count (up to 8 decimals) or money figure (up to 6), at most MAX_QUANTITY.
 * Trailing zeros are not decimals ("2.500000000" is 2.5). Never gives Infinity or NaN: a
 * digit string too long for a number is `tooLarge`, not a parse failure.
 */
export function readQuantity(input: string, quantity: Quantity): QuantityEntry {
  if (!DECIMAL.test(input)) return { problem: 'number' };
  const [whole = '', fraction = ''] = input.trim().split(/[.,]/);
  if (fraction.replace(/0+$/, '').length > DECIMALS_OF[quantity]) return { problem: 'decimals' };
  const value = Number(`${whole}.${fraction || '0'}`);
  if (!Number.isFinite(value) || value > MAX_QUANTITY) return { problem: 'tooLarge' };
  if (significantDigits(input) > MAX_SIGNIFICANT_DIGITS) return { problem: 'digits' };
  return { value };
}

/**
 * "1.000" or "2,500": one separator, then exactly three digits, after a group a thousands
 * separator could follow (1 to 3 digits, no leading zero). The app reads the separator as a
 * decimal point; `asTyped` is the number it saves. "0.125" and "1234.567" are not ambiguous.
 */
export function ambiguousDecimal(text: string): { asTyped: number } | undefined {
  if (!/^\s*[1-9][0-9]{0,2}[.,][0-9]{3}\s*$/.test(text)) return undefined;
  const asTyped = parseDecimal(text);
  return asTyped === null ? undefined : { asTyped };
}

/**
 * The hint under an ambiguous field, with the other reading spelled out:
 * "Saved as 1 (the point is a decimal point). Meant 1000? Type it without the point."
 */
export function ambiguousDecimalHint(text: string): string | undefined {
  const ambiguous = ambiguousDecimal(text);
  if (!ambiguous) return undefined;
  const separator = text.includes(',') ? 'comma' : 'point';
  const grouped = text.trim().replace(/[.,]/, '');
  return (
    `Saved as ${String(ambiguous.asTyped)} (the ${separator} is a decimal point). ` +
    `Meant ${grouped}? Type it without the ${separator}.`
  );
}

/** YYYY-MM-DD of an ISO time, in local time; an unreadable time is shown as given. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Up to two decimals, with a point: a ratio reads the same in every locale. */
function ratioPart(n: number): string {
  return String(Math.round(n * 100) / 100);
}

/** A split's from and to, reduced: 100 to 200 is 1 and 2, 105 to 10 is 10.5 and 1; default 1, 1. */
export function splitRatioParts(from: number, to: number): { from: string; to: string } {
  if (!(Number.isFinite(from) && Number.isFinite(to) && from > 0 && to > 0))
    return { from: '1', to: '1' };
  const unit = Math.min(from, to);
  return { from: ratioPart(from / unit), to: ratioPart(to / unit) };
}

/** Split ratio from:to, reduced: 100 to 200 is "1:2", 105 to 10 is "10.5:1"; default "1:1". */
export function formatSplitRatio(from: number, to: number): string {
  const parts = splitRatioParts(from, to);
  return `${parts.from}:${parts.to}`;
}
