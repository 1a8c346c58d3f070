import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  GROUPINGS,
  MAX_SLICES,
  allocationOf,
  partsOf,
  roundedPercents,
  slicesOf,
  type Part,
} from '../../../src/domain/allocation';
import type { AssetClass, Investment, Portfolio } from '../../../src/domain/types';

const zero = { lifetime: 0, realised: 0, unrealised: 0 };

function holding(
  id: string,
  value: number,
  more: { portfolio?: string; assetClass?: AssetClass; currency?: string; shares?: number } = {},
): Investment {
  const assetClass = more.assetClass ?? 'stock';
  return {
    id,
    name: `Investment ${id}`,
    portfolio_id: more.portfolio ?? 'p1',
    shares: more.shares ?? 1,
    value,
    change: 0,
    changeRatio: 0,
    change_percentage: 0,
    positions: zero,
    instrument: {
      type: assetClass === 'crypto' ? 'crypto' : 'stock',
      isin: id,
      asset_class: assetClass,
      currency: more.currency ?? 'DKK',
    },
  };
}

function portfolio(id: string, name: string): Portfolio {
  const figures = { value: 0, change: 0, changeRatio: 0, change_percentage: 0 };
  return { id, name, investments: 0, positions: zero, ...figures };
}

const PORTFOLIOS = [portfolio('p1', 'Pension'), portfolio('p2', 'Crypto')];

const part = (key: string, value: number): Part => ({
  key,
  label: { kind: 'name', text: key },
  value,
});

/** Percents in tenths, so sums are exact. */
const tenths = (percents: readonly number[]) =>
  percents.reduce((sum, p) => sum + Math.round(p * 10), 0);

describe('roundedPercents', () => {
  it.each<[number[], number[]]>([
    [
      [1, 1, 1],
      [33.4, 33.3, 33.3],
    ],
    [
      [2, 1],
      [66.7, 33.3],
    ],
    [[1], [100]],
    // Equal remainders: the earlier values get the units left.
    [
      [1, 1, 1, 1, 1, 1, 1],
      [14.3, 14.3, 14.3, 14.3, 14.3, 14.3, 14.2],
    ],
    [
      [999, 1],
      [99.9, 0.1],
    ],
    [
      [1, 0],
      [100, 0],
    ],
    [[], []],
  ])('%j -> %j', (values, expected) => {
    expect(roundedPercents(values)).toEqual(expected);
  });

  it('gives every value a share within one unit of its exact share, adding up to 100', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 0.01, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (values) => {
          const got = roundedPercents(values);
          const total = values.reduce((sum, v) => sum + v, 0);
          expect(tenths(got)).toBe(1000);
          got.forEach((p, i) =>
            expect(Math.abs(p - (values[i] / total) * 100)).toBeLessThan(0.1 + 1e-9),
          );
        },
      ),
    );
  });
});

describe('slicesOf', () => {
  it('sorts largest first, ties by key', () => {
    expect(slicesOf([part('b', 1), part('c', 5), part('a', 1)]).map((s) => s.key)).toEqual([
      'c',
      'a',
      'b',
    ]);
  });

  it('pools two or more slices under 2 % as the last slice, "other"', () => {
    const slices = slicesOf([part('a', 900), part('b', 85), part('c', 10), part('d', 5)]);
    expect(slices.map((s) => [s.key, s.value, s.percent])).toEqual([
      ['a', 900, 90],
      ['b', 85, 8.5],
      ['other', 15, 1.5],
    ]);
    expect(slices[2].label).toEqual({ kind: 'other', count: 2 });
  });

  it('keeps a single small slice under its own name', () => {
    expect(slicesOf([part('a', 990), part('b', 10)]).map((s) => s.key)).toEqual(['a', 'b']);
  });

  it('draws at most MAX_SLICES slices, other included', () => {
    const parts = Array.from({ length: 12 }, (_, i) => part(`k${i}`, 100 + i));
    const slices = slicesOf(parts);
    expect(slices).toHaveLength(MAX_SLICES);
    expect(slices.at(-1)).toMatchObject({ key: 'other', label: { kind: 'other', count: 5 } });
  });

  it('leaves out parts with no value, and has no slices for nothing', () => {
    expect(slicesOf([part('a', 0)])).toEqual([]);
    expect(slicesOf([])).toEqual([]);
  });

  it('keeps the total and adds up to 100 %, with at most MAX_SLICES slices', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            key: fc.string({ minLength: 1, maxLength: 4 }),
            value: fc.double({ min: 0.01, max: 1e8, noNaN: true }),
          }),
          { selector: (p) => p.key, minLength: 1, maxLength: 25 },
        ),
        (raw) => {
          const parts = raw.map((p) => part(p.key, p.value));
          const slices = slicesOf(parts);
          const total = parts.reduce((sum, p) => sum + p.value, 0);
          const sliced = slices.reduce((sum, s) => sum + s.value, 0);
          expect(sliced).toBeCloseTo(total, 4);
          expect(tenths(slices.map((s) => s.percent))).toBe(1000);
          expect(slices.length).toBeLessThanOrEqual(MAX_SLICES);
          const named = slices.filter((s) => s.key !== 'other');
          named.slice(1).forEach((s, i) => expect(s.value).toBeLessThanOrEqual(named[i].value));
        },
      ),
    );
  });
});

