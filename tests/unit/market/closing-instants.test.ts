// Closing instants by arithmetic from a zone's offset changes: each one the instant
// zonedTimeToEpoch computes with the time zone database, for every day of years of clock changes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  closingInstants,
  dayNumber,
  dayOfNumber,
  zonedTimeToEpoch,
} from '../../../src/market/zoned-time';

const ZONES = ['Europe/Copenhagen', 'America/New_York', 'Australia/Sydney', 'Asia/Tokyo', 'UTC'];
const FIRST = dayNumber('2018-01-01');
const LAST = dayNumber('2027-12-31');

describe('closingInstants', () => {
  // 02:30 falls in the gap of a spring-forward night in Copenhagen and Sydney and twice in an
  // autumn one; 03:00 and 01:59 sit at the edges of New York's changes.
  for (const zone of ZONES)
    it(`equals zonedTimeToEpoch on every day of 2018 to 2027 in ${zone}`, () => {
      for (const time of ['01:59', '02:30', '03:00', '16:00', '17:30', '23:59']) {
        const at = closingInstants(time, zone);
        const wrong: string[] = [];
        for (let day = FIRST; day <= LAST; day++) {
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
