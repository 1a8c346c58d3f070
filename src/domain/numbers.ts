// Number entry and display (decisions.md sections 2 and 6, product-spec display rules).

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

export interface AmountFormat {
  showCurrency: boolean;
  showDecimals: boolean;
  locale?: string;
  /** Thousands separators; on unless turned off (for a value the user will edit). */
  useGrouping?: boolean;
}

/** U+2212, the typographic minus: as wide as "+", and read as "minus" by screen readers. */
export const MINUS = '\u2212';

/** Exponent form with two significant digits, the same in every locale: "4.2e-3". */
function exponent(value: number): string {
  return value.toExponential(1);
}

function isTiny(value: number): boolean {
  return value !== 0 && Math.abs(value) < 0.01;
}

/**
 * DKK amount with the locale; under 0.01 (non-zero) in exponent form ("4.2e-3", then " DKK"
 * when the currency shows). With the currency, Intl places the code "DKK" as the locale does.
 */
export function formatAmount(value: number, format: AmountFormat): string {
  if (isTiny(value)) return exponent(value) + (format.showCurrency ? ' DKK' : '');
  const digits = format.showDecimals ? 2 : 0;
  return new Intl.NumberFormat(format.locale, {
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
  const percent = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.abs(ratio * 100));
  return `${sign(ratio)}${percent} %`;
}

/** Shares with up to 2 decimals. */
export function formatShares(shares: number, locale?: string): string {
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: 2,
    signDisplay: 'negative',
  }).format(shares);
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

/** Split ratio from:to, reduced: 100 to 200 is "1:2", 105 to 10 is "10.5:1"; default "1:1". */
export function formatSplitRatio(from: number, to: number): string {
  if (!(Number.isFinite(from) && Number.isFinite(to) && from > 0 && to > 0)) return '1:1';
  const unit = Math.min(from, to);
  return `${ratioPart(from / unit)}:${ratioPart(to / unit)}`;
}
