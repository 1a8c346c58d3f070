import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  flowsOf,
  flowsOfColumns,
  tradeColumns,
  tradeFlows,
  shadowOf,
  shadowValuesAt,
  type Flow,
} from '../../../src/domain/benchmark';
import type { LedgerEntry } from '../../../src/domain/ledger';

/** Noon UTC of a day in June 2025, as events are kept. */
const june = (day: number, hour = 12) => Date.UTC(2025, 5, day, hour);
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** A hand-made benchmark: DKK closes by day. */
const CLOSES: Record<string, number> = {
  '2025-06-02': 100,
  '2025-06-03': 110,
  '2025-06-04': 88,
  '2025-06-05': 120,
  '2025-06-06': 150,
};
const closeOn = (day: string) => CLOSES[day] ?? NaN;
const DAYS = Object.keys(CLOSES);
/** Each day's close, taken in the evening: after the day's flows. */
const closes = DAYS.map((day) => ({ time: Date.parse(`${day}T20:00:00Z`), price: closeOn(day) }));
const flow = (day: number, amount: number): Flow => ({
  day: dayOf(june(day)),
  time: june(day),
  amount,
});

describe('flowsOf', () => {
  it('counts a buy as money in with its fee, a sale as money out less its fee, per day', () => {
    const entries: LedgerEntry[] = [
      { kind: 'buy', time: june(2), shares: 10, price: 100, fee: 29 },
      { kind: 'dividend', time: june(3), amount: 50 },
      { kind: 'sell', time: june(4, 15), shares: 1, price: 95, fee: 5 },
      { kind: 'buy', time: june(4), shares: 2, price: 90, fee: 0 },
      { kind: 'split', time: june(5), sharesAfter: 22, fee: 0, soldShares: 0, soldPrice: 0 },
      { kind: 'sell', time: june(6), shares: 11, price: 120, fee: 10 },
    ];
    expect(flowsOf(tradeFlows(entries), dayOf)).toEqual([
      { day: '2025-06-02', time: june(2), amount: 1029 },
      { day: '2025-06-04', time: june(4), amount: 180 - 90 },
      { day: '2025-06-06', time: june(6), amount: -1310 },
    ]);
  });
});

describe('flowsOfColumns', () => {
  const DAY_MS = 86_400_000;
  const dayNumberOf = (time: number) => Math.floor(time / DAY_MS);
  const entry = fc.oneof(
    fc.record({
      kind: fc.constantFrom('buy' as const, 'sell' as const),
      time: fc.integer({ min: june(1, 0), max: june(9, 0) }),
      shares: fc.double({ min: 0.001, max: 1_000, noNaN: true }),
      price: fc.double({ min: 0, max: 5_000, noNaN: true }),
      fee: fc.double({ min: 0, max: 50, noNaN: true }),
    }),
    fc.record({
      kind: fc.constant('dividend' as const),
      time: fc.integer({ min: june(1, 0), max: june(9, 0) }),
      amount: fc.double({ min: 0, max: 500, noNaN: true }),
    }),
  );
  const more = fc.array(
    fc.record({
      time: fc.integer({ min: june(1, 0), max: june(9, 0) }),
      amount: fc.double({ min: -1_000, max: 1_000, noNaN: true }),
    }),
    { maxLength: 5 },
  );

  it('sums the same flows per day as flowsOf, to the same amounts and first times', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(entry, { maxLength: 30 }), { maxLength: 4 }),
        more,
        (lists, cash) => {
          const expected = flowsOf([...lists.flatMap(tradeFlows), ...cash], dayOf);
          const columns = lists.map((list: LedgerEntry[]) => tradeColumns(list, dayNumberOf));
          const dayText = (day: number) => dayOf(day * DAY_MS);
          expect(flowsOfColumns(columns, cash, dayNumberOf, dayText)).toEqual(expected);
        },
      ),
    );
  });

  it('sums flows centuries apart as flowsOf does', () => {
    const entries: LedgerEntry[] = [
      { kind: 'buy', time: Date.UTC(1901, 0, 2, 12), shares: 1, price: 10, fee: 1 },
      { kind: 'buy', time: june(2), shares: 2, price: 20, fee: 0 },
      { kind: 'sell', time: june(2, 15), shares: 1, price: 25, fee: 1 },
    ];
    const cash = [{ time: june(3), amount: 100 }];
    const columns = [tradeColumns(entries, dayNumberOf)];
    const dayText = (day: number) => dayOf(day * DAY_MS);
    expect(flowsOfColumns(columns, cash, dayNumberOf, dayText)).toEqual(
      flowsOf([...tradeFlows(entries), ...cash], dayOf),
    );
  });
});

