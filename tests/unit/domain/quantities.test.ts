import { describe, expect, it } from 'vitest';
import Big from 'big.js';
import fc from 'fast-check';
import {
  MAX_QUANTITY,
  ambiguousDecimal,
  ambiguousDecimalHint,
  formatExactShares,
  parseDecimal,
  readQuantity,
  significantDigits,
  type Quantity,
} from '../../../src/domain/numbers';
import { amountRule, optionalAmountRule } from '../../../src/machines/forms/form-rules';

/** The shown text read back: en-US groups thousands with commas. */
const readBack = (shown: string) => parseDecimal(shown.replace(/,/g, ''));

describe('formatExactShares shows enough digits to be right', () => {
  it.each([
    [10, '10'],
    [2.5, '2.5'],
    [12.25, '12.25'],
    [0.004, '0.004'],
    [0.12345678, '0.12345678'],
    [0.00000001, '0.00000001'],
    [1.10000001, '1.10000001'],
    [1 / 3, '0.33333333'],
    [0.1 + 0.2, '0.3'],
    [1234567.125, '1,234,567.125'],
    [999_999_999.5, '999,999,999.5'],
    [Number('99999999.12345678'), '99,999,999.12345678'],
    [0, '0'],
    [-0.004, '-0.004'],
  ])('shows %d as %j', (shares, expected) => {
    expect(formatExactShares(shares, 'en-US')).toBe(expected);
  });

  it('never shows a holding as 0', () => {
    expect(formatExactShares(0.004, 'en-US')).not.toBe('0');
    expect(formatExactShares(0.004, 'da-DK')).toBe('0,004');
  });

  it('gives back any share count in (0, 1e9) with at most 8 decimals', () => {
    const shares = fc
      .tuple(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 99_999_999 }))
      .map(([whole, fraction]) => Number(`${whole}.${String(fraction).padStart(8, '0')}`))
      .filter((value) => value > 0);
    fc.assert(
      fc.property(shares, (value) => {
        expect(readBack(formatExactShares(value, 'en-US'))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses 2 decimals or fewer when they are exact', () => {
    const cents = fc.integer({ min: 1, max: 99_999_999_999 }).map((n) => n / 100);
    fc.assert(
      fc.property(cents, (value) => {
        const fraction = formatExactShares(value, 'en-US').split('.')[1] ?? '';
        expect(fraction.length).toBeLessThanOrEqual(2);
      }),
    );
  });
});

describe('readQuantity', () => {
  it.each<[string, Quantity, number]>([
    ['0.12345678', 'shares', 0.12345678],
    ['12,5', 'shares', 12.5],
    ['2.500000000000', 'money', 2.5],
    ['1000000000', 'money', MAX_QUANTITY],
    ['0001000000000', 'shares', MAX_QUANTITY],
    ['0.123456', 'money', 0.123456],
  ])('reads %j as %s: %d', (input, quantity, value) => {
    expect(readQuantity(input, quantity)).toEqual({ value });
  });

  it.each<[string, Quantity, string]>([
    ['0.123456789', 'shares', 'decimals'],
    ['0.1234567', 'money', 'decimals'],
    ['1000000000.01', 'shares', 'tooLarge'],
    ['1000000001', 'money', 'tooLarge'],
    ['9'.repeat(400), 'shares', 'tooLarge'],
    ['999999999.99999999', 'shares', 'digits'],
    ['123456789.1234567', 'shares', 'digits'],
    ['1e3', 'money', 'number'],
    ['', 'shares', 'number'],
    ['NaN', 'shares', 'number'],
  ])('refuses %j as %s: %s', (input, quantity, problem) => {
    expect(readQuantity(input, quantity)).toEqual({ problem });
  });

  it('never gives anything but a finite number within the limits', () => {
    const text = fc.string({
      unit: fc.constantFrom('0', '1', '9', ',', '.', ' ', 'e', '-'),
      maxLength: 40,
    });
    fc.assert(
      fc.property(text, fc.constantFrom<Quantity>('shares', 'money'), (input, quantity) => {
        const entry = readQuantity(input, quantity);
        if ('value' in entry) {
          expect(Number.isFinite(entry.value)).toBe(true);
          expect(entry.value).toBeLessThanOrEqual(MAX_QUANTITY);
          expect(entry.value).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('significantDigits', () => {
  it.each([
    ['999999999.99999999', 17],
    ['9999999.99999999', 15],
    ['0.00120', 2],
    ['1200', 2],
    ['1,5e3', 2],
    ['-0.004', 1],
    ['0', 0],
  ])('%j has %i', (text, digits) => {
    expect(significantDigits(text)).toBe(digits);
  });

  it('up to 15 of them, a decimal reads back from a double exactly as written', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: 1n, max: 10n ** 15n - 1n }), fc.integer({ min: 0, max: 8 }))
      .map(([digits, places]) => {
        const text = digits.toString().padStart(places + 1, '0');
        return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
      });
    fc.assert(
      fc.property(decimal, (text) => {
        expect(significantDigits(text)).toBeLessThanOrEqual(15);
        expect(new Big(Number(text)).eq(new Big(text))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('form rules with the entry limits', () => {
  it.each([
    ['0.123456789', {}, 'Use at most 8 decimals.'],
    ['0.1234567', { quantity: 'money' as const }, 'Use at most 6 decimals.'],
    ['0.1234567', {}, undefined],
    ['2000000000', {}, 'Must be at most 1,000,000,000.'],
    ['9'.repeat(400), {}, 'Must be at most 1,000,000,000.'],
    ['abc', {}, 'Must be a number, like 12.50.'],
    ['999999999.99999999', {}, 'Use at most 15 digits.'],
    ['0', {}, 'Must be greater than 0.'],
    ['0.004', {}, undefined],
  ])('a required share count %j (%j): %j', (value, options, message) => {
    expect(amountRule(value, { positive: true, ...options })).toBe(message);
  });

  it('an optional amount is empty, or within the limits', () => {
    expect(optionalAmountRule('')).toBeUndefined();
    expect(optionalAmountRule('1.5')).toBeUndefined();
    expect(optionalAmountRule('1.1234567', 'money')).toBe('Use at most 6 decimals.');
    expect(optionalAmountRule('1e9')).toBe('Must be a number, like 12.50.');
  });
});

describe('ambiguousDecimal', () => {
  it.each([
    [
      '1.000',
      1,
      'Saved as 1 (the point is a decimal point). Meant 1000? Type it without the point.',
    ],
    [
      '2,500',
      2.5,
      'Saved as 2.5 (the comma is a decimal point). Meant 2500? Type it without the comma.',
    ],
    [
      ' 999.999 ',
      999.999,
      'Saved as 999.999 (the point is a decimal point). Meant 999999? Type it without the point.',
    ],
    [
      '12,345',
      12.345,
      'Saved as 12.345 (the comma is a decimal point). Meant 12345? Type it without the comma.',
    ],
  ])('%j is ambiguous: saved as %d', (text, asTyped, hint) => {
    expect(ambiguousDecimal(text)).toEqual({ asTyped });
    expect(ambiguousDecimalHint(text)).toBe(hint);
  });

  it.each(['1', '1.5', '1.00', '1.0000', '0.125', '0,500', '1234.567', '1.000.000', '', 'x'])(
    '%j is not ambiguous',
    (text) => {
      expect(ambiguousDecimal(text)).toBeUndefined();
      expect(ambiguousDecimalHint(text)).toBeUndefined();
    },
  );
});
