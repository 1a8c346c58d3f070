import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { benchmarkSeries, flowsOf, shadowOf, unitsOn, type Flow } from '../../src/domain/benchmark';
import type { LedgerEntry } from '../../src/domain/ledger';

/** Noon UTC of a day in June 2025, as events are kept. */
const june = (day: number) => Date.UTC(2025, 5, day, 12);
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
const at = (day: string) => ({ day, price: closeOn(day) });
const DAYS = Object.keys(CLOSES);

describe('flowsOf', () => {
  it('counts a buy as money in with its fee, a sale as money out less its fee, per day', () => {
    const entries: LedgerEntry[] = [
      { kind: 'buy', time: june(2), shares: 10, price: 100, fee: 29 },
      { kind: 'dividend', time: june(3), amount: 50 },
      { kind: 'buy', time: june(4), shares: 2, price: 90, fee: 0 },
      { kind: 'sell', time: june(4) + 1000, shares: 1, price: 95, fee: 5 },
      {
        kind: 'split',
        time: june(5),
        sharesAfter: 22,
        fee: 0,
        soldShares: 0,
        soldPrice: 0,
      },
      { kind: 'sell', time: june(6), shares: 11, price: 120, fee: 10 },
    ];
    expect(flowsOf(entries, dayOf)).toEqual([
      { day: '2025-06-02', amount: 1029 },
      { day: '2025-06-04', amount: 180 - 90 },
      { day: '2025-06-06', amount: -1310 },
    ]);
  });
});

describe('benchmarkSeries', () => {
  it('values a single buy at the benchmark’s price ratio since its day', () => {
    const flows: Flow[] = [{ day: '2025-06-02', amount: 1000 }];
    expect(benchmarkSeries(flows, closeOn, DAYS.map(at))).toEqual([1000, 1100, 880, 1200, 1500]);
  });

  it('is worth nothing before the first flow', () => {
    const flows: Flow[] = [{ day: '2025-06-04', amount: 880 }];
    expect(benchmarkSeries(flows, closeOn, DAYS.map(at))).toEqual([0, 0, 880, 1200, 1500]);
  });

  it('buys and sells units at each flow’s day’s close', () => {
    // 10 units on the 2nd; 1,100 buys 10 more on the 3rd; 880 takes out 10 on the 4th.
    const flows: Flow[] = [
      { day: '2025-06-02', amount: 1000 },
      { day: '2025-06-03', amount: 1100 },
      { day: '2025-06-04', amount: -880 },
    ];
    expect(benchmarkSeries(flows, closeOn, DAYS.map(at))).toEqual([1000, 2200, 880, 1200, 1500]);
  });

  it('sells no more than it holds: money taken out beyond its value leaves it at nothing', () => {
    const flows: Flow[] = [
      { day: '2025-06-02', amount: 1000 },
      { day: '2025-06-05', amount: -5000 },
      { day: '2025-06-06', amount: 300 },
    ];
    expect(benchmarkSeries(flows, closeOn, DAYS.map(at))).toEqual([1000, 1100, 880, 0, 300]);
  });

  it('values the units at each point’s own price, within a day too', () => {
    const flows: Flow[] = [{ day: '2025-06-02', amount: 1000 }];
    const points = [
      { day: '2025-06-02', price: 95 },
      { day: '2025-06-02', price: 100 },
      { day: '2025-06-03', price: 105 },
    ];
    expect(benchmarkSeries(flows, closeOn, points)).toEqual([950, 1000, 1050]);
  });

  it('is unknown when a flow’s day has no close, or a point holding units has no price', () => {
    expect(benchmarkSeries([{ day: '2025-06-01', amount: 1 }], closeOn, DAYS.map(at))).toBe(
      undefined,
    );
    const unpriced = [at('2025-06-02'), { day: '2025-06-03', price: NaN }];
    expect(benchmarkSeries([{ day: '2025-06-02', amount: 1 }], closeOn, unpriced)).toBe(undefined);
    // Before the first flow nothing is held, so no price is needed.
    const early = [{ day: '2025-06-01', price: NaN }, at('2025-06-02')];
    expect(benchmarkSeries([{ day: '2025-06-02', amount: 100 }], closeOn, early)).toEqual([0, 100]);
  });

  it('scales with the flows: twice the money, twice the value', () => {
    const day = fc.constantFrom(...DAYS);
    const flow = fc.record({ day, amount: fc.double({ min: -1e6, max: 1e6, noNaN: true }) });
    fc.assert(
      fc.property(
        fc.array(flow, { maxLength: 8 }),
        fc.double({ min: 0.01, max: 1000 }),
        (flows, k) => {
          const base = benchmarkSeries(flows, closeOn, DAYS.map(at)) ?? [];
          const scaled =
            benchmarkSeries(
              flows.map((f) => ({ ...f, amount: f.amount * k })),
              closeOn,
              DAYS.map(at),
            ) ?? [];
          scaled.forEach((value, index) => {
            const expected = base[index] * k;
            expect(Math.abs(value - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
          });
        },
      ),
    );
  });
});

describe('unitsOn', () => {
  it('holds the units of the last flow on or before the day', () => {
    const shadow = shadowOf(
      [
        { day: '2025-06-02', amount: 1000 },
        { day: '2025-06-04', amount: 880 },
      ],
      closeOn,
    );
    expect(shadow).toBeDefined();
    if (!shadow) return;
    expect(
      ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-09'].map((d) =>
        unitsOn(shadow, d),
      ),
    ).toEqual([0, 10, 10, 20, 20]);
  });
});
