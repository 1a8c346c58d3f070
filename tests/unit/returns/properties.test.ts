// Properties of the returns over random ledgers: scaling, the TWR against a buy-and-hold price
// change, and a user's figures as the join of their holdings' (docs/returns.md).
import { describe, expect, it } from 'vitest';
import { buy, sell, split } from '../fixtures/ledger-entries';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { holdingsBook, joinBooks, performance } from '../../../src/domain/returns';
import { splitAdjustedPrice, Timeline } from '../../../src/domain/valuation';
import { holding, local, midnight, stepping, taxedDividend } from './support';

/** A small deterministic generator, so each run checks the same cases. */
function generator(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

/** A random ledger of buys, sells, dividends and a split over 2024, and a wandering price. */
function randomCase(seed: number, scale = 1) {
  const random = generator(seed);
  const prices: [number, number][] = [[0, 100]];
  for (let day = 1; day <= 366; day++)
    prices.push([local(2024, 1, day, 0), prices.at(-1)![1] * (0.97 + random() * 0.06)]);
  const price = stepping(...prices);
  const entries: LedgerEntry[] = [];
  let held = 0;
  for (let day = 2; day < 360; day += 1 + Math.floor(random() * 20)) {
    const time = local(2024, 1, day);
    const choice = random();
    if (held === 0 || choice < 0.4) {
      const shares = 1 + Math.floor(random() * 20);
      entries.push(buy(time, shares * scale, price(time), random() * 10 * scale));
      held += shares;
    } else if (choice < 0.7) {
      const shares = Math.max(1, Math.floor(held * random()));
      entries.push(sell(time, shares * scale, price(time), random() * 10 * scale));
      held -= shares;
    } else if (choice < 0.95) {
      entries.push(taxedDividend(time, held * scale * random(), random() * scale));
    } else {
      entries.push(split(time, held * 2 * scale));
      held *= 2;
    }
  }
  return { entries, price };
}

describe('properties', () => {
  const seeds = [1, 2, 3, 4, 5, 6, 7, 8];
  const spans: [number, number][] = [
    [midnight(2024, 1, 1), midnight(2025, 1, 1)],
    [midnight(2024, 3, 10), midnight(2024, 9, 20)],
  ];

  it('the TWR does not change when every flow is scaled; the money returns scale', () => {
    for (const seed of seeds)
      for (const [from, to] of spans) {
        const one = randomCase(seed);
        const three = randomCase(seed, 3);
        const a = holding(one.entries, one.price, from, to);
        const b = holding(three.entries, three.price, from, to);
        expect(b.twr, `seed ${seed}`).toBeCloseTo(a.twr!, 10);
        expect(b.irr! / a.irr!, `seed ${seed}`).toBeCloseTo(1, 9);
        expect(b.totalReturn).toBeCloseTo(3 * a.totalReturn, 6);
      }
  });

  it('the total return is the sum of its parts: prices, dividends, less fees', () => {
    for (const seed of seeds)
      for (const [from, to] of spans) {
        const { entries, price } = randomCase(seed);
        const result = holding(entries, price, from, to);
        let traded = 0;
        for (const e of entries) {
          if (e.time <= from || e.time > to) continue;
          if (e.kind === 'buy') traded -= e.shares * e.price;
          if (e.kind === 'sell') traded += e.shares * e.price;
          if (e.kind === 'split') traded += e.soldShares * e.soldPrice;
        }
        const prices = result.endValue - result.startValue + traded;
        expect(result.totalReturn).toBeCloseTo(prices + result.dividends - result.fees, 6);
      }
  });

  it("a single buy-and-hold's IRR is its price change, annualised over a year", () => {
    for (const [shares, start, end, span] of [
      [10, 100, 130, 800],
      [3, 50, 20, 500],
      [7, 80, 90, 200],
    ]) {
      const bought = local(2022, 1, 3);
      const until = midnight(2022, 1, 3) + span * 86_400_000;
      const price = stepping([0, start], [bought + 86_400_000, end]);
      const result = holding([buy(bought, shares, start)], price, bought - 1, until);
      const change = end / start;
      const expected = span > 365 ? Math.pow(change, 365 / span) - 1 : change - 1;
      expect(result.annualised).toBe(span > 365);
      expect(result.irr).toBeCloseTo(expected, 9);
      expect(result.twr).toBeCloseTo(expected, 9);
    }
  });

  it("the user's money figures are the sum of the portfolios'", () => {
    const parts = [randomCase(11), randomCase(12), randomCase(13)];
    const [from, to] = spans[1];
    const each = parts.map(({ entries, price }) => holding(entries, price, from, to));
    const timelines = parts.map(
      ({ entries, price }) =>
        new Timeline({
          entries: entries,
          priceAt: splitAdjustedPrice(entries, price),
        }),
    );
    const user = performance({
      from,
      to,
      book: joinBooks(parts.map(({ entries }) => holdingsBook(entries))),
      valuesAt: (times) => {
        const sums = times.map(() => 0);
        for (const t of timelines) t.valuesAt(times).forEach((v, i) => (sums[i] += v));
        return sums;
      },
    });
    const sum = (pick: (p: (typeof each)[number]) => number) =>
      each.reduce((s, p) => s + pick(p), 0);
    expect(user.totalReturn).toBeCloseTo(
      sum((p) => p.totalReturn),
      6,
    );
    expect(user.dividends).toBeCloseTo(
      sum((p) => p.dividends),
      6,
    );
    expect(user.withholdingTax).toBeCloseTo(
      sum((p) => p.withholdingTax),
      6,
    );
    expect(user.fees).toBeCloseTo(
      sum((p) => p.fees),
      6,
    );
  });
});
