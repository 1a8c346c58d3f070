// Valuation: a period's start, a holding's value, summed figures, a chart's times and series.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buy, sell } from '../fixtures/ledger-entries';
import type { Period } from '../../../src/domain/types';
import {
  MAX_CHART_POINTS,
  chartTimes,
  periodStart,
  sumFigures,
  chartOf,
  valueHolding,
  valueSeries,
  Timeline,
  type Figures,
  type PricedHolding,
} from '../../../src/domain/valuation';
import { DAY, HOUR, MINUTE, NOW, constant, local } from './valuation-figures';

describe('periodStart', () => {
  it.each<[Period, number, number]>([
    ['Day', NOW, NOW - DAY],
    ['Week', NOW, NOW - 7 * DAY],
    ['Month', NOW, local(2025, 5, 15)],
    ['Month', local(2024, 3, 31), local(2024, 2, 29)],
    ['Month', local(2023, 3, 31), local(2023, 2, 28)],
    ['Month', local(2025, 5, 31), local(2025, 4, 30)],
    ['Month', local(2025, 1, 31), local(2024, 12, 31)],
    ['Year', NOW, local(2024, 6, 15)],
    ['Year', local(2024, 2, 29), local(2023, 2, 28)],
    ['Year', local(2025, 1, 1, 0), local(2024, 1, 1, 0)],
  ])('%s before %d starts at %d', (period, now, t0) => {
    expect(periodStart(period, now)).toBe(t0);
  });

  it('Forever starts just before the first entry, or now without entries', () => {
    expect(periodStart('Forever', NOW, NOW - 1000)).toBe(NOW - 1001);
    expect(periodStart('Forever', NOW)).toBe(NOW);
  });
});