describe('allocationOf', () => {
  const held = [
    holding('1', 600, { portfolio: 'p1', assetClass: 'stock', currency: 'DKK' }),
    holding('2', 300, { portfolio: 'p1', assetClass: 'fund', currency: 'EUR' }),
    holding('3', 100, { portfolio: 'p2', assetClass: 'crypto', currency: 'USD' }),
    holding('4', 0, { portfolio: 'p2', assetClass: 'crypto', currency: 'USD', shares: 0 }),
  ];

  it.each<[string, (typeof GROUPINGS)[number], [string, number][]]>([
    [
      'by portfolio',
      'portfolio',
      [
        ['p1', 90],
        ['p2', 10],
      ],
    ],
    [
      'by investment',
      'investment',
      [
        ['1', 60],
        ['2', 30],
        ['3', 10],
      ],
    ],
    [
      'by type',
      'type',
      [
        ['stock', 60],
        ['fund', 30],
        ['crypto', 10],
      ],
    ],
    [
      'by currency',
      'currency',
      [
        ['DKK', 60],
        ['EUR', 30],
        ['USD', 10],
      ],
    ],
  ])('%s', (_, grouping, expected) => {
    expect(allocationOf(held, PORTFOLIOS, grouping).map((s) => [s.key, s.percent])).toEqual(
      expected,
    );
  });

  it('names portfolios and investments, and classes by their class', () => {
    expect(allocationOf(held, PORTFOLIOS, 'portfolio')[0].label).toEqual({
      kind: 'name',
      text: 'Pension',
    });
    expect(allocationOf(held, PORTFOLIOS, 'investment')[0].label).toEqual({
      kind: 'name',
      text: 'Investment 1',
    });
    expect(allocationOf(held, PORTFOLIOS, 'type')[2].label).toEqual({
      kind: 'class',
      assetClass: 'crypto',
    });
  });

  it('sums the investments of one group', () => {
    const two = [holding('1', 50, { currency: 'USD' }), holding('2', 150, { currency: 'USD' })];
    expect(partsOf(two, PORTFOLIOS, 'currency')).toEqual([
      { key: 'USD', label: { kind: 'name', text: 'USD' }, value: 200 },
    ]);
  });

  it('leaves sold-out investments out, so an account holding nothing has no slices', () => {
    const sold = [holding('1', 0, { shares: 0 }), holding('2', 0, { shares: 0 })];
    for (const grouping of GROUPINGS) expect(allocationOf(sold, PORTFOLIOS, grouping)).toEqual([]);
    expect(allocationOf([], [], 'investment')).toEqual([]);
  });

  it('puts what the answer did not describe under "unknown"', () => {
    const { instrument: _, ...bare } = holding('1', 100);
    const unplaced = holding('2', 100, { portfolio: 'gone' });
    expect(allocationOf([bare], PORTFOLIOS, 'currency')).toEqual([
      { key: 'unknown', label: { kind: 'unknown' }, value: 100, percent: 100 },
    ]);
    expect(allocationOf([unplaced], PORTFOLIOS, 'portfolio')[0].label).toEqual({
      kind: 'unknown',
    });
  });
});
