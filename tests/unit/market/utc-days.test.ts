// A day of an instant or a day number by arithmetic: the day `Date` gives, for any instant.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayNumber, dayOfNumber, utcDay } from '../../../src/market/zoned-time';

const DAY_MS = 86_400_000;
const byDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('utcDay and dayOfNumber', () => {
  it('give the day Date gives, from year 0 to 9999 and beyond', () => {
    const instants = fc.integer({ min: Date.UTC(-2000, 0, 1), max: Date.UTC(12000, 0, 1) });
    fc.assert(
      fc.property(instants, (ms) => {
        expect(utcDay(ms)).toBe(byDate(ms));
        expect(dayOfNumber(Math.floor(ms / DAY_MS))).toBe(byDate(ms));
      }),
      { numRuns: 20_000 },
    );
  });

  it('turn at midnight, leap days and centuries included', () => {
    for (const day of ['1969-12-31', '1970-01-01', '2000-02-29', '2100-03-01', '2024-02-29']) {
      const midnight = Date.parse(`${day}T00:00:00Z`);
      expect(utcDay(midnight)).toBe(day);
      expect(utcDay(midnight - 1)).toBe(byDate(midnight - 1));
      expect(dayOfNumber(dayNumber(day))).toBe(day);
    }
  });

  it('throw for an instant that is none, as Date does', () => {
    expect(() => utcDay(NaN)).toThrow(RangeError);
  });
});
