import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buy, sell, dividend, split } from '../fixtures/ledger-entries';
import {
  EMPTY_HOLDING,
  applyEntry,
  replay,
  statistics,
  tidy,
  type Holding,
  type LedgerEntry,
  type LedgerResult,
} from '../../../src/domain/ledger';

function holdingOf(result: LedgerResult): Holding {
  if (!result.ok) throw new Error(`refused: ${result.refusal.reason}`);
  return result.holding;
}

function expectCents(actual: Record<string, number>, expected: Record<string, number>) {
  for (const [key, value] of Object.entries(expected)) {
    expect(actual[key], key).toBeCloseTo(value, 2);
  }
}

describe('worked examples (decisions.md section 2)', () => {
  it('two buys average their cost and count fees as realised losses', () => {
    const holding = holdingOf(replay([buy(1, 2, 142.9, 1.55), buy(2, 2, 136.6, 1.65)]));
    expectCents(
      { ...statistics(holding, 148.9) },
      {
        shares: 4,
        costs: 559,
        averageCost: 139.75,
        fees: 3.2,
        realised: -3.2,
        value: 595.6,
        unrealised: 36.6,
        lifetime: 33.4,
      },
    );
  });

  it('a sell realises the gain over the average cost, less all fees', () => {
    const holding = holdingOf(replay([buy(1, 2, 75.8, 2.95), sell(2, 1, 85.73, 1.3)]));
    expectCents(
      { ...statistics(holding, 87.8) },
      {
        shares: 1,
        costs: 75.8,
        fees: 4.25,
        realised: 5.68,
        unrealised: 12,
        lifetime: 17.68,
      },
    );
  });

  it('a split keeps the cost and halves the average; a later sell uses the new average', () => {
    const afterSplit = holdingOf(replay([buy(1, 10, 100), split(2, 20)]));
    expectCents({ ...statistics(afterSplit, 50) }, { shares: 20, costs: 1000, averageCost: 50 });
    const afterSell = holdingOf(replay([buy(1, 10, 100), split(2, 20), sell(3, 5, 60)]));
    expectCents({ ...statistics(afterSell, 60) }, { shares: 15, costs: 750, realised: 50 });
  });
});

describe('applyEntry', () => {
  const held = holdingOf(replay([buy(1, 10, 100, 5)]));

  it.each([
    ['buy', buy(2, 5, 80, 2), { shares: 15, costs: 1400, fees: 7, realised: -7 }],
    ['sell part', sell(2, 4, 120, 3), { shares: 6, costs: 600, fees: 8, realised: -5 + 80 - 3 }],
    ['sell all', sell(2, 10, 90, 0), { shares: 0, costs: 0, fees: 5, realised: -5 - 100 }],
    ['dividend', dividend(2, 42.5), { shares: 10, costs: 1000, dividends: 42.5, realised: 37.5 }],
    ['split fee', split(2, 30, 4), { shares: 30, costs: 1000, fees: 9, realised: -9 }],
    [
      'reverse split selling the fraction',
      split(2, 3, 1, 0.5, 350),
      // 3.5 units of 1000/3.5 each; 0.5 sold at 350 gains 0.5 * (350 - 285.714...).
      { shares: 3, costs: 857.142857, fees: 6, realised: -5 + 32.142857 - 1 },
    ],
    ['free shares', buy(2, 10, 0), { shares: 20, costs: 1000, fees: 5 }],
  ])('%s', (_name, entry, expected) => {
    expectCents({ ...holdingOf(applyEntry(held, entry)) }, expected);
  });

  it('starts a fresh average after the holding returns to zero', () => {
    const holding = holdingOf(
      replay([buy(1, 3, 0.1), buy(2, 3, 0.2), sell(3, 6, 1), buy(4, 2, 50)]),
    );
    expect(holding.costs).toBe(100);
    expect(statistics(holding, 50).averageCost).toBe(50);
  });

  it('leaves no binary residue or negative zero when everything is sold', () => {
    const holding = holdingOf(replay([buy(1, 0.1, 3), buy(2, 0.2, 3), sell(3, 0.3, 3)]));
    expect(holding.shares).toBe(0);
    expect(Object.is(holding.costs, 0)).toBe(true);
    expect(Object.is(holding.realised, 0)).toBe(true);
  });

  it('does not change the holding it was given', () => {
    const before = { ...held };
    applyEntry(held, sell(2, 5, 1));
    expect(held).toEqual(before);
  });
});

describe('refusals', () => {
  const held = holdingOf(replay([buy(1, 10, 100)]));

  it.each([
    [
      'selling more than held',
      sell(2, 11, 1),
      { reason: 'sell-exceeds-holding', field: 'shares', held: 10 },
    ],
    [
      'selling from nothing',
      sell(2, 1, 1),
      { reason: 'sell-exceeds-holding', field: 'shares', held: 0 },
      EMPTY_HOLDING,
    ],
    ['zero shares', buy(2, 0, 1), { reason: 'not-positive', field: 'shares' }],
    ['negative price', buy(2, 1, -1), { reason: 'negative', field: 'share_price' }],
    ['negative fee', sell(2, 1, 1, -0.01), { reason: 'negative', field: 'fee' }],
    ['NaN shares', buy(2, Number.NaN, 1), { reason: 'not-finite', field: 'shares' }],
    ['infinite price', buy(2, 1, Infinity), { reason: 'not-finite', field: 'share_price' }],
    ['zero dividend', dividend(2, 0), { reason: 'not-positive', field: 'amount' }],
    ['split to zero', split(2, 0), { reason: 'not-positive', field: 'shares_after' }],
    ['negative sold shares', split(2, 5, 0, -1, 1), { reason: 'negative', field: 'sold_shares' }],
    [
      'negative sold price',
      split(2, 5, 0, 1, -1),
      { reason: 'negative', field: 'sold_share_price' },
    ],
    [
      'sold shares without a smaller holding',
      split(2, 10, 0, 1, 5),
      { reason: 'sold-shares-need-smaller-holding', field: 'sold_shares', held: 10 },
    ],
    [
      'a split of nothing',
      split(2, 10),
      { reason: 'split-needs-holding', field: 'shares_after', held: 0 },
      EMPTY_HOLDING,
    ],
  ])('refuses %s', (_name, entry, refusal, holding = held) => {
    expect(applyEntry(holding, entry)).toEqual({ ok: false, refusal });
  });

  it('replay stops at the first refused entry', () => {
    expect(replay([buy(1, 1, 10), sell(2, 2, 10), buy(3, 5, 10)])).toEqual({
      ok: false,
      refusal: { reason: 'sell-exceeds-holding', field: 'shares', held: 1 },
    });
  });
});

