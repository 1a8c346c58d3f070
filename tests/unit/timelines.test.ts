import { describe, expect, it } from 'vitest';
import { GRID_WEIGHT, Timelines } from '../../src/contract/figures';
import type { EventRow, InvestmentRow } from '../../src/contract/store';
import { syntheticMarket } from '../../src/contract/synthetic-market';

const T0 = Date.UTC(2025, 0, 2, 12);

const investment = (id: number, version: number): InvestmentRow => ({
  id,
  userId: 1,
  portfolioId: 1,
  name: `Investment ${id}`,
  type: 'stock',
  listing: null,
  code: 'DK0062498333',
  version,
});

/** A store of buys that counts which investments' events were read. */
function storeOf(events: EventRow[]) {
  const reads: number[][] = [];
  return {
    reads,
    events: (ids: readonly number[]) => {
      reads.push([...ids]);
      return Promise.resolve(events.filter((e) => ids.includes(e.investmentId)));
    },
    manualPrices: () => Promise.resolve([]),
  };
}

const buy = (id: number, investmentId: number, shares: number): EventRow => ({
  id,
  investmentId,
  kind: 'buy',
  time: T0 + id,
  currency: 'DKK',
  shares,
  price: 10,
  fee: 0,
});

const sharesOf = async (timelines: Timelines, investments: InvestmentRow[]) =>
  [...(await timelines.of(investments)).valued.values()].map(
    (v) => v.timeline.holdingAt(T0 + 1000).shares,
  );

const market = syntheticMarket(() => 1);

describe('Timelines', () => {
  it('builds a timeline once for reads that come while it is being built', async () => {
    const store = storeOf([buy(1, 1, 2), buy(2, 2, 3)]);
    const timelines = new Timelines(store, market);
    const reads = await Promise.all(
      Array.from({ length: 10 }, () => sharesOf(timelines, [investment(1, 0), investment(2, 0)])),
    );
    expect(reads).toEqual(Array.from({ length: 10 }, () => [2, 3]));
    expect(store.reads).toEqual([[1, 2]]);
  });

  it('a failed build fails the reads that waited for it, and the next read builds again', async () => {
    const store = storeOf([buy(1, 1, 2)]);
    let failing = true;
    const events = store.events;
    store.events = (ids) => (failing ? Promise.reject(new Error('connection ended')) : events(ids));
    const timelines = new Timelines(store, market);
    const both = await Promise.allSettled([
      sharesOf(timelines, [investment(1, 0)]),
      sharesOf(timelines, [investment(1, 0)]),
    ]);
    expect(both.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    failing = false;
    expect(await sharesOf(timelines, [investment(1, 0)])).toEqual([2]);
  });

  it('reads an investment’s events again only when its version changed', async () => {
    const events = [buy(1, 1, 2), buy(2, 2, 3)];
    const store = storeOf(events);
    const timelines = new Timelines(store, market);
    expect(await sharesOf(timelines, [investment(1, 0), investment(2, 0)])).toEqual([2, 3]);
    expect(await sharesOf(timelines, [investment(1, 0), investment(2, 0)])).toEqual([2, 3]);
    expect(store.reads).toEqual([[1, 2]]);

    events.push(buy(3, 2, 4));
    expect(await sharesOf(timelines, [investment(1, 0), investment(2, 1)])).toEqual([2, 7]);
    expect(store.reads).toEqual([[1, 2], [2]]);
  });

  it('forgets the least recently used beyond its size, and reads them again when asked', async () => {
    const store = storeOf([buy(1, 1, 1), buy(2, 2, 2), buy(3, 3, 3)]);
    // Room for two timelines of one event each.
    const timelines = new Timelines(store, market, 2 * (1 + GRID_WEIGHT));
    await timelines.of([investment(1, 0)]);
    await timelines.of([investment(2, 0)]);
    await timelines.of([investment(1, 0)]);
    await timelines.of([investment(3, 0)]);
    expect(await sharesOf(timelines, [investment(1, 0), investment(2, 0)])).toEqual([1, 2]);
    // 2 was the least recently used when 3 came in.
    expect(store.reads).toEqual([[1], [2], [3], [2]]);
  });
});
