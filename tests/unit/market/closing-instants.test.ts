// Closing instants by arithmetic from a zone's offset changes: each one the instant
// zonedTimeToEpoch computes with the time zone database, on the days around every offset change
// of years of clock changes and on a sample of the days between.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  closingInstants,
  dayNumber,
  dayOfNumber,
  offsetSeconds,
  zonedTimeToEpoch,
} from '../../../src/market/zoned-time';

/** Each zone and its offset changes in 2018 to 2027: two a year, or none. */
const CHANGES: Record<string, number> = {
  'Europe/Copenhagen': 20,
  'America/New_York': 20,
  'Australia/Sydney': 20,
  'Asia/Tokyo': 0,
  UTC: 0,
};
const ZONES = Object.keys(CHANGES);
const FIRST = dayNumber('2018-01-01');
const LAST = dayNumber('2027-12-31');
const DAY_MS = 86_400_000;
/** Days between samples: no zone changes its offset twice within it. */
const STRIDE = 7;

/**
 * The days from FIRST to LAST whose midnight UTC has another offset than the day before's, each
 * found from weekly samples by bisection: the zone database's own answer, not closingInstants'.
 */
function changeDays(zone: string): number[] {
  const offset = (day: number) => offsetSeconds(day * DAY_MS, zone);
  const changes: number[] = [];
  for (let day = FIRST; day < LAST; day += STRIDE) {
    const next = Math.min(day + STRIDE, LAST);
    if (offset(day) === offset(next)) continue;
    let [low, high] = [day, next];
    while (high - low > 1) {
      const middle = (low + high) >> 1;
      if (offset(middle) === offset(low)) low = middle;
      else high = middle;
    }
    changes.push(high);
  }
  return changes;
}

/**
 * The days checked in a zone: two days either side of the day each offset change falls on (a
 * local day's times lie within a day and a half of its UTC midnight) and every fifth day.
 */
function daysToCheck(zone: string): number[] {
  const days = new Set<number>();
  for (const change of changeDays(zone))
    for (let day = change - 3; day <= change + 1; day++) days.add(day);
  for (let day = FIRST; day <= LAST; day += 5) days.add(day);
  return [...days].filter((day) => day >= FIRST && day <= LAST).sort((a, b) => a - b);
}

describe('closingInstants', () => {
  // 02:30 falls in the gap of a spring-forward night in Copenhagen and Sydney and twice in an
  // autumn one; 03:00 and 01:59 sit at the edges of New York's changes.
  for (const zone of ZONES)
    it(`equals zonedTimeToEpoch around every offset change of 2018 to 2027 in ${zone}`, () => {
      expect(changeDays(zone)).toHaveLength(CHANGES[zone]);
      const days = daysToCheck(zone);
      for (const time of ['01:59', '02:30', '03:00', '16:00', '17:30', '23:59']) {
        const at = closingInstants(time, zone);
        const wrong: string[] = [];
        for (const day of days) {
          const expected = zonedTimeToEpoch(dayOfNumber(day), time, zone);
          if (at(day) !== expected) wrong.push(`${dayOfNumber(day)} ${time}`);
        }
        expect(wrong).toEqual([]);
      }
    });

  it('equals zonedTimeToEpoch for any day, time and zone, asked in any order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES, 'Europe/London', 'America/Sao_Paulo', 'Asia/Kolkata'),
        fc.array(fc.integer({ min: dayNumber('1990-01-01'), max: dayNumber('2040-12-31') }), {
          minLength: 1,
          maxLength: 20,
        }),
        fc.integer({ min: 0, max: 23 }),
        fc.integer({ min: 0, max: 59 }),
        (zone, days, hour, minute) => {
          const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
          const at = closingInstants(time, zone);
          for (const day of days)
            expect(at(day)).toBe(zonedTimeToEpoch(dayOfNumber(day), time, zone));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts days as the calendar does', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dayNumber('2024-02-29')).toBe(Date.UTC(2024, 1, 29) / 86_400_000);
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (day) => {
        expect(dayNumber(dayOfNumber(day))).toBe(day);
      }),
    );
  });
});
