import { describe, expect, it } from 'vitest';
import { isJsonContentType, parseRequestBody } from '../../../src/contract/request-body';
import { significantDigits } from '../../../src/domain/numbers';

describe('parseRequestBody', () => {
  it.each([
    ['{"a":999999999.99999999}', { a: '999999999.99999999' }],
    ['{"a":-1.5e3,"b":"12345678901234567890"}', { a: -1500, b: '12345678901234567890' }],
    [
      '[1, 123456789012345678901, "x\\"1234567890123456789"]',
      [1, '123456789012345678901', 'x"1234567890123456789'],
    ],
    ['{"a":1', {}],
    ['', {}],
    ['not json', {}],
  ])('reads %s', (text, expected) => {
    expect(parseRequestBody(text)).toEqual(expected);
  });

  it('reads a string of 12 MB, which a regular expression over the text overflowed the stack on', () => {
    const long = 'x'.repeat(12_000_000);
    expect(parseRequestBody(`{"a":"${long}"}`)).toEqual({ a: long });
  });
});

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['application/merge-patch+json', true],
    ['text/plain;charset=UTF-8', false],
    ['application/x-www-form-urlencoded', false],
    [undefined, false],
  ])('%s: %s', (type, expected) => {
    expect(isJsonContentType(type)).toBe(expected);
  });
});

describe('significantDigits', () => {
  it('counts a long run of zeros in one pass', () => {
    expect(significantDigits(`1${'0'.repeat(1_000_000)}1`)).toBe(1_000_002);
    expect(significantDigits(`0.${'0'.repeat(1_000_000)}`)).toBe(0);
  });
});
