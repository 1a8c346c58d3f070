// The average method in Exact (native BigInt) gives big.js's figures to the last digit: on random
// ledgers against the big.js replay it replaced, and Exact's rounding against big.js's own.
import Big from 'big.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { averageMethod, Exact, type TaxTrade } from '../../../src/domain/tax';

/** The big.js replay the report used before Exact (src/domain/tax/average.ts at 2026-11-29). */
function bigReplay(trades: readonly TaxTrade[], poolOf: (id: number) => string) {
  const pools = new Map<string, { shares: Big; cost: Big }>();
  const held = new Map<number, Big>();
  const sales: Record<'shares' | 'proceeds' | 'cost' | 'average' | 'gain', Big>[] = [];
  const none = new Big('1e-9');
  for (const t of [...trades].sort((a, b) => a.time - b.time)) {
    const pool = pools.get(poolOf(t.investmentId)) ?? { shares: new Big(0), cost: new Big(0) };
    const own = held.get(t.investmentId) ?? new Big(0);
    const sell = (shares: Big, price: number, fee: number) => {
      const average = pool.shares.gt(0) ? pool.cost.div(pool.shares) : new Big(0);
      const left = pool.shares.minus(shares);
      const cost = left.lt(none) ? pool.cost : average.times(shares);
      const proceeds = shares.times(price).minus(fee);
      sales.push({ shares, proceeds, cost, average, gain: proceeds.minus(cost) });
      pool.cost = left.lt(none) ? new Big(0) : pool.cost.minus(cost);
      pool.shares = left.lt(none) ? new Big(0) : left;
    };
    if (t.kind === 'split') {
      pool.shares = pool.shares.plus(new Big(t.sharesAfter).plus(t.soldShares).minus(own));
      if (t.soldShares > 0) sell(new Big(t.soldShares), t.soldPrice, t.fee);
      else pool.cost = pool.cost.plus(t.fee);
      held.set(t.investmentId, new Big(t.sharesAfter));
    } else if (t.kind === 'buy') {
      pool.shares = pool.shares.plus(t.shares);
      pool.cost = pool.cost.plus(new Big(t.shares).times(t.price)).plus(t.fee);
      held.set(t.investmentId, own.plus(t.shares));
    } else {
      sell(new Big(t.shares), t.price, t.fee);
      held.set(t.investmentId, own.minus(t.shares));
    }
    pools.set(poolOf(t.investmentId), pool);
  }
  return { sales, pools };
}

/** Amounts as the report meets them: typed figures times a rate, shares with a few places. */
const shares = fc.integer({ min: 1, max: 2_000_000 }).map((n) => n / 1000);
const money = fc
  .tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom(1, 7.4605, 6.8312, 0.6437))
  .map(([cents, rate]) => (cents / 100) * rate);
const fee = fc.oneof(
  fc.constant(0),
  money.map((m) => m / 100),
);
const trade = fc.oneof(
  fc.record({
    kind: fc.constantFrom<'buy' | 'sell'>('buy', 'buy', 'sell'),
    shares,
    price: money,
    fee,
  }),
  fc.record({
    kind: fc.constant('split' as const),
    sharesAfter: shares,
    soldShares: fc.oneof(
      fc.constant(0),
      shares.map((s) => s / 100),
    ),
    soldPrice: money,
    fee,
  }),
);
const ledger = fc.array(
  fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 1e6 }), trade),
  { maxLength: 60 },
);

describe('the average method in Exact', () => {
  it('gives the big.js replay figures, sale by sale and pool by pool, on random ledgers', () => {
    // Investments 1 and 2 share an ISIN's pool, as two brokers' holdings of one company.
    const poolOf = (id: number) => (id <= 2 ? 'DK0010274414' : `pool:${id}`);
    fc.assert(
      fc.property(ledger, (rows) => {
        const trades = rows.map(([investmentId, time, t], eventId) => ({
          ...t,
          investmentId,
          time,
          eventId,
        }));
        const fast = averageMethod(trades, poolOf);
        const old = bigReplay(trades, poolOf);
        const text = (figures: Record<string, { toString(): string }>) =>
          Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v.toString()]));
        expect(
          fast.sales.map(({ shares: s, proceeds, cost, average, gain }) =>
            text({ s, proceeds, cost, average, gain }),
          ),
        ).toEqual(
          old.sales.map(({ shares: s, proceeds, cost, average, gain }) =>
            text({ s, proceeds, cost, average, gain }),
          ),
        );
        expect([...fast.pools].map(([k, p]) => [k, text({ ...p })])).toEqual(
          [...old.pools].map(([k, p]) => [k, text({ ...p })]),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('rounds as big.js: division to 20 places and toFixed, ties away from zero', () => {
    const decimal = fc
      .tuple(fc.bigInt({ min: -(10n ** 24n), max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }))
      .map(([units, scale]) => {
        const digits = (units < 0n ? -units : units).toString().padStart(scale + 1, '0');
        const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
        return units < 0n ? `-${text}` : text;
      });
    fc.assert(
      fc.property(decimal, decimal, fc.integer({ min: 0, max: 8 }), (a, b, places) => {
        const [x, y] = [Exact.of(a), Exact.of(b)];
        expect(x.toFixed(places)).toBe(new Big(a).toFixed(places));
        expect(x.times(y).toString()).toBe(new Big(a).times(b).toString());
        expect(x.minus(y).toString()).toBe(new Big(a).minus(b).toString());
        expect(x.cmp(y)).toBe(new Big(a).cmp(b));
        if (!new Big(b).eq(0)) expect(x.div(y).toString()).toBe(new Big(a).div(b).toString());
      }),
      { numRuns: 2000 },
    );
    expect(Exact.of(1e-7).toString()).toBe('1e-7');
    expect(Exact.of('2.5').toFixed(0)).toBe('3');
    expect(Exact.of(-2.5).toFixed(0)).toBe('-3');
  });
});
