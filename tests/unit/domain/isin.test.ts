import { describe, expect, it } from 'vitest';
import {
  describeIsinProblem,
  diagnoseIsin,
  expectedCheckDigit,
  hasIsinFormat,
  hasValidCheckDigit,
  instrumentRefusal,
  isValidIsin,
  normaliseIdentifier,
} from '../../../src/domain/isin';
import vectors from '../fixtures/isin-vectors.json';

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

describe('diagnoseIsin', () => {
  it.each(vectors.valid)('finds nothing wrong with %s', (isin) => {
    expect(diagnoseIsin(isin)).toBeUndefined();
  });

  it.each(vectors.invalid.map((v) => [v.isin, v.why]))(
    'finds what is wrong with %j (%s)',
    (isin) => {
      expect(diagnoseIsin(normaliseIdentifier(isin))).toBeDefined();
    },
  );

  it.each([
    ['US0378331003', 'The check digit is wrong: expected 5.'],
    ['DE000BAY0018', 'The check digit is wrong: expected 7.'],
    ['PLLWBGD00019', 'The check digit is wrong: expected 6.'],
    ['US037833100O', 'The last character (the check digit) must be a digit.'],
    ['U50378331005', 'It must start with a two-letter country code, such as DK or US.'],
    ['000378331005', 'It must start with a two-letter country code, such as DK or US.'],
    ['ÆØ0009763344', 'It must start with a two-letter country code, such as DK or US.'],
    ['US0378-31005', 'Character 7 (-) must be a letter or a digit.'],
    ['US03783310050', 'An ISIN has 12 characters; this has 13.'],
    ['US037833100', 'An ISIN has 12 characters; this has 11.'],
    ['', 'An ISIN has 12 characters; this has 0.'],
    ['N', 'An ISIN has 12 characters; this has 1.'],
    ['1', 'It must start with a two-letter country code, such as DK or US.'],
    ['NOVO', 'An ISIN has 12 characters; this has 4.'],
  ])('%j: %s', (code, message) => {
    const problem = diagnoseIsin(code);
    expect(problem && describeIsinProblem(problem)).toBe(message);
  });

  it('expects the one check digit that passes, for every real ISIN', () => {
    for (const isin of vectors.valid)
      expect(expectedCheckDigit(isin.slice(0, 11))).toBe(Number(isin[11]));
  });
});

describe('instrumentRefusal', () => {
  it.each([
    ['stock', 'US0378331005', true, undefined],
    ['stock', 'US0378331003', true, 'The check digit is wrong: expected 5.'],
    ['stock', 'AU0000XVGZA3', false, 'No instrument with this ISIN is known.'],
    ['crypto', 'BTC', true, undefined],
    ['crypto', 'NOSUCHCOIN', false, 'No crypto currency with this symbol is known.'],
  ] as const)('%s %s (known %s): %j', (type, code, known, refusal) => {
    expect(instrumentRefusal(type, code, known)).toBe(refusal);
  });
});
