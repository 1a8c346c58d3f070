import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buy, dividend, sell, split as splitEntry } from '../fixtures/ledger-entries';
import { replay, type LedgerEntry } from '../../../src/domain/ledger';
import type { Period } from '../../../src/domain/types';
import {
  MAX_CHART_POINTS,
  chartTimes,
  periodStart,
  splitAdjustedPrice,
  sumFigures,
  chartOf,
  Timeline,
  valueHolding,
  valueSeries,
  type Figures,
  type PricedHolding,
} from '../../../src/domain/valuation';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Local noon, so calendar arithmetic is what the user's clock shows. */
const local = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const NOW = local(2025, 6, 15);

const constant = (price: number) => () => price;

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

describe('splitAdjustedPrice', () => {
  const split = (
    time: number,
    sharesAfter: number,
    soldShares = 0,
    soldPrice = 0,
  ): LedgerEntry => ({
    kind: 'split',
    time,
    sharesAfter,
    fee: 0,
    soldShares,
    soldPrice,
  });
  /** A market price that moves: 100 now, rising 1 % a day. */
  const market = (time: number) => 100 * 1.01 ** ((time - NOW) / DAY);
  const priced = (entries: LedgerEntry[]): PricedHolding => ({
    entries,
    priceAt: splitAdjustedPrice(entries, market),
  });

  it('is the market price when there are no splits', () => {
    const quoted = splitAdjustedPrice([buy(NOW - DAY, 10, 100)], market);
    expect(quoted(NOW - HOUR)).toBe(market(NOW - HOUR));
  });

  it('divides prices from each split on by its ratio, leaving those before any split alone', () => {
    // 10 shares split 2:1 to 20, then 3:1 to 60.
    const entries = [buy(NOW - 3 * DAY, 10, 100), split(NOW - 2 * DAY, 20), split(NOW - DAY, 60)];
    const quoted = splitAdjustedPrice(entries, market);
    expect(quoted(NOW - 2 * DAY - 1)).toBe(market(NOW - 2 * DAY - 1));
    expect(quoted(NOW - 2 * DAY)).toBeCloseTo(market(NOW - 2 * DAY) / 2, 9);
    expect(quoted(NOW - DAY - 1)).toBeCloseTo(market(NOW - DAY - 1) / 2, 9);
    expect(quoted(NOW - DAY)).toBeCloseTo(market(NOW - DAY) / 6, 9);
    expect(quoted(NOW)).toBeCloseTo(market(NOW) / 6, 9);
  });

  it('keeps the value across a split, in the series and in the change over the period', () => {
    const at = NOW - HOUR;
    const entries = [buy(NOW - 3 * DAY, 10, 100), split(at, 20)];
    const holding: PricedHolding = {
      entries,
      priceAt: splitAdjustedPrice(entries, constant(60)),
    };
    const [before, after] = valueSeries(holding, [at - 1, at]).map((p) => p.value);
    expect(before).toBe(600);
    expect(after).toBe(600);
    expect(valueHolding(holding, 'Day', NOW)).toMatchObject({ value: 600, change: 0 });
  });

  it("never moves today's value when a split is recorded now", () => {
    const bought = [buy(NOW - 3 * DAY, 10, 100)];
    const unsplit = valueHolding(priced(bought), 'Day', NOW);
    const split2to1 = valueHolding(priced([...bought, split(NOW, 20)]), 'Day', NOW);
    expect(split2to1.value).toBeCloseTo(10 * market(NOW), 9);
    expect(split2to1).toMatchObject({ value: unsplit.value, change: unsplit.change });
  });

  it('never changes a value, before or after it, when a split is dated in the past', () => {
    const at = NOW - 10 * DAY;
    const bought = [buy(NOW - 20 * DAY, 10, 100)];
    const times = [NOW - 15 * DAY, at - 1, at, NOW - DAY, NOW];
    const values = (entries: LedgerEntry[]) =>
      valueSeries(priced(entries), times).map((p) => p.value);
    // After the split: twice the shares at half the market's price.
    expect(values([...bought, split(at, 20)])).toEqual(values(bought));
  });

  it('counts shares sold for cash in the split as post-split units', () => {
    // 10 shares become 3 + 0.5 units (ratio 0.35); the half unit is sold for cash.
    const entries = [buy(NOW - 3 * DAY, 10, 100), split(NOW - DAY, 3, 0.5, 200)];
    const quoted = splitAdjustedPrice(entries, constant(280));
    expect(quoted(NOW - DAY - 1)).toBe(280);
    expect(quoted(NOW - DAY)).toBeCloseTo(280 / 0.35, 9);
  });

  it('ignores refused entries', () => {
    // A split of nothing is refused: it has no shares to scale. The later 2:1 split counts.
    const entries = [split(NOW - 3 * DAY, 5), buy(NOW - 2 * DAY, 10, 100), split(NOW - DAY, 20)];
    const quoted = splitAdjustedPrice(entries, market);
    expect(quoted(NOW - 2 * DAY)).toBe(market(NOW - 2 * DAY));
    expect(quoted(NOW)).toBeCloseTo(market(NOW) / 2, 9);
  });

  it('keeps values before the first split, and moves one at a split only with the market', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 5 }),
        (sharesAfter) => {
          const entries: LedgerEntry[] = [buy(NOW - 100 * DAY, 7, 10)];
          const splitTimes = sharesAfter.map((_, i) => NOW - (90 - i) * DAY);
          sharesAfter.forEach((n, i) => entries.push(split(splitTimes[i], n)));
          const times = splitTimes.flatMap((t) => [t - 1, t]);
          const values = valueSeries(priced(entries), times).map((p) => p.value);
          expect(values[0]).toBeCloseTo(7 * market(times[0]), 9);
          for (let i = 0; i < values.length; i += 2) {
            const drift = market(times[i + 1]) / market(times[i]);
            expect(values[i + 1] / values[i]).toBeCloseTo(drift, 9);
          }
        },
      ),
    );
  });
});

