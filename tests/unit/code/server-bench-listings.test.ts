// bench:server's stored listings: at CI's small counts, every investment of the benchmark's
// account still finds a listing of its currency and asset class (before, fewer than 30 listings
// stopped the run with `no seeded listing for …`), and the full runs store the same listings.
import { describe, expect, it } from 'vitest';
import { assetClassOf, CATALOGUE } from '../../../src/domain/market';
import { listingAt, listingNumbers } from '../../../scripts/server-bench/listings';
import { INVESTMENTS } from '../../../scripts/server-bench/settings';

/** The pools account.ts's `listingsFor` looks an investment's listing up in. */
const accountPools = new Set(
  Array.from({ length: INVESTMENTS }, (_, i) => {
    const instrument = CATALOGUE[i % CATALOGUE.length];
    return `${instrument.currency}:${assetClassOf(instrument)}`;
  }),
);
const poolsOf = (count: number) =>
  new Set(
    listingNumbers(count).map((n) => {
      const { record } = listingAt(n);
      return `${record.currency}:${record.assetClass}`;
    }),
  );

describe("bench:server's listings", () => {
  it.each([9, 10, 12, 20, 29, 30, 40, 300])(
    'give every investment a listing of its pool at %i',
    (count) => {
      expect(listingNumbers(count)).toHaveLength(count);
      expect(new Set(listingNumbers(count)).size).toBe(count);
      expect([...accountPools].filter((pool) => !poolsOf(count).has(pool))).toEqual([]);
    },
  );

  it('are the first ones from 30 on, as the full runs store them', () => {
    expect(listingNumbers(40)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    expect(listingNumbers(300)).toEqual(Array.from({ length: 300 }, (_, n) => n));
  });

  it('refuse fewer than one of each pool', () => {
    expect(() => listingNumbers(8)).toThrow('at least 9');
  });
});