/** The benchmark's value at each point, as a chart's line has it: undefined when any is unknown. */
function benchmarkSeries(
  flows: readonly Flow[],
  closes: (day: string) => number,
  points: readonly { time: number; price: number }[],
): number[] | undefined {
  const shadow = shadowOf(flows, closes);
  if (!shadow) return undefined;
  const values = shadowValuesAt(
    shadow,
    points.map((point) => point.time),
    points.map((point) => point.price),
  );
  return values.every(Number.isFinite) ? [...values] : undefined;
}

describe('benchmarkSeries', () => {
  it('values a single buy at the benchmark’s price ratio since its day', () => {
    expect(benchmarkSeries([flow(2, 1000)], closeOn, closes)).toEqual([
      1000, 1100, 880, 1200, 1500,
    ]);
  });

  it('is worth nothing before the first flow', () => {
    const before = { time: june(4, 6), price: 80 };
    expect(benchmarkSeries([flow(4, 880)], closeOn, [before, ...closes])).toEqual([
      0, 0, 0, 880, 1200, 1500,
    ]);
  });

  it('buys and sells units at each flow’s day’s close', () => {
    // 10 units on the 2nd; 1,100 buys 10 more on the 3rd; 880 takes out 10 on the 4th.
    const flows = [flow(2, 1000), flow(3, 1100), flow(4, -880)];
    expect(benchmarkSeries(flows, closeOn, closes)).toEqual([1000, 2200, 880, 1200, 1500]);
  });

  it('sells no more than it holds: money taken out beyond its value leaves it at nothing', () => {
    const flows = [flow(2, 1000), flow(5, -5000), flow(6, 300)];
    expect(benchmarkSeries(flows, closeOn, closes)).toEqual([1000, 1100, 880, 0, 300]);
  });

  it('values the units at each point’s own price, within a day too', () => {
    const points = [
      { time: june(2, 13), price: 95 },
      { time: june(2, 20), price: 100 },
      { time: june(3, 9), price: 105 },
    ];
    expect(benchmarkSeries([flow(2, 1000)], closeOn, points)).toEqual([950, 1000, 1050]);
  });

  it('is unknown when a flow’s day has no close, or a point holding units has no price', () => {
    expect(benchmarkSeries([flow(1, 1)], closeOn, closes)).toBe(undefined);
    const unpriced = [closes[0], { time: june(3), price: NaN }];
    expect(benchmarkSeries([flow(2, 1)], closeOn, unpriced)).toBe(undefined);
    // Before the first flow nothing is held, so no price is needed.
    const early = [{ time: june(1), price: NaN }, closes[0]];
    expect(benchmarkSeries([flow(2, 100)], closeOn, early)).toEqual([0, 100]);
  });

  it('scales with the flows: twice the money, twice the value', () => {
    const anyFlow = fc.record({
      day: fc.integer({ min: 2, max: 6 }),
      amount: fc.double({ min: -1e6, max: 1e6, noNaN: true }),
    });
    fc.assert(
      fc.property(
        fc.array(anyFlow, { maxLength: 8 }),
        fc.double({ min: 0.01, max: 1000, noNaN: true }),
        (drawn, k) => {
          const flows = drawn.map((f) => flow(f.day, f.amount));
          const base = benchmarkSeries(flows, closeOn, closes) ?? [];
          const scaled = flows.map((f) => ({ ...f, amount: f.amount * k }));
          const values = benchmarkSeries(scaled, closeOn, closes) ?? [];
          // Rounding is relative to the money moved, not to what is left: a buy and a sale of
          // nearly the same amount leave a value far smaller than either (no close is twice
          // another here).
          const moved = 2 * k * drawn.reduce((sum, f) => sum + Math.abs(f.amount), 0);
          values.forEach((value, index) => {
            const expected = base[index] * k;
            expect(Math.abs(value - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, moved));
          });
        },
      ),
      // Once drawn: nearly a million in and out on one day, which a bound on the value failed.
      {
        examples: [
          [
            [
              { day: 2, amount: 999998.4892879328 },
              { day: 2, amount: -999998.2505853737 },
            ],
            7.235471618407345,
          ],
        ],
      },
    );
  });
});

describe('shadowValuesAt', () => {
  it('holds the units of the last flow at or before the time', () => {
    const shadow = shadowOf([flow(2, 1000), flow(4, 880)], closeOn);
    expect(shadow).toBeDefined();
    if (!shadow) return;
    const times = [june(2, 11), june(2), june(3), june(4), june(9)];
    // At a price of 1 a value is the units held.
    expect([
      ...shadowValuesAt(
        shadow,
        times,
        times.map(() => 1),
      ),
    ]).toEqual([0, 10, 10, 20, 20]);
  });
});
