import { describe, expect, it } from 'vitest';
import { formatMoney, formatPrice } from '../../../src/domain/money';

/** Intl separates the currency code with a no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\u00A0/g, ' ');

describe('formatMoney', () => {
  it.each<[number, string, string, string]>([
    [17300, 'USD', 'en-GB', 'USD 17,300.00'],
    [17300, 'USD', 'da-DK', '17.300,00 USD'],
    [117510.755, 'DKK', 'da-DK', '117.510,76 DKK'],
    [0.004, 'EUR', 'en-GB', 'EUR 0.00'],
    [-12.5, 'SEK', 'en-GB', '-SEK 12.50'],
    // Not an ISO code (a form still loading its list): number and code.
    [12.5, 'XX', 'en-GB', '12.50 XX'],
  ])('writes %d %s in %s as %j', (value, currency, locale, expected) => {
    expect(plain(formatMoney(value, currency, locale))).toBe(expected);
  });
});

describe('formatPrice', () => {
  it.each<[number, string, string, string]>([
    [191.6, 'USD', 'en-GB', 'USD 191.60'],
    [191.6, 'USD', 'da-DK', '191,60 USD'],
    [1321.912, 'DKK', 'da-DK', '1.321,91 DKK'],
    // A coin under 1 keeps the decimals it was stored with, up to six.
    [0.123456, 'USD', 'en-GB', 'USD 0.123456'],
    [0.5, 'USD', 'da-DK', '0,50 USD'],
    [0, 'USD', 'en-GB', 'USD 0.00'],
  ])('writes %d %s in %s as %j', (value, currency, locale, expected) => {
    expect(plain(formatPrice(value, currency, locale))).toBe(expected);
  });
});
