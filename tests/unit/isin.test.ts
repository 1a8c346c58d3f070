import { describe, expect, it } from 'vitest';
import {
  hasIsinFormat,
  hasValidCheckDigit,
  isValidIsin,
  normaliseIdentifier,
} from '../../src/domain/isin';
import vectors from './fixtures/isin-vectors.json';

// A copy of /work/shared/data/isin-vectors.json: real ISINs from public validator test suites.

describe('isValidIsin', () => {
  it.each(vectors.valid)('accepts %s', (isin) => {
    expect(isValidIsin(isin)).toBe(true);
  });

  it.each(vectors.invalid.map((v) => [v.isin, v.why]))('rejects %j (%s)', (isin) => {
    expect(isValidIsin(isin)).toBe(false);
  });

  // The spec asks for format and check digit only, not for a list of country codes.
  it.each(vectors.country_list_only.map((v) => v.isin))(
    'accepts %s, which only a country list would reject',
    (isin) => {
      expect(isValidIsin(isin)).toBe(true);
    },
  );
});

describe('normaliseIdentifier', () => {
  it.each(vectors.normalization.map((v) => [v.input, v.strict, v.after_trim_and_uppercase]))(
    '%j: as typed %s, trimmed and upper-cased %s',
    (input, strict, normalised) => {
      expect(isValidIsin(input)).toBe(strict);
      expect(isValidIsin(normaliseIdentifier(input))).toBe(normalised);
    },
  );

  it('trims and upper-cases crypto symbols too', () => {
    expect(normaliseIdentifier('  btc\t')).toBe('BTC');
  });
});

describe('format and check digit separately', () => {
  it.each([
    ['US0378331005', true, true],
    ['US0378331003', true, false],
    ['US037833100O', false, false],
    ['ÆØ0009763344', false, false],
    ['DK000976334\uFF14', false, false],
  ])('%s: format %s, check digit %s', (code, format, checkDigit) => {
    expect(hasIsinFormat(code)).toBe(format);
    expect(hasValidCheckDigit(code)).toBe(checkDigit);
  });

  it('converts letters in the body to two digits before Luhn', () => {
    // AU0000XVGZA3 -> 1030000033311635103 (the vectors' worked example).
    expect(hasValidCheckDigit('AU0000XVGZA3')).toBe(true);
    expect(hasValidCheckDigit('AU0000XVGZA4')).toBe(false);
  });
});
