// Exact decimals as text: a provider's numbers without float noise or exponents.
import { describe, expect, it } from 'vitest';
import {
  FLOAT64_DIGITS,
  compareDecimals,
  decimalOf,
  divideDecimals,
  isDecimalText,
  multiplyDecimals,
} from '../../src/market/decimals';

describe('decimalOf', () => {
  it.each([
    [188.5500030517578, '188.55'],
    [Math.fround(189.6), '189.6'],
    [184.0, '184'],
    [11000.5, '11000.5'],
    [15089.099609375, '15089.1'],
    [0.00012345, '0.00012345'],
    [0.000123456789, '0.0001234568'],
    [0.0001235, '0.0001235'],
    [1e-7, '0.0000001'],
    [1.5e-10, '0.00000000015'],
    [1234567.891, '1234568'],
    [1e21, '1000000000000000000000'],
    [123456789012, '123456800000'],
    [0.1 + 0.2, '0.3'],
    [0, '0'],
    [-0, '0'],
    [-2.5, '-2.5'],
    [Math.fround(0.15), '0.15'],
  ])('%s is "%s"', (n, text) => {
    expect(decimalOf(n)).toBe(text);
  });

  it.each([
    [41620.437, '41620.437'],
    [119327.78, '119327.78'],
    [0.000012345678901, '0.000012345678901'],
    [0.1 + 0.2, '0.3'],
  ])('with float64 digits, %s is "%s"', (n, text) => {
    expect(decimalOf(n, FLOAT64_DIGITS)).toBe(text);
  });

  it.each([NaN, Infinity, -Infinity])('refuses %s', (n) => {
    expect(() => decimalOf(n)).toThrow(RangeError);
  });
});

describe('decimal arithmetic', () => {
  it.each([
    ['188.55', '10', '1885.5'],
    ['0.1', '0.2', '0.02'],
    ['11000.5', 0.01, '110.005'],
    ['12.5', 0, '0'],
    ['-3', '0.5', '-1.5'],
  ])('%s × %s = %s', (a, b, product) => {
    expect(multiplyDecimals(a, b)).toBe(product);
  });

  it.each([
    ['1885.5', '10', 10, '188.55'],
    ['1', '3', 10, '0.3333333333'],
    ['2', '3', 4, '0.6667'],
    ['11000', '100', 10, '110'],
    ['1', '8', 2, '0.13'],
  ])('%s ÷ %s to %i places = %s', (a, b, places, quotient) => {
    expect(divideDecimals(a, b, places)).toBe(quotient);
  });

  it('refuses division by zero and text that is not a decimal', () => {
    expect(() => divideDecimals('1', '0')).toThrow(RangeError);
    expect(() => multiplyDecimals('1e5', '2')).toThrow(RangeError);
    expect(() => multiplyDecimals('12,5', '2')).toThrow(RangeError);
  });

  it.each([
    ['188.55', '188.550', 0],
    ['9.5', '10', -1],
    ['0.0001', '0.00009', 1],
  ] as const)('compares %s with %s: %i', (a, b, order) => {
    expect(compareDecimals(a, b)).toBe(order);
  });

  it.each([
    ['188.55', true],
    ['0', true],
    ['-1.5', true],
    ['1e5', false],
    ['.5', false],
    ['5.', false],
    ['', false],
  ])('isDecimalText(%j) is %s', (text, ok) => {
    expect(isDecimalText(text)).toBe(ok);
  });
});
