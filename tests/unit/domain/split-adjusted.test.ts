// Valuation: split-adjusted prices, and the Timeline of a holding.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buy, dividend, sell, split as splitEntry } from '../fixtures/ledger-entries';
import { replay, type LedgerEntry } from '../../../src/domain/ledger';
import {
  chartTimes,
  splitAdjustedPrice,
  chartOf,
  Timeline,
  valueHolding,
  valueSeries,
  type PricedHolding,
} from '../../../src/domain/valuation';
import { DAY, HOUR, NOW, constant } from './valuation-figures';

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
