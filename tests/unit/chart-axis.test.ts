import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { seriesOrEmpty, yDomain } from '../../src/domain/chart-axis';

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
      [-10, 10],
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
        expect(low).toBeLessThanOrEqual(min - pad);
        expect(high).toBeGreaterThanOrEqual(max + pad);
        expect(high).toBeGreaterThan(low);
        expect(low - (min - pad)).toBeGreaterThan(-10);
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
