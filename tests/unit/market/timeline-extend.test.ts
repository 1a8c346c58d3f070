// A timeline built from the one before a change replays only from the first entry that differs:
// it must say exactly what a replay of every entry says, whatever the change.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '../../../src/domain/ledger';
import { HoldingColumns, splitSteps, Timeline } from '../../../src/domain/valuation';
import { buy, dividend, sell, split } from '../fixtures/ledger-entries';

const DAY = 86_400_000;
const T0 = Date.UTC(2024, 0, 2, 12);

// Amounts in cents and share counts in hundredths, as entered; some sells and splits are
// refused (more than held, a split of nothing), as stored history that no longer replays is.
const money = fc.integer({ min: 0, max: 1_000_000 }).map((c) => c / 100);
const count = fc.integer({ min: 1, max: 2_000 }).map((c) => c / 100);
const entry: fc.Arbitrary<LedgerEntry> = fc
  .tuple(
    fc.constantFrom('buy', 'buy', 'sell', 'dividend', 'split'),
    fc.integer({ min: 0, max: 40 }),
    count,
    money,
    money,
  )
  .map(([kind, day, shares, price, fee]) => {
    const time = T0 + day * DAY;
    if (kind === 'buy') return buy(time, shares, price, fee);
    if (kind === 'sell') return sell(time, shares / 4, price, fee);
    if (kind === 'dividend') return dividend(time, price + 0.01);
    return split(time, shares, fee, price > 5000 ? shares / 10 : 0, price);
  });
const entries = fc.array(entry, { maxLength: 40 });

/** The change a write makes: an event added (at the end or back-dated), edited or deleted. */
const change = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), entry }),
  fc.record({ kind: fc.constant('append' as const), entry, later: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant('edit' as const), at: fc.nat(), entry }),
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  // One amount of an entry corrected, its day and kind kept.
  {
    arbitrary: fc.record({ kind: fc.constant('amend' as const), at: fc.nat(), field: fc.nat() }),
    weight: 3,
  },
);

/** The entries after the change, in the order they were entered (time order comes from Timeline). */
function changed(before: readonly LedgerEntry[], c: ChangeOf): LedgerEntry[] {
  switch (c.kind) {
    case 'add':
      return [...before, c.entry];
    case 'append': {
      const last = Math.max(T0, ...before.map((e) => e.time));
      return [...before, { ...c.entry, time: last + c.later * DAY }];
    }
    case 'edit':
      return before.length === 0 ? [] : before.with(c.at % before.length, { ...c.entry });
    case 'amend': {
      if (before.length === 0) return [];
      const index = c.at % before.length;
      const old = before[index];
      const fields = Object.keys(old).filter((key) => key !== 'kind' && key !== 'time');
      const key = fields[c.field % fields.length] as keyof typeof old;
      return before.with(index, { ...old, [key]: (old[key] as number) + 0.01 });
    }
    case 'delete':
      return before.filter((_, index) => before.length === 0 || index !== c.at % before.length);
  }
}
type ChangeOf = typeof change extends fc.Arbitrary<infer C> ? C : never;

/** Everything a timeline tells of its holdings. */
function told(timeline: Timeline) {
  const times = [...new Set(timeline.entries.map((e) => e.time))];
  return {
    entries: timeline.entries,
    after: timeline.entries.map((_, index) => timeline.holdingAfter(index + 1)),
    replays: [T0 - 1, ...times].map((time) => timeline.replaysUntil(time)),
    splits: timeline.splitSteps(),
  };
}

const priced = (list: readonly LedgerEntry[]) => ({ entries: list, priceAt: () => 100 });

/** The replay as a checkpoint keeps it: its holdings as columns of doubles, after a header. */
const columnsOf = (timeline: Timeline) => {
  const numbers = new Float64Array(3 + 5 * timeline.entries.length).fill(NaN);
  timeline.entries.forEach((_, index) => {
    const h = timeline.holdingAfter(index + 1);
    numbers.set([h.shares, h.costs, h.fees, h.dividends, h.realised], 3 + 5 * index);
  });
  return {
    entries: timeline.entries,
    after: new HoldingColumns(numbers, 3, timeline.entries.length),
    firstRefused: timeline.firstRefused,
  };
};
const valuesOf = (timeline: Timeline) =>
  timeline.valuesAt([T0 - 1, ...timeline.entries.map((e) => e.time), T0 + 400 * DAY]);

