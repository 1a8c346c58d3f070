import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_WEIGHT, Timelines } from '../../../src/contract/figures';
import type { EventRow, InvestmentRow, ReplayCheckpointStore } from '../../../src/contract/store';
import { syntheticMarket } from '../../../src/contract/synthetic-market';

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

const noCheckpoints: ReplayCheckpointStore = {
  replayCheckpoint: () => Promise.resolve(undefined),
  keepReplayCheckpoint: () => Promise.resolve(),
};

/**
 * A store of buys that counts which investments' events were read, one investment a read; it
 * keeps no replay checkpoints unless given a store of them.
 */
function storeOf(events: EventRow[], checkpoints = noCheckpoints) {
  const reads: number[][] = [];
  return {
    ...checkpoints,
    reads,
    investmentEvents: (id: number) => {
      reads.push([id]);
      return Promise.resolve(events.filter((e) => e.investmentId === id));
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
    expect(store.reads).toEqual([[1], [2]]);
  });

  it('a failed build fails the reads that waited for it, and the next read builds again', async () => {
    const store = storeOf([buy(1, 1, 2)]);
    let failing = true;
    const events = store.investmentEvents;
    store.investmentEvents = (id) =>
      failing ? Promise.reject(new Error('connection ended')) : events(id);
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
    expect(store.reads).toEqual([[1], [2]]);

    events.push(buy(3, 2, 4));
    expect(await sharesOf(timelines, [investment(1, 0), investment(2, 1)])).toEqual([2, 7]);
    expect(store.reads).toEqual([[1], [2], [2]]);
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

  it('after a write it was told of, builds the next version from its events, reading none', async () => {
    const events = [buy(1, 1, 2), buy(2, 1, 3)];
    const store = storeOf(events);
    const timelines = new Timelines(store, market);
    expect(await sharesOf(timelines, [investment(1, 4)])).toEqual([5]);

    events.push(buy(3, 1, 4));
    timelines.recorded({ investmentId: 1, before: 4, after: 5, events: [...events] });
    expect(await sharesOf(timelines, [investment(1, 5)])).toEqual([9]);
    expect(store.reads).toEqual([[1]]);
  });

  it('reads the events again when told of a write from another version than the kept one', async () => {
    const events = [buy(1, 1, 2)];
    const store = storeOf(events);
    const timelines = new Timelines(store, market);
    await timelines.of([investment(1, 4)]);

    // Another process wrote version 5; this one's write made 6 from it.
    events.push(buy(2, 1, 3), buy(3, 1, 4));
    timelines.recorded({ investmentId: 1, before: 5, after: 6, events: [...events] });
    expect(await sharesOf(timelines, [investment(1, 6)])).toEqual([9]);
    expect(store.reads).toEqual([[1], [1]]);
  });

  it('values every version it was told of as one that read the events afresh', async () => {
    const DAY = 86_400_000;
    // No listing: the last trade prices the investment, so what a write adds moves its price.
    const unlisted = (version: number) => ({ ...investment(1, version), code: 'XX0000000000' });
    const write = fc.oneof(
      fc.record({
        kind: fc.constant('buy' as const),
        day: fc.integer({ min: 0, max: 30 }),
        shares: fc.integer({ min: 1, max: 9 }),
        price: fc.integer({ min: 1, max: 500 }),
      }),
      fc.record({
        kind: fc.constant('edit' as const),
        at: fc.nat(),
        price: fc.integer({ min: 1, max: 500 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 12 }), async (writes) => {
        const events: EventRow[] = [{ ...buy(1, 1, 5), time: T0 }];
        const store = storeOf(events);
        const told = new Timelines(store, market);
        let version = 1;
        let nextId = 2;
        await told.of([unlisted(version)]);
        for (const w of writes) {
          const at = w.kind === 'buy' ? -1 : w.at % events.length;
          if (w.kind === 'buy')
            events.push({
              id: nextId++,
              investmentId: 1,
              kind: 'buy',
              time: T0 + w.day * DAY,
              currency: 'DKK',
              shares: w.shares,
              price: w.price,
              fee: 0,
            });
          else if (w.kind === 'edit') events[at] = { ...events[at], price: w.price } as EventRow;
          else if (events.length > 1) events.splice(at, 1);
          told.recorded({
            investmentId: 1,
            before: version,
            after: version + 1,
            events: [...events],
          });
          version++;
          const now = T0 + 40 * DAY;
          const mine = (await told.of([unlisted(version)])).valued.get(1)!;
          const fresh = (await new Timelines(store, market).of([unlisted(version)])).valued.get(1)!;
          for (const time of [T0, T0 + 10 * DAY, now]) {
            expect(mine.timeline.holdingAt(time)).toEqual(fresh.timeline.holdingAt(time));
            expect(mine.timeline.priceAt(time)).toBe(fresh.timeline.priceAt(time));
          }
          expect(mine.priced.quoteAt(now)).toEqual(fresh.priced.quoteAt(now));
          expect(mine.timeline.entries).toEqual(fresh.timeline.entries);
        }
        // Only the first build and the fresh ones read: every told version was built from the write.
        expect(store.reads.length).toBe(1 + writes.length);
      }),
      { numRuns: 100 },
    );
  });
});