describe('Timeline', () => {
  const entry = fc.oneof(
    fc
      .tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 50 }))
      .map(([day, shares]) => buy(NOW - day * DAY, shares, 10, 1)),
    fc
      .tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 50 }))
      // Small sales, so that most histories replay.
      .map(([day, shares]) => sell(NOW - day * DAY, 1 + (shares % 5), 12)),
    fc.integer({ min: 0, max: 20 }).map((day) => dividend(NOW - day * DAY, 5)),
    fc
      .tuple(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 1, max: 50 }))
      .map(([day, shares]) => splitEntry(NOW - day * DAY, shares)),
  );

  it('holds at any time what a replay up to then holds, for histories that replay', () => {
    fc.assert(
      fc.property(
        fc.array(entry, { maxLength: 30 }),
        fc.integer({ min: -1, max: 21 }),
        (entries, daysBack) => {
          const timeline = new Timeline({ entries, priceAt: constant(1) });
          const time = NOW - daysBack * DAY;
          const replayed = replay(entries, time);
          // A refusal after `time` does not matter to the holding then.
          fc.pre(replayed.ok);
          expect(timeline.holdingAt(time)).toEqual(replayed.ok && replayed.holding);
        },
      ),
    );
  });

  it('keeps the values of an even grid, so a chart asked again asks no prices', () => {
    const asked: number[] = [];
    const timeline = new Timeline({
      entries: [buy(NOW - 3 * DAY, 2, 10)],
      priceAt: (time) => {
        asked.push(time);
        return 5;
      },
    });
    const times = chartTimes('Day', NOW);
    const first = chartOf([timeline], times);
    const priced = asked.length;
    expect(chartOf([timeline], times)).toEqual(first);
    // Only the two ends are priced again.
    expect(asked.length).toBe(priced + 2);
    expect(first.every((point) => point.value === 10)).toBe(true);
  });

  it('skips a refused entry, says so, and counts the rest', () => {
    const timeline = new Timeline({
      entries: [buy(NOW - 3 * DAY, 2, 10), sell(NOW - 2 * DAY, 5, 10), buy(NOW - DAY, 1, 10)],
      priceAt: constant(1),
    });
    expect(timeline.replaysUntil(NOW - 2 * DAY - 1)).toBe(true);
    expect(timeline.replaysUntil(NOW - 2 * DAY)).toBe(false);
    expect(timeline.holdingAt(NOW).shares).toBe(3);
    expect(timeline.holdingAt(NOW - 3 * DAY - 1).shares).toBe(0);
  });
});
