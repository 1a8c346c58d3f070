import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DECIMAL_PATTERN,
  MINUS,
  decimalMarkOf,
  fieldText,
  formatAmount,
  formatChange,
  formatDate,
  formatRatio,
  formatShares,
  formatSplitRatio,
  parseDecimal,
  type AmountFormat,
} from '../../../src/domain/numbers';

/** Intl separates the currency code with a no-break space; compare with plain spaces. */
const plain = (text: string) => text.replace(/\u00A0/g, ' ');
const en = (showCurrency: boolean, showDecimals: boolean): AmountFormat => ({
  showCurrency,
  showDecimals,
  locale: 'en-US',
});
/** The input's pattern as a browser applies it (whole value, `v` flag). */
const browserPattern = new RegExp(`^(?:${DECIMAL_PATTERN})$`, 'v');

describe('parseDecimal', () => {
  it.each([
    ['12,50', 12.5],
    ['12.50', 12.5],
    ['0', 0],
    ['12', 12],
    ['007', 7],
    ['0,01', 0.01],
    [' 12,5 ', 12.5],
    ['\t3.25\n', 3.25],
  ])('reads %j as %d', (input, value) => {
    expect(parseDecimal(input)).toBe(value);
  });

  it.each([
    '',
    '   ',
    'abc',
    '1e3',
    '0x10',
    'NaN',
    'Infinity',
    '1.234,50',
    '1,234.50',
    '1 000',
    '-5',
    '+5',
    '12.',
    '.5',
    ',5',
    '12,5,0',
    '１２',
    '١٢',
  ])('refuses %j', (input) => {
    expect(parseDecimal(input)).toBeNull();
  });

  it('accepts exactly what the input pattern accepts', () => {
    const text = fc.string({
      unit: fc.constantFrom('0', '1', '9', ',', '.', ' ', '\t', '-', '+', 'e', 'x', 'a', '５'),
      maxLength: 12,
    });
    fc.assert(
      fc.property(text, (input) => {
        expect(parseDecimal(input) !== null).toBe(browserPattern.test(input));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('formatAmount', () => {
  it.each<[number, AmountFormat, string]>([
    [1234.5, en(true, true), 'DKK 1,234.50'],
    [1234.5, en(false, true), '1,234.50'],
    [1234.5, en(false, false), '1,235'],
    [-1234.5, en(true, true), '-DKK 1,234.50'],
    [1234.5, { showCurrency: true, showDecimals: true, locale: 'da-DK' }, '1.234,50 DKK'],
    [1234.5, { ...en(false, true), useGrouping: false }, '1234.50'],
    [0, en(false, true), '0.00'],
    [-0.4, en(false, false), '0'],
    [0.0042, en(false, true), '4.2e-3'],
    [0.0042, en(true, false), '4.2e-3 DKK'],
    [-0.00001234, en(false, true), '-1.2e-5'],
    [0.01, en(false, true), '0.01'],
    // Privacy mode: the same mask for every value, the code where the locale puts it.
    [1234.5, { ...en(true, true), hidden: true }, 'DKK ••••'],
    [-0.0042, { ...en(true, false), hidden: true }, 'DKK ••••'],
    [1234.5, { ...en(false, true), hidden: true }, '••••'],
    [1234.5, { showCurrency: true, showDecimals: true, locale: 'da-DK', hidden: true }, '•••• DKK'],
  ])('formats %d with %j as %j', (value, format, expected) => {
    expect(plain(formatAmount(value, format))).toBe(expected);
  });

  it('gives back the number it printed, to the cent', () => {
    const amount = fc.oneof(
      fc.constant(0),
      fc.double({ min: 0.01, max: 1e9, noNaN: true }),
      fc.integer({ min: 1, max: 1e11 }).map((cents) => cents / 100),
    );
    fc.assert(
      fc.property(amount, (value) => {
        const printed = formatAmount(value, { ...en(false, true), useGrouping: false });
        const parsed = parseDecimal(printed);
        expect(parsed).not.toBeNull();
        expect(Math.abs(parsed! - value)).toBeLessThanOrEqual(0.005 + value * 1e-15);
        expect(Math.round(parsed! * 100) / 100).toBe(parsed);
      }),
    );
  });
});

describe('formatChange', () => {
  it.each<[number, AmountFormat, string]>([
    [12.3, en(false, true), '+12.30'],
    [-4, en(false, true), `${MINUS}4.00`],
    [0, en(false, true), '0.00'],
    [-4, en(true, true), `${MINUS}DKK 4.00`],
    [0.003, en(false, true), '+3e-3'],
    // Hidden, the sign stays: the percentage next to it tells the same.
    [-4, { ...en(true, true), hidden: true }, `${MINUS}DKK ••••`],
  ])('signs %d as %j', (value, format, expected) => {
    expect(plain(formatChange(value, format))).toBe(expected);
  });
});

describe('formatRatio', () => {
  it.each<[number, string | undefined, string]>([
    [0.0123, 'en-US', '+1.23 %'],
    [-0.05, 'en-US', `${MINUS}5.00 %`],
    [0, 'en-US', '0.00 %'],
    [0.0123, 'da-DK', '+1,23 %'],
    [12.5, 'en-US', '+1,250.00 %'],
  ])('shows %d in %s as %j', (ratio, locale, expected) => {
    expect(formatRatio(ratio, locale)).toBe(expected);
  });
});

describe('formatShares', () => {
  it.each([
    [10, '10'],
    [1.5, '1.5'],
    [1.23456, '1.23'],
    [0.01, '0.01'],
    [0.004, '4e-3'],
    [0.0042, '4.2e-3'],
    [0.00412345, '4.1e-3'],
    [0, '0'],
    [1234.5, '1,234.5'],
  ])('shows %d shares as %j', (shares, expected) => {
    expect(formatShares(shares, 'en-US')).toBe(expected);
  });
});

describe('formatDate', () => {
  it('shows the local calendar date', () => {
    expect(formatDate(new Date(2024, 0, 5, 23, 30).toISOString())).toBe('2024-01-05');
    expect(formatDate(new Date(2024, 11, 31, 0, 5).toISOString())).toBe('2024-12-31');
  });

  it('shows an unreadable time as given', () => {
    expect(formatDate('soon')).toBe('soon');
  });
});

describe('formatSplitRatio', () => {
  it.each([
    [100, 200, '1:2'],
    [105, 10, '10.5:1'],
    [10, 10, '1:1'],
    [3, 10, '1:3.33'],
    [0, 0, '1:1'],
    [0, 5, '1:1'],
    [-1, 5, '1:1'],
    [Number.NaN, 5, '1:1'],
    [5, Infinity, '1:1'],
  ])('shows %d to %d as %j', (from, to, expected) => {
    expect(formatSplitRatio(from, to)).toBe(expected);
  });
});

describe('fieldText', () => {
  it.each<[number | string, '.' | ',', string]>([
    [428.78, '.', '428.78'],
    [428.78, ',', '428,78'],
    ['0.00', ',', '0,00'],
    [1234.5, ',', '1234,5'],
    [3, ',', '3'],
  ])('writes %j with %j as %j, which reads back', (value, mark, text) => {
    expect(fieldText(value, mark)).toBe(text);
    expect(parseDecimal(text)).toBe(Number(value));
  });

  it("takes the locale's mark", () => {
    expect(decimalMarkOf('da-DK')).toBe(',');
    expect(decimalMarkOf('en-GB')).toBe('.');
  });
});
