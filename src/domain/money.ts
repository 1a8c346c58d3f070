// An amount in a currency of its own (an event as entered, a listing's price), unlike the DKK
// figures of the screens, which numbers.ts formats by the user's settings.
import { numberFormat } from './intl';

/** "1,234.50 USD"-style with the locale; an unknown code still reads as number and code. */
export function formatMoney(value: number, currency: string, locale?: string): string {
  return inCurrency(value, currency, locale, 2);
}

/**
 * A price in its own currency: two decimals, as formatMoney writes amounts, but a price under 1
 * (a crypto coin's) keeps up to six, as it was stored, so it never reads as 0.00.
 */
export function formatPrice(value: number, currency: string, locale?: string): string {
  const small = value !== 0 && Math.abs(value) < 1;
  return inCurrency(value, currency, locale, small ? 6 : 2);
}

function inCurrency(value: number, currency: string, locale: string | undefined, most: number) {
  const digits = { minimumFractionDigits: 2, maximumFractionDigits: most };
  try {
    return numberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      ...digits,
    }).format(value);
  } catch {
    // Intl refuses codes that are not three letters; the form may hold one while loading.
    const number = numberFormat(locale, digits).format(value);
    return currency ? `${number} ${currency}` : number;
  }
}