describe('replay', () => {
  it('applies entries in time order whatever order they are given in', () => {
    const entries = [sell(3, 5, 20), buy(1, 10, 10), dividend(2, 7)];
    expect(holdingOf(replay(entries))).toEqual(
      holdingOf(replay([buy(1, 10, 10), dividend(2, 7), sell(3, 5, 20)])),
    );
  });

  it('stops after the entries at `until`', () => {
    const entries = [buy(1, 10, 10), buy(2, 5, 10), buy(3, 1, 10)];
    expect(holdingOf(replay(entries, 2)).shares).toBe(15);
    expect(holdingOf(replay(entries, 0))).toEqual(EMPTY_HOLDING);
  });

  it('is empty without entries', () => {
    expect(replay([])).toEqual({ ok: true, holding: EMPTY_HOLDING });
  });
});

describe('statistics', () => {
  it('gives an average cost of 0 and no value for an empty holding', () => {
    const stats = statistics({ ...EMPTY_HOLDING, realised: 12 }, 999);
    expect(stats).toMatchObject({ value: 0, averageCost: 0, unrealised: 0, lifetime: 12 });
  });
});

// Amounts in cents and share counts in hundredths, as a user enters them.
const money = fc.integer({ min: 0, max: 10_000_000 }).map((c) => c / 100);
const count = fc.integer({ min: 1, max: 100_000 }).map((c) => c / 100);

/** A random valid history: each step is a buy, a sell of part of the holding, a dividend or a split. */
const history = fc
  .array(
    fc.tuple(
      fc.constantFrom('buy', 'sell', 'dividend', 'split'),
      count,
      money,
      money,
      fc.double({ min: 0.01, max: 1, noNaN: true }),
    ),
    { maxLength: 30 },
  )
  .map((steps) => {
    const entries: LedgerEntry[] = [];
    let holding = EMPTY_HOLDING;
    steps.forEach(([kind, shares, price, fee, part], time) => {
      const entry: LedgerEntry =
        kind === 'buy' || holding.shares === 0
          ? buy(time, shares, price, fee)
          : kind === 'sell'
            ? sell(time, Math.max(0.01, Math.floor(holding.shares * part * 100) / 100), price, fee)
            : kind === 'dividend'
              ? dividend(time, price + 0.01)
              : split(time, shares, fee);
      const result = applyEntry(holding, entry);
      if (result.ok) {
        holding = result.holding;
        entries.push(entry);
      }
    });
    return { entries, holding };
  });

describe('properties', () => {
  it('lifetime is realised plus unrealised', () => {
    fc.assert(
      fc.property(history, money, ({ holding }, price) => {
        const stats = statistics(holding, price);
        expect(stats.lifetime).toBeCloseTo(stats.realised + stats.unrealised, 6);
        expect(stats.unrealised).toBeCloseTo(stats.value - stats.costs, 6);
      }),
    );
  });

  it('a split keeps the cost basis and the realised result', () => {
    fc.assert(
      fc.property(history, count, ({ holding }, sharesAfter) => {
        fc.pre(holding.shares > 0);
        const after = holdingOf(applyEntry(holding, split(99, sharesAfter)));
        expect(after.costs).toBe(holding.costs);
        expect(after.realised).toBe(holding.realised);
        expect(after.shares).toBe(sharesAfter);
      }),
      { numRuns: 1000 },
    );
  });

  it('buying and selling everything at one price without fees realises nothing', () => {
    fc.assert(
      fc.property(fc.array(count, { minLength: 1, maxLength: 10 }), money, (lots, price) => {
        const buys = lots.map((shares, time) => buy(time, shares, price));
        const bought = holdingOf(replay(buys));
        const holding = holdingOf(replay([...buys, sell(lots.length, bought.shares, price)]));
        expect(holding.shares).toBe(0);
        expect(holding.costs).toBe(0);
        // Well below a cent, relative to the amounts involved.
        expect(Math.abs(holding.realised)).toBeLessThanOrEqual(1e-12 * Math.max(1, bought.costs));
      }),
      { numRuns: 1000 },
    );
  });

  it('tidies residues away without moving an already tidy amount', () => {
    expect(Object.is(tidy(-1e-14), 0)).toBe(true);
    expect(tidy(0.1 + 0.2)).toBe(0.3);
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
        expect(tidy(tidy(x))).toBe(tidy(x));
        expect(Math.abs(tidy(x) - x)).toBeLessThanOrEqual(5e-11 + Math.abs(x) * 1e-15);
      }),
      { numRuns: 1000 },
    );
  });

  it('replaying a valid history gives the holding built entry by entry', () => {
    fc.assert(
      fc.property(history, ({ entries, holding }) => {
        expect(holdingOf(replay(entries))).toEqual(holding);
      }),
    );
  });
});
