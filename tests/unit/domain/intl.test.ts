import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../../../src/domain/intl';

describe('shared Intl formatters', () => {
  it('give one formatter per locale and options, formatting as a new one would', () => {
    const options = { style: 'currency', currency: 'DKK', minimumFractionDigits: 2 } as const;
    expect(numberFormat('da-DK', { ...options })).toBe(numberFormat('da-DK', options));
    expect(numberFormat('da-DK', options)).not.toBe(numberFormat('en-GB', options));
    expect(numberFormat('da-DK', options).format(1234.5)).toBe(
      new Intl.NumberFormat('da-DK', options).format(1234.5),
    );
    const day = new Date(Date.UTC(2026, 10, 26, 12));
    expect(dateTimeFormat('en-GB', { month: 'short' }).format(day)).toBe(
      new Intl.DateTimeFormat('en-GB', { month: 'short' }).format(day),
    );
  });

  it('refuse what Intl refuses, and keep nothing for it', () => {
    expect(() => numberFormat('en', { style: 'currency', currency: 'US' })).toThrow(RangeError);
    expect(() => numberFormat('en', { style: 'currency', currency: 'US' })).toThrow(RangeError);
  });
});