describe('valueHolding', () => {
  const longAgo = NOW - 400 * DAY;

  it('values the worked example over Forever: every buy is in the base', () => {
    const figures = valueHolding(
      {
        entries: [buy(longAgo, 2, 142.9, 1.55), buy(longAgo + DAY, 2, 136.6, 1.65)],
        priceAt: constant(148.9),
      },
      'Forever',
      NOW,
    );
    expect(figures.value).toBeCloseTo(595.6, 2);
    expect(figures.positions.lifetime).toBeCloseTo(33.4, 2);
    expect(figures.positions.realised).toBeCloseTo(-3.2, 2);
    expect(figures.positions.unrealised).toBeCloseTo(36.6, 2);
    expect(figures.change).toBeCloseTo(33.4, 2);
    expect(figures.base).toBeCloseTo(559, 2);
    expect(figures.changeRatio).toBeCloseTo(33.4 / 559, 8);
  });

  it('does not count buying as a gain, only its fee as a loss', () => {
    const figures = valueHolding(
      { entries: [buy(NOW - HOUR, 10, 50, 2)], priceAt: constant(50) },
      'Day',
      NOW,
    );
    expect(figures).toMatchObject({ value: 500, change: -2, base: 500 });
    expect(figures.changeRatio).toBeCloseTo(-0.004, 8);
  });

  it('leaves a price move before t0 out of the period', () => {
    const jump = NOW - 3 * DAY;
    const holding: PricedHolding = {
      entries: [buy(longAgo, 10, 100)],
      priceAt: (time) => (time < jump ? 100 : 150),
    };
    expect(valueHolding(holding, 'Day', NOW)).toMatchObject({
      change: 0,
      changeRatio: 0,
      base: 1500,
    });
    expect(valueHolding(holding, 'Week', NOW)).toMatchObject({
      change: 500,
      changeRatio: 0.5,
      base: 1000,
    });
  });

  it('counts a sale and a dividend in the period as realised change', () => {
    const holding: PricedHolding = {
      entries: [
        buy(longAgo, 10, 100),
        sell(NOW - HOUR, 5, 120, 1),
        { kind: 'dividend', time: NOW - MINUTE, amount: 30 },
      ],
      priceAt: constant(100),
    };
    const figures = valueHolding(holding, 'Day', NOW);
    expect(figures).toMatchObject({ value: 500, change: 100 - 1 + 30, base: 1000 });
    expect(figures.positions).toEqual({ lifetime: 129, realised: 129, unrealised: 0 });
  });

  it('counts an entry at t0 as before the period', () => {
    const figures = valueHolding(
      { entries: [buy(NOW - DAY, 1, 10)], priceAt: constant(10) },
      'Day',
      NOW,
    );
    expect(figures).toMatchObject({ change: 0, base: 10 });
  });

  it('ignores entries after now', () => {
    const figures = valueHolding(
      { entries: [buy(longAgo, 1, 10), buy(NOW + 1, 5, 10)], priceAt: constant(10) },
      'Day',
      NOW,
    );
    expect(figures.value).toBe(10);
  });

  it('is zero without entries, with a ratio of 0 rather than NaN', () => {
    expect(valueHolding({ entries: [], priceAt: constant(1) }, 'Year', NOW)).toEqual({
      value: 0,
      change: 0,
      changeRatio: 0,
      base: 0,
      positions: { lifetime: 0, realised: 0, unrealised: 0 },
    });
  });

  it('asks no price while nothing is held', () => {
    const asked: number[] = [];
    valueHolding(
      {
        entries: [buy(longAgo, 1, 10), sell(longAgo + DAY, 1, 12)],
        priceAt: (time) => {
          asked.push(time);
          return 10;
        },
      },
      'Month',
      NOW,
    );
    expect(asked).toEqual([]);
  });

  it('gives a kept timeline the figures of a fresh one, whatever spans it was asked before', () => {
    const entry = fc.record({
      day: fc.integer({ min: 0, max: 800 }),
      buying: fc.boolean(),
      shares: fc.integer({ min: 1, max: 5 }),
      price: fc.double({ min: 1, max: 500, noNaN: true }),
    });
    const ask = fc.record({
      period: fc.constantFrom<Period>('Day', 'Week', 'Month', 'Year', 'Forever'),
      daysAgo: fc.integer({ min: 0, max: 800 }),
    });
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 30 }),
        fc.array(ask, { maxLength: 12 }),
        (drawn, asks) => {
          const start = NOW - 800 * DAY;
          const entries = drawn.map(({ day, buying, shares, price }) =>
            buying ? buy(start + day * DAY, shares, price, 1) : sell(start + day * DAY, 1, price),
          );
          const kept = new Timeline({ entries, priceAt: constant(42) });
          for (const { period, daysAgo } of asks) {
            const fresh = new Timeline({ entries, priceAt: constant(42) });
            const now = NOW - daysAgo * DAY;
            expect(valueHolding(kept, period, now)).toEqual(valueHolding(fresh, period, now));
          }
        },
      ),
    );
  });
});

const figures = (value: number, change: number, base: number): Figures => ({
  value,
  change,
  changeRatio: base === 0 ? 0 : change / base,
  base,
  positions: { lifetime: change, realised: change / 2, unrealised: change / 2 },
});

describe('sumFigures', () => {
  it('sums every figure and takes the ratio from the sums', () => {
    const total = sumFigures([figures(1000, 100, 1000), figures(500, -50, 1000)]);
    expect(total).toEqual({
      value: 1500,
      change: 50,
      changeRatio: 0.025,
      base: 2000,
      positions: { lifetime: 50, realised: 25, unrealised: 25 },
    });
  });

  it('is zero for nothing', () => {
    expect(sumFigures([])).toMatchObject({ value: 0, change: 0, changeRatio: 0, base: 0 });
  });

  it('does not depend on the order of its figures', () => {
    const amount = fc.double({ min: -1e6, max: 1e6, noNaN: true });
    const one = fc.tuple(amount, amount, amount).map(([v, c, b]) => figures(v, c, b));
    fc.assert(
      fc.property(
        fc
          .array(one, { maxLength: 20 })
          .chain((list) =>
            fc.tuple(
              fc.constant(list),
              fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length }),
            ),
          ),
        ([list, shuffled]) => {
          expect(sumFigures(shuffled)).toEqual(sumFigures(list));
        },
      ),
    );
  });
});

