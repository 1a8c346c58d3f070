// CONTRACT STUB (lead): signatures are fixed; the domain helper implements the bodies.

/** HTML `pattern` for decimal text inputs: digits with one optional comma or point. */
export const DECIMAL_PATTERN = '[0-9]+([.,][0-9]+)?';

/** "12,50" and "12.50" are 12.5; anything else (empty, exponent, hex, separators) is null. */
export function parseDecimal(_input: string): number | null {
  throw new Error('not implemented');
}

export interface AmountFormat {
  showCurrency: boolean;
  showDecimals: boolean;
  locale?: string;
}

/** DKK amount with the locale; under 0.01 (non-zero) in exponent form. */
export function formatAmount(_value: number, _format: AmountFormat): string {
  throw new Error('not implemented');
}

/** A signed change ("+12.30", "−4.00") for telling gains from losses without colour. */
export function formatChange(_value: number, _format: AmountFormat): string {
  throw new Error('not implemented');
}

/** Ratio 0.0123 as "+1.23 %". */
export function formatRatio(_ratio: number, _locale?: string): string {
  throw new Error('not implemented');
}

/** Shares with up to 2 decimals. */
export function formatShares(_shares: number, _locale?: string): string {
  throw new Error('not implemented');
}

/** YYYY-MM-DD of an ISO time, in local time. */
export function formatDate(_iso: string): string {
  throw new Error('not implemented');
}

/** Split ratio from:to, reduced: 100 to 200 is "1:2", 105 to 10 is "10.5:1"; default "1:1". */
export function formatSplitRatio(_from: number, _to: number): string {
  throw new Error('not implemented');
}
