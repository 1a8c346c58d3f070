// An amount in a currency the user chose (event forms), unlike the DKK figures of the screens.

/** "1,234.50 USD"-style with the locale; an unknown code still reads as number and code. */
export function formatMoney(value: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'code',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value);
  } catch {
    // Intl refuses codes that are not three letters; the form may hold one while loading.
    const number = new Intl.NumberFormat(locale, {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    }).format(value);
    return currency ? `${number} ${currency}` : number;
  }
}
