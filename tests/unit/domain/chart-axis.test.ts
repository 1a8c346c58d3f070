import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  nearestIndex,
  pointTimeLabel,
  pointsHaveClock,
  seriesOrEmpty,
  timeTickLabels,
  timeTicks,
  valueAxis,
  valueTickLabels,
  yDomain,
} from '../../../src/domain/valuation/chart-axis';
import { chartTimes } from '../../../src/domain/valuation';
import type { Period } from '../../../src/domain/types';

describe('yDomain', () => {
  it.each<[number[], [number, number]]>([
    [[], [0, 10]],
    [
      [0, 0],
      [0, 10],
    ],
    [
      [100, 200],
      [90, 210],
    ],
    [
      [103, 197],
      [90, 210],
    ],
    [
      [100, 100],
      [90, 110],
    ],
    [[1234.5], [1170, 1300]],
    [
      [-50, 50],
      [-60, 60],
    ],
    [
      [-100, -100],
      [-110, -90],
    ],
    [
      [0, 1],
      [0, 10],
    ],
    // Never negative: the padding stops at 0.
    [
      [0, 1_050_000],
      [0, 1_102_500],
    ],
    [
      [20, 3000],
      [0, 3150],
    ],
    [
      [-20, 3000],
      [-180, 3160],
    ],
    [
      [5, Number.NaN, 7],
      [0, 10],
    ],
  ])('gives %j the domain %j', (values, domain) => {
    expect(yDomain(values)).toEqual(domain);
  });

  it('covers the values with 5% padding, on multiples of 10', () => {
    // Amounts in cents, as the charts show them.
    const value = fc.integer({ min: -1e11, max: 1e11 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 50 }), (values) => {
        const [low, high] = yDomain(values);
        const min = Math.min(...values);
        const max = Math.max(...values);
        const pad = (max > min ? max - min : Math.abs(max)) * 0.05;
        expect(Math.abs(low % 10)).toBe(0);
        expect(Math.abs(high % 10)).toBe(0);
        const bottom = min >= 0 ? Math.max(0, min - pad) : min - pad;
        expect(low).toBeLessThanOrEqual(bottom);
        expect(high).toBeGreaterThanOrEqual(max + pad);
        expect(high).toBeGreaterThan(low);
        expect(low - bottom).toBeGreaterThan(-10);
        if (min >= 0) expect(low).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('seriesOrEmpty', () => {
  const now = Date.UTC(2025, 5, 15, 12);

  it('draws no points as zero from now to one minute later', () => {
    expect(seriesOrEmpty([], now)).toEqual([
      { time: '2025-06-15T12:00:00.000Z', value: 0 },
      { time: '2025-06-15T12:01:00.000Z', value: 0 },
    ]);
  });

  it('keeps a series with points as it is', () => {
    const points = [{ time: '2025-06-15T11:00:00.000Z', value: 5 }];
    expect(seriesOrEmpty(points, now)).toEqual(points);
  });
});

describe('valueAxis', () => {
  it.each<[string, number[], [number, number], number[]]>([
    ['no values', [], [0, 10], [0, 5, 10]],
    ['flat zero', [0, 0], [0, 10], [0, 5, 10]],
    ['a range', [103, 197], [90, 210], [100, 150, 200]],
    ['flat', [100, 100], [90, 110], [90, 95, 100, 105, 110]],
    ['flat, large', [3000, 3000, 3000], [2850, 3150], [2900, 3000, 3100]],
    ['across zero', [-50, 50], [-60, 60], [-50, 0, 50]],
    ['from 0, a value (Forever)', [0, 250_000, 1_050_000], [0, 1_102_500], [0, 500_000, 1_000_000]],
    ['from 0, a small holding', [0, 3000], [0, 3150], [0, 1000, 2000, 3000]],
    ['a jump', [3000, 3000, 9000], [2700, 9300], [4000, 6000, 8000]],
    [
      'close together',
      [1_203_456, 1_250_001],
      [1_201_120, 1_252_330],
      [1_210_000, 1_220_000, 1_230_000, 1_240_000, 1_250_000],
    ],
  ])('%s: %j gets the domain %j and ticks %j', (_, values, domain, ticks) => {
    expect(valueAxis(values)).toEqual({ domain, ticks });
  });

  it('hugs the data: the spec domain, 2 to 5 evenly spaced ticks inside it, none below 0 for a series that never is', () => {
    const value = fc.integer({ min: -1e11, max: 1e11 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 50 }), (values) => {
        const { domain, ticks } = valueAxis(values);
        expect(domain).toEqual(yDomain(values));
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(5);
        expect(ticks[0]).toBeGreaterThanOrEqual(domain[0]);
        expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(domain[1]);
        const steps = new Set(ticks.slice(1).map((tick, i) => tick - ticks[i]));
        expect(steps.size).toBe(1);
        if (Math.min(...values) >= 0) expect(ticks[0]).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('valueTickLabels', () => {
  it.each<[number[], string, string[]]>([
    [[0, 5, 10], 'en-GB', ['0', '5', '10']],
    [[50, 100, 150, 200, 250], 'en-GB', ['50', '100', '150', '200', '250']],
    [[1_000_000, 1_500_000, 2_000_000], 'en-GB', ['1m', '1.5m', '2m']],
    [[1_200_000, 1_220_000, 1_240_000], 'en-GB', ['1.2m', '1.22m', '1.24m']],
    [[1_200_000, 1_220_000, 1_240_000], 'en-US', ['1.2M', '1.22M', '1.24M']],
    [
      [1_200_000, 1_220_000, 1_240_000],
      'da-DK',
      ['1,2\u00a0mio.', '1,22\u00a0mio.', '1,24\u00a0mio.'],
    ],
    // Danish compact thousands ("110 t") read as hours or tonnes: thousands are written in full,
    // and an axis reaching a million counts in millions throughout.
    [[100_000, 110_000, 120_000], 'da-DK', ['100.000', '110.000', '120.000']],
    [[0, 2_500, 5_000], 'da', ['0', '2.500', '5.000']],
    [
      [0, 500_000, 1_000_000, 1_500_000],
      'da-DK',
      ['0', '0,5\u00a0mio.', '1\u00a0mio.', '1,5\u00a0mio.'],
    ],
    [[0, 500_000, 1_000_000], 'en-US', ['0', '500K', '1M']],
    [[1_000_000, 1_000_005, 1_000_010], 'en-US', ['1M', '1.000005M', '1.00001M']],
    // Distinct is not enough: 1.5M rounded to "2M" and 2,500 to "3K" would be labels that lie.
    [[0, 500_000, 1_000_000, 1_500_000], 'en-US', ['0', '500K', '1M', '1.5M']],
    [[0, 2_500, 5_000, 7_500], 'en-US', ['0', '2.5K', '5K', '7.5K']],
    [[-2_500, 0, 2_500], 'en-US', ['-2.5K', '0', '2.5K']],
  ])('labels %j in %s as %j', (ticks, locale, labels) => {
    expect(valueTickLabels(ticks, locale)).toEqual(labels);
  });

  it('never shows a non-zero tick as 0, and keeps neighbours apart', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e11, max: 1e11 }), { minLength: 1 }), (cents) => {
        const { ticks } = valueAxis(cents.map((c) => c / 100));
        const labels = valueTickLabels(ticks, 'da-DK');
        expect(new Set(labels).size).toBe(labels.length);
        ticks.forEach((tick, i) => tick !== 0 && expect(labels[i]).not.toBe('0'));
      }),
    );
  });
});

describe('timeTicks', () => {
  // Local times, so the rows hold in any time zone (none of these spans crosses a DST change).
  const at = (...parts: [number, number, number, number?, number?]) => new Date(...parts).getTime();

  it.each<[string, number, number, string, string[], string[]]>([
    [
      'a minute',
      at(2026, 0, 14, 12, 6),
      at(2026, 0, 14, 12, 7),
      'minute',
      ['12:06', '12:07'],
      ['12.06', '12.07'],
    ],
    [
      'a Day',
      at(2026, 0, 13, 12, 5),
      at(2026, 0, 14, 12, 5),
      'hour',
      ['18:00', 'Wed', '6:00', '12:00'],
      ['18.00', 'ons.', '6.00', '12.00'],
    ],
    [
      'a Week',
      at(2026, 0, 7, 12, 5),
      at(2026, 0, 14, 12, 5),
      'weekday',
      ['Fri', 'Sun', 'Tue'],
      ['fre.', 'søn.', 'tirs.'],
    ],
    [
      'a Month',
      at(2025, 11, 14, 12),
      at(2026, 0, 14, 12),
      'week',
      ['15 Dec', '22 Dec', '29 Dec', '5 Jan', '12 Jan'],
      ['15. dec.', '22. dec.', '29. dec.', '5. jan.', '12. jan.'],
    ],
    [
      'a Year',
      at(2025, 0, 14),
      at(2026, 0, 14),
      'month',
      ['Apr', 'Jul', 'Oct', '2026'],
      ['apr.', 'jul.', 'okt.', '2026'],
    ],
    [
      'three years',
      at(2023, 0, 14),
      at(2026, 0, 14),
      'year',
      ['2024', '2025', '2026'],
      ['2024', '2025', '2026'],
    ],
    [
      'ten years',
      at(2016, 0, 14),
      at(2026, 0, 14),
      'year',
      ['2018', '2020', '2022', '2024', '2026'],
      ['2018', '2020', '2022', '2024', '2026'],
    ],
    [
      'twelve days',
      at(2026, 0, 2, 12),
      at(2026, 0, 14, 12),
      'day',
      ['5 Jan', '8 Jan', '11 Jan', '14 Jan'],
      ['5. jan.', '8. jan.', '11. jan.', '14. jan.'],
    ],
  ])('marks %s', (_, first, last, unit, english, danish) => {
    const ticks = timeTicks(first, last);
    expect(ticks.unit).toBe(unit);
    expect(timeTickLabels(ticks, 'en-GB')).toEqual(english);
    expect(timeTickLabels(ticks, 'da-DK')).toEqual(danish);
  });

  it("writes clock times in the locale's own hour cycle", () => {
    const day = timeTicks(at(2026, 0, 13, 12, 5), at(2026, 0, 14, 12, 5));
    expect(timeTickLabels(day, 'en-US')).toEqual(['6:00 PM', 'Wed', '6:00 AM', '12:00 PM']);
  });

  it('draws at most 5 ticks, inside the span, for any span from a minute to 40 years', () => {
    const start = at(2000, 0, 1);
    fc.assert(
      fc.property(fc.integer({ min: 60_000, max: 40 * 365 * 86_400_000 }), (span) => {
        const { ticks } = timeTicks(start, start + span);
        expect(ticks.length).toBeGreaterThanOrEqual(2);
        expect(ticks.length).toBeLessThanOrEqual(5);
        expect(ticks[0]).toBeGreaterThanOrEqual(start);
        expect(ticks[ticks.length - 1]).toBeLessThanOrEqual(start + span);
      }),
    );
  });
});

describe('nearestIndex', () => {
  it.each<[number[], number, number]>([
    [[], 5, -1],
    [[10], -100, 0],
    [[10, 20, 30], 0, 0],
    [[10, 20, 30], 14, 0],
    [[10, 20, 30], 15, 0],
    [[10, 20, 30], 16, 1],
    [[10, 20, 30], 29, 2],
    [[10, 20, 30], 99, 2],
  ])('finds in %j the nearest to %d at %d', (sorted, target, index) => {
    expect(nearestIndex(sorted, target)).toBe(index);
  });
});

describe('pointTimeLabel', () => {
  const t = new Date(2026, 0, 14, 18, 5).getTime();

  it.each<[boolean, string, string]>([
    [true, 'da-DK', '2026-01-14 18.05'],
    [true, 'en-GB', '2026-01-14 18:05'],
    [true, 'en-US', '2026-01-14 6:05 PM'],
    [false, 'en-US', '2026-01-14'],
  ])('with clock %s in %s is %s', (withClock, locale, label) => {
    expect(pointTimeLabel(t, withClock, locale)).toBe(label);
  });
});

describe('pointsHaveClock', () => {
  const now = Date.UTC(2026, 10, 29, 0, 12);

  // A daily chart's ends are instants (a year ago, now), a few minutes from its midnights: it
  // read "2026-05-11 2:00" for a daily point before.
  it.each<[Period, boolean]>([
    ['Day', true],
    ['Week', true],
    ['Month', true],
    ['Year', false],
    ['Forever', false],
  ])('%s points read with a clock: %s', (period, withClock) => {
    expect(pointsHaveClock(chartTimes(period, now, now - 3 * 365 * 24 * 3600 * 1000))).toBe(
      withClock,
    );
  });

  it('a lone point has no clock', () => {
    expect(pointsHaveClock([now])).toBe(false);
  });
});
