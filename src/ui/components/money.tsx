import { useCallback, type ReactNode } from 'react';
import { formatMoney } from '../../domain/money';
import { AMOUNT_MASK } from '../../domain/numbers';
import { HiddenAmount, useFormatters } from './format-context';

/**
 * A price in its own currency: two decimals, as formatMoney writes amounts, but a price under 1
 * (a crypto coin's) keeps up to six, as it was stored, so it never reads as 0.00.
 */
export function formatPrice(value: number, currency: string, locale: string | undefined): string {
  if (value === 0 || Math.abs(value) >= 1) return formatMoney(value, currency, locale);
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 6,
    }).format(value);
  } catch {
    // Not an ISO code: formatMoney writes number and code.
    return formatMoney(value, currency, locale);
  }
}

/** Prices in their own currency; in privacy mode masked like every amount ("USD ••••"). */
export function useMoney(): (value: number, currency: string) => ReactNode {
  const { amountsHidden, locale } = useFormatters();
  return useCallback(
    (value, currency) =>
      amountsHidden ? (
        <HiddenAmount mask={formatMoney(0, currency, locale).replace(/\d[\d.,]*/, AMOUNT_MASK)} />
      ) : (
        formatPrice(value, currency, locale)
      ),
    [amountsHidden, locale],
  );
}