describe('a timeline built from the one before', () => {
  it('says what a replay of every entry says, after any change', () => {
    fc.assert(
      fc.property(entries, fc.array(change, { minLength: 1, maxLength: 6 }), (first, changes) => {
        let list = first;
        let timeline = new Timeline(priced(list));
        for (const c of changes) {
          list = changed(list, c);
          timeline = new Timeline(priced(list), timeline);
          expect(told(timeline)).toEqual(told(new Timeline(priced(list))));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('says the same from a checkpoint’s columns of holdings, after any change', () => {
    fc.assert(
      fc.property(entries, fc.array(change, { maxLength: 4 }), (first, changes) => {
        let list = first;
        let timeline = new Timeline(priced(list), columnsOf(new Timeline(priced(list))));
        expect(told(timeline)).toEqual(told(new Timeline(priced(list))));
        for (const c of changes) {
          list = changed(list, c);
          timeline = new Timeline(priced(list), timeline);
          const full = new Timeline(priced(list));
          expect(told(timeline)).toEqual(told(full));
          expect(valuesOf(timeline)).toEqual(valuesOf(full));
          expect(columnsOf(timeline)).toEqual(columnsOf(full));
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('says the same priced again over its own entries, as a build from a checkpoint does', () => {
    fc.assert(
      fc.property(entries, fc.boolean(), (list, fromColumns) => {
        const fresh = new Timeline(priced(list));
        const replayed = fromColumns
          ? new Timeline(priced(fresh.entries), columnsOf(fresh))
          : new Timeline(priced(list), fresh);
        const again = new Timeline({ entries: replayed.entries, priceAt: () => 90 }, replayed);
        expect(told(again)).toEqual(told(fresh));
        expect(valuesOf(again)).toEqual(
          valuesOf(new Timeline({ entries: list, priceAt: () => 90 })),
        );
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the holdings before an event added at the end, replaying only that one', () => {
    const before = new Timeline(priced([buy(T0, 10, 100), sell(T0 + DAY, 4, 120)]));
    const after = new Timeline(
      priced([buy(T0, 10, 100), sell(T0 + DAY, 4, 120), buy(T0 + 2 * DAY, 1, 130)]),
      before,
    );
    expect(after.holdingAfter(1)).toBe(before.holdingAfter(1));
    expect(after.holdingAfter(2)).toBe(before.holdingAfter(2));
    expect(after.holdingAfter(3).shares).toBe(7);
  });

  it('replays from an edited entry on, so a later sale sees the edited holding', () => {
    const before = new Timeline(priced([buy(T0, 10, 100), sell(T0 + DAY, 4, 120)]));
    const after = new Timeline(priced([buy(T0, 5, 100), sell(T0 + DAY, 4, 120)]), before);
    expect(after.holdingAt(T0 + DAY).shares).toBe(1);
    expect(after.replaysUntil(T0 + DAY)).toBe(true);
  });

  it('notices a sale that no longer replays after an earlier entry is deleted', () => {
    const before = new Timeline(
      priced([buy(T0, 10, 100), buy(T0 + DAY, 10, 100), sell(T0 + 2 * DAY, 15, 120)]),
    );
    const after = new Timeline(priced([buy(T0, 10, 100), sell(T0 + 2 * DAY, 15, 120)]), before);
    expect(after.replaysUntil(T0 + DAY)).toBe(true);
    expect(after.replaysUntil(T0 + 2 * DAY)).toBe(false);
  });

  it('replays an entry whose amount changed with the rate, though its time and shares did not', () => {
    const before = new Timeline(priced([buy(T0, 10, 100), sell(T0 + DAY, 10, 120)]));
    const after = new Timeline(priced([buy(T0, 10, 100), sell(T0 + DAY, 10, 121)]), before);
    expect(after.holdingAfter(2).realised).toBe(210);
  });
});

describe('splitSteps', () => {
  it('finds the splits that apply from the holdings before them', () => {
    const steps = splitSteps([
      split(T0, 5), // nothing held: refused
      buy(T0 + DAY, 10, 100),
      split(T0 + 2 * DAY, 20),
      split(T0 + 3 * DAY, 10),
    ]);
    expect(steps).toEqual({ times: [T0 + 2 * DAY, T0 + 3 * DAY], before: [1, 2, 1] });
  });
});
