// Returns against published figures (numbers only: Portfolio Performance's ClientIndexTest and
// IRRTest, Wealthfolio's tiny-start case) and hand-made ledgers (docs/returns.md).
import { describe, expect, it } from 'vitest';
import { buy, dividend, sell, split } from '../fixtures/ledger-entries';
import { holdingsBook, performance, xirr, type Book } from '../../../src/domain/returns';
import { Timeline } from '../../../src/domain/valuation';
import { holding, local, midnight, stepping, taxedDividend } from './support';

const days = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

/** A cash account: each day's deposits (+) and withdrawals (−) are its flows; interest and fees are not. */
function cashAccount(rows: { day: number; flow?: number; other?: number }[]) {
  const at = (day: number) => local(2012, 1, day);
  const book: Book = {
    flows: rows.flatMap((r) => (r.flow ? [{ time: at(r.day), amount: r.flow }] : [])),
    earnings: [],
  };
  const balanceAt = (time: number) =>
    rows
      .filter((r) => at(r.day) <= time)
      .reduce((sum, r) => sum + (r.flow ?? 0) + (r.other ?? 0), 0);
  return { book, valuesAt: (times: readonly number[]) => times.map(balanceAt) };
}

describe("Portfolio Performance's ClientIndexTest (a 9-day cash account)", () => {
  // Day 0 is 2011-12-31 (day 1 of 2012 counted back one).
  const account = cashAccount([
    { day: 0, flow: 10_000 },
    { day: 1, other: 230 },
    { day: 2, flow: 200, other: 200 },
    { day: 3, flow: -400, other: -234.41 },
    { day: 4, other: 293.99 },
    { day: 5, other: 293.99 },
    { day: 6, flow: 5_400, other: 195.99 },
    { day: 7, flow: -3_697.04, other: -882.52 },
    { day: 8, other: -1_003.85 },
  ]);
  const result = performance({
    from: midnight(2011, 12, 31),
    to: midnight(2012, 1, 9),
    ...account,
  });

  it('ends at −0.056182678, daily linked with inflows at the start of a day and outflows at its end', () => {
    expect(result.twr).toBeCloseTo(-0.056182678, 9);
    expect(result.annualised).toBe(false);
  });

  it('its months chain to the same figure', () => {
    expect(result.monthly.map((m) => m.month)).toEqual(['2011-12', '2012-01']);
    expect(result.monthly[0].twr).toBeCloseTo(0, 12);
    expect(result.monthly[1].twr).toBeCloseTo(-0.056182678, 9);
  });

  it('the total return is the interest less the fees', () => {
    expect(result.totalReturn).toBeCloseTo(
      230 + 200 - 234.41 + 293.99 * 2 + 195.99 - 882.52 - 1_003.85,
      6,
    );
  });

  it('a deposit on the last day is performance-neutral', () => {
    const neutral = performance({
      from: midnight(2012, 1, 1),
      to: midnight(2012, 1, 11),
      ...cashAccount([
        { day: 1, flow: 10_000 },
        { day: 2, other: 1_000 },
        { day: 10, flow: 10_000 },
      ]),
    });
    expect(neutral.twr).toBeCloseTo(0.1, 12);
  });
});

describe("Portfolio Performance's IRRTest, as Excel's XIRR", () => {
  // The exact root is 0.0501407503; Excel and Portfolio Performance stop within 1e-8 of it.
  it('−200 on 2010-01-01, +210 on 2010-12-31: 0.050140747', () => {
    const rate = xirr([
      { days: 0, amount: -200 },
      { days: days('2010-01-01', '2010-12-31'), amount: 210 },
    ]);
    expect(rate).toBeCloseTo(0.050140747, 8);
  });

  it('a near-total loss converges: −0.999251643', () => {
    const rate = xirr([
      { days: 0, amount: -1560.94 },
      { days: days('2019-05-24', '2020-01-13'), amount: -1160 },
      { days: days('2019-05-24', '2020-06-29'), amount: 42.8 },
    ]);
    expect(rate).toBeCloseTo(-0.999251643, 9);
  });

  it('no rate when money only goes one way', () => {
    expect(xirr([{ days: 0, amount: -100 }])).toBeUndefined();
    expect(
      xirr([
        { days: 0, amount: 0 },
        { days: 5, amount: 10 },
      ]),
    ).toBeUndefined();
  });
});