describe('chartTimes', () => {
  /** Whole steps on the step's grid between the ends, and no more than a step at either end. */
  function expectSteps(times: number[], step: number) {
    for (let i = 2; i < times.length - 1; i++) expect(times[i] - times[i - 1]).toBe(step);
    for (const time of times.slice(1, -1)) expect(time % step).toBe(0);
    for (const end of [times[1] - times[0], times.at(-1)! - times.at(-2)!]) {
      expect(end).toBeGreaterThan(0);
      expect(end).toBeLessThanOrEqual(step);
    }
  }

  it.each<[Period, number, number]>([
    ['Day', 5 * MINUTE, 24 * 12 + 1],
    ['Week', HOUR, 7 * 24 + 1],
    ['Year', DAY, 366],
  ])('%s runs from t0 to now every %d ms', (period, step, count) => {
    const times = chartTimes(period, NOW);
    expect(times[0]).toBe(periodStart(period, NOW));
    expect(times.at(-1)).toBe(NOW);
    expectSteps(times, step);
    // Daylight saving time may add or remove an hour in the calendar Year.
    expect(Math.abs(times.length - count)).toBeLessThanOrEqual(1);
  });

  it('Month runs every 6 hours over the calendar month', () => {
    const times = chartTimes('Month', NOW);
    expect(times[0]).toBe(local(2025, 5, 15));
    expectSteps(times, 6 * HOUR);
    expect(times.length).toBe(31 * 4 + 1);
  });

  it('Forever is daily up to two years, weekly beyond, and never above the point budget', () => {
    const daily = chartTimes('Forever', NOW, NOW - 300 * DAY);
    expect(daily[0]).toBe(NOW - 300 * DAY - 1);
    expectSteps(daily, DAY);
    expect(daily.length).toBe(302);

    const weekly = chartTimes('Forever', NOW, NOW - 5 * 365 * DAY);
    expectSteps(weekly, 7 * DAY);
    // One point per week between the ends, and the ends.
    const weeks = Math.ceil((5 * 365 * DAY + 1) / (7 * DAY));
    expect(weekly.length).toBeGreaterThanOrEqual(weeks + 1);
    expect(weekly.length).toBeLessThanOrEqual(weeks + 2);

    const coarse = chartTimes('Forever', NOW, NOW - 20 * 365 * DAY);
    expect(coarse.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expectSteps(coarse, 3 * 7 * DAY);
  });

  it('coarsens daily Forever points when two years would exceed the budget', () => {
    const times = chartTimes('Forever', NOW, NOW - 700 * DAY);
    expect(times.length).toBeLessThanOrEqual(MAX_CHART_POINTS);
    expectSteps(times, 2 * DAY);
  });

  it('is only now for Forever without entries', () => {
    expect(chartTimes('Forever', NOW)).toEqual([NOW]);
  });
});

describe('valueSeries and chartOf', () => {
  const times = [NOW - 3 * HOUR, NOW - 2 * HOUR, NOW - HOUR, NOW];
  const a: PricedHolding = {
    entries: [buy(NOW - 2 * HOUR, 2, 10), sell(NOW - HOUR, 1, 10)],
    priceAt: (time) => (time - NOW) / HOUR + 20,
  };
  const b: PricedHolding = { entries: [buy(NOW - 5 * HOUR, 10, 1)], priceAt: constant(3) };

  it('values the holding at each time, with ISO times oldest first', () => {
    expect(valueSeries(a, times)).toEqual([
      { time: new Date(times[0]).toISOString(), value: 0 },
      { time: new Date(times[1]).toISOString(), value: 36 },
      { time: new Date(times[2]).toISOString(), value: 19 },
      { time: new Date(times[3]).toISOString(), value: 20 },
    ]);
  });

  it('sums series point by point', () => {
    expect(chartOf([a, b], times).map((p) => p.value)).toEqual([30, 66, 49, 50]);
    expect(chartOf([], times).map((p) => p.value)).toEqual([0, 0, 0, 0]);
  });

  it('ends at the value valueHolding reports for now', () => {
    const series = valueSeries(a, chartTimes('Day', NOW));
    expect(series.at(-1)?.value).toBe(valueHolding(a, 'Day', NOW).value);
  });
});