describe("Wealthfolio's tiny start (a negative check)", () => {
  // Start 100, a 2,000 deposit, end 2,089.16: a change of −10.84, which on the start value
  // would read −10.84 %.
  const book: Book = { flows: [{ time: local(2024, 3, 2), amount: 2_000 }], earnings: [] };
  const result = performance({
    from: midnight(2024, 3, 1),
    to: midnight(2024, 3, 31),
    book,
    valuesAt: (times) =>
      times.map((t) =>
        t < local(2024, 3, 2) ? 100 : t < midnight(2024, 3, 31) ? 2_100 : 2_089.16,
      ),
  });

  it('earns −10.84 DKK, and no return reads as a change ÷ the start value', () => {
    expect(result.totalReturn).toBeCloseTo(-10.84, 6);
    for (const rate of [result.twr, result.irr]) {
      expect(rate).not.toBeNull();
      expect(rate!).toBeGreaterThan(-0.05);
      expect(rate!).toBeLessThan(0.01);
    }
  });
});

describe('hand-made ledgers', () => {
  const from = midnight(2024, 1, 1);

  it('a split changes nothing by itself', () => {
    const entries = [buy(local(2024, 1, 2), 10, 100), split(local(2024, 1, 10), 20)];
    const result = holding(
      entries,
      stepping([0, 100], [local(2024, 1, 20), 110]),
      from,
      midnight(2024, 2, 1),
    );
    expect(result.endValue).toBeCloseTo(1_100, 9);
    expect(result.twr).toBeCloseTo(0.1, 12);
    expect(result.totalReturn).toBeCloseTo(100, 9);
  });

  it('a full exit and a re-entry: the days without a holding are flat, the two runs chain', () => {
    const price = stepping(
      [0, 100],
      [local(2024, 1, 5), 120],
      [local(2024, 1, 15), 60],
      [local(2024, 1, 25), 66],
    );
    const entries = [
      buy(local(2024, 1, 2), 10, 100),
      sell(local(2024, 1, 10), 10, 120),
      buy(local(2024, 1, 20), 10, 60),
    ];
    const result = holding(entries, price, from, midnight(2024, 2, 1));
    expect(result.twr).toBeCloseTo(1.2 * 1.1 - 1, 12);
    expect(result.totalReturn).toBeCloseTo(200 + 60, 9);
    expect(result.moneyIn).toBeCloseTo(1_600, 9);
    expect(result.moneyOut).toBeCloseTo(1_200, 9);
    expect(result.irr).not.toBeNull();
  });

  it('a foreign holding: the currency moves the DKK return too', () => {
    // 10 shares at USD 100 when a dollar is 7 DKK; USD 110 when it is 6.5 DKK.
    const entries = [buy(local(2024, 1, 2), 10, 100 * 7)];
    const price = stepping([0, 700], [local(2024, 1, 20), 110 * 6.5]);
    const result = holding(entries, price, from, midnight(2024, 2, 1));
    expect(result.twr).toBeCloseTo((110 * 6.5) / 700 - 1, 12);
    expect(result.totalReturn).toBeCloseTo(10 * (110 * 6.5 - 700), 9);
  });

  it('a dividend with tax withheld: gross in the return, the tax and the fee on their own', () => {
    const taxed = taxedDividend(local(2024, 1, 15), 50, 13.5);
    const entries = [buy(local(2024, 1, 2), 10, 100, 10), taxed];
    const result = holding(entries, () => 100, from, midnight(2024, 2, 1));
    expect(result.dividends).toBe(50);
    expect(result.withholdingTax).toBe(13.5);
    expect(result.fees).toBe(10);
    expect(result.totalReturn).toBeCloseTo(50 - 10, 9);
    // The fee is paid in with the buy: 1,000 of shares for 1,010, then 50 out on a flat price.
    expect(result.twr).toBeCloseTo((1_000 / 1_010) * 1.05 - 1, 12);
  });

  it('a dividend without the field counts no tax', () => {
    const entries = [buy(local(2024, 1, 2), 10, 100), dividend(local(2024, 1, 15), 50)];
    expect(holding(entries, () => 100, from, midnight(2024, 2, 1)).withholdingTax).toBe(0);
  });

  it('a book asked again for another span gives that span’s own figures, as a new book would', () => {
    // The same book object keeps its flows' sums per span: ends (or starts) a moment apart on one
    // day, one before a trade at noon and one after it, must each count their own flows.
    const entries = [
      buy(local(2024, 1, 2), 10, 100, 5),
      { ...dividend(local(2024, 1, 5), 20), withholdingTax: 6 },
      sell(local(2024, 1, 10, 12), 4, 120, 2),
      buy(local(2024, 1, 20), 1, 110, 1),
    ];
    const price = stepping([0, 100], [local(2024, 1, 8), 120], [local(2024, 1, 18), 110]);
    const timeline = new Timeline({ entries, priceAt: price });
    const kept = holdingsBook(entries);
    const spans = [
      [from, local(2024, 1, 10, 11)],
      [from, local(2024, 1, 10, 13)],
      [from, local(2024, 1, 10, 11)],
      [midnight(2024, 1, 6), local(2024, 1, 10, 13)],
      [from, midnight(2024, 2, 1)],
      [midnight(2024, 1, 11), midnight(2024, 2, 1)],
      // Starts a moment apart on one day, before the first buy at noon and after it (as Year's).
      [local(2024, 1, 2, 11), midnight(2024, 2, 1)],
      [local(2024, 1, 2, 13), midnight(2024, 2, 1)],
    ];
    for (const [start, end] of spans) {
      const asked = (book: Book) =>
        performance({ from: start, to: end, book, valuesAt: (times) => timeline.valuesAt(times) });
      expect(asked(kept)).toEqual(asked(holdingsBook(entries)));
    }
    const [beforeSale, afterSale] = spans.map(([start, end]) =>
      performance({ from: start, to: end, book: kept, valuesAt: (t) => timeline.valuesAt(t) }),
    );
    expect(beforeSale.moneyOut).toBeCloseTo(20, 9);
    expect(afterSale.moneyOut).toBeCloseTo(20 + 478, 9);
    expect(afterSale.fees).toBeCloseTo(7, 9);
  });

  it('a span of a few days has no IRR: not enough history', () => {
    const entries = [buy(local(2024, 1, 2), 10, 100)];
    const result = holding(entries, () => 101, midnight(2024, 1, 2), local(2024, 1, 5));
    expect(result.irr).toBeNull();
    expect(result.irrNote).toBe('not-enough-history');
    expect(result.twr).toBeCloseTo(0.01, 12);
  });

  it('nothing held in the span: no TWR, no IRR', () => {
    const result = holding([buy(local(2025, 1, 2), 1, 1)], () => 1, from, midnight(2024, 6, 1));
    expect(result.twr).toBeNull();
    expect(result.irr).toBeNull();
    expect(result.totalReturn).toBe(0);
  });

  it('over a year: annualised; a year to the day: not', () => {
    const entries = [buy(local(2022, 1, 3), 10, 100)];
    const price = stepping([0, 100], [local(2023, 1, 10), 150]);
    const exactlyYear = holding(entries, price, midnight(2023, 1, 1), midnight(2024, 1, 1));
    expect(exactlyYear.annualised).toBe(false);
    expect(exactlyYear.twr).toBeCloseTo(0.5, 12);
    const longer = holding(entries, price, midnight(2022, 1, 1), midnight(2024, 1, 1));
    expect(longer.annualised).toBe(true);
    expect(longer.twr).toBeCloseTo(Math.pow(1.5, 365 / 730) - 1, 12);
  });
});
