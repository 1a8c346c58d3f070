import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_WEIGHT, Timelines } from '../../../src/contract/figures';
import type { EventRow, InvestmentRow, ReplayCheckpointStore } from '../../../src/contract/store';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { valueHolding } from '../../../src/domain/valuation';
import { memoryCheckpoints } from '../../../src/mock-server/memory/checkpoints';

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
  replayCheckpoints: (asked) => Promise.resolve(asked.map(() => undefined)),
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
    const timelines = new Timelines(store, market, { maxEntries: 2 * (1 + GRID_WEIGHT) });
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

describe('Replay checkpoints', () => {
  const DAY = 86_400_000;
  const NOW = T0 + 400 * DAY;
  const TIMES = [T0 - 1, T0, T0 + 30 * DAY, T0 + 200 * DAY, T0 + 399 * DAY, NOW];

  /** Any ledger, refused entries too (a sell of more than is held is skipped by every replay). */
  const ledger = fc.array(
    fc.record({
      kind: fc.constantFrom('buy', 'sell', 'dividend', 'split'),
      day: fc.integer({ min: 0, max: 399 }),
      shares: fc.integer({ min: 1, max: 20 }),
      price: fc.double({ min: 0.01, max: 900, noNaN: true }),
      currency: fc.constantFrom('DKK', 'USD', 'EUR'),
      exchangeRate: fc.option(fc.double({ min: 0.1, max: 10, noNaN: true }), { nil: undefined }),
      withheld: fc.option(fc.double({ min: 0, max: 5, noNaN: true }), { nil: undefined }),
    }),
    { minLength: 1, maxLength: 40 },
  );

  type Drawn = typeof ledger extends fc.Arbitrary<(infer T)[]> ? T : never;

  const eventOf = (drawn: Drawn, id: number): EventRow => {
    const common = { id, investmentId: 1, time: T0 + drawn.day * DAY, currency: drawn.currency };
    const rated =
      drawn.exchangeRate === undefined ? common : { ...common, exchangeRate: drawn.exchangeRate };
    switch (drawn.kind) {
      case 'buy':
      case 'sell':
        return { ...rated, kind: drawn.kind, shares: drawn.shares, price: drawn.price, fee: 1.5 };
      case 'dividend':
        return drawn.withheld === undefined
          ? { ...rated, kind: 'dividend', amount: drawn.price }
          : { ...rated, kind: 'dividend', amount: drawn.price, withholdingTax: drawn.withheld };
      case 'split':
        return {
          ...rated,
          kind: 'split',
          sharesAfter: drawn.shares * 2,
          fee: 0,
          soldShares: 0,
          soldPrice: 0,
          hide: false,
          fromShares: drawn.shares,
        };
    }
  };

  /** A market whose rates are `factor` times the demo's: its entries differ from the demo's. */
  const ratesTimes = (factor: number) => ({
    snapshot: async (investments: readonly InvestmentRow[]) => {
      const demo = await market.snapshot(investments);
      return {
        ...demo,
        rate: (currency: string, time: number) => demo.rate(currency, time) * factor,
      };
    },
  });

  /** The demo's rates, `factor` times them from `day` on (a day's rate published late). */
  const ratesTimesFrom = (factor: number, day: number) => ({
    snapshot: async (investments: readonly InvestmentRow[]) => {
      const demo = await market.snapshot(investments);
      return {
        ...demo,
        rate: (currency: string, time: number) =>
          demo.rate(currency, time) * (time >= T0 + day * DAY ? factor : 1),
      };
    },
  });

  /** What a caller can see of an investment's figures, from any of its builds. */
  async function figuresOf(timelines: Timelines, version: number) {
    const valued = (await timelines.of([investment(1, version)])).valued.get(1)!;
    // As a process closing after its answer: its checkpoint written.
    await timelines.settled();
    return {
      entries: valued.timeline.entries,
      holdings: TIMES.map((time) => valued.timeline.holdingAt(time)),
      prices: TIMES.map((time) => valued.timeline.priceAt(time)),
      replays: TIMES.map((time) => valued.timeline.replaysUntil(time)),
      quote: valued.priced.quoteAt(NOW),
      forever: valueHolding(valued.timeline, 'Forever', NOW),
      year: valueHolding(valued.timeline, 'Year', NOW),
      chart: [...valued.timeline.valuesAt(TIMES)],
      // From a checkpoint, made only when read (as a year report does).
      events: [...valued.events],
    };
  }

  it('a fresh process reads an unchanged investment’s checkpoint, not its events', async () => {
    const store = storeOf([buy(1, 1, 2), buy(2, 2, 3), buy(3, 1, 4)], memoryCheckpoints());
    const first = new Timelines(store, market);
    expect(await sharesOf(first, [investment(1, 7), investment(2, 3)])).toEqual([6, 3]);
    expect(store.reads).toEqual([[1], [2]]);
    await first.settled();

    const fresh = new Timelines(store, market);
    expect(await sharesOf(fresh, [investment(1, 7), investment(2, 3)])).toEqual([6, 3]);
    expect(store.reads).toEqual([[1], [2]]);
    // A write made a new version: its checkpoint is of the old one.
    expect(
      await sharesOf(new Timelines(store, market), [investment(1, 8), investment(2, 3)]),
    ).toEqual([6, 3]);
    expect(store.reads).toEqual([[1], [2], [1]]);
  });

  it('a fresh process asks for all the investments’ checkpoints in one read', async () => {
    const events = Array.from({ length: 6 }, (_, index) => buy(index + 1, index + 1, index + 1));
    const kept = memoryCheckpoints();
    const asked: number[][] = [];
    const store = storeOf(events, {
      ...kept,
      replayCheckpoints: (list) => {
        asked.push(list.map((one) => one.investmentId));
        return kept.replayCheckpoints(list);
      },
    });
    const first = new Timelines(store, market);
    const some = [1, 2, 3].map((id) => investment(id, 1));
    expect(await sharesOf(first, some)).toEqual([1, 2, 3]);
    await first.settled();

    const all = [1, 2, 3, 4, 5, 6].map((id) => investment(id, 1));
    const fresh = new Timelines(store, market);
    expect(await sharesOf(fresh, all)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(asked).toEqual([
      [1, 2, 3],
      [1, 2, 3, 4, 5, 6],
    ]);
    // Those without a checkpoint read their events.
    expect(store.reads).toEqual([[1], [2], [3], [4], [5], [6]]);
  });

  it('gives the figures of a full replay, before and after a write, whatever the rates since', async () => {
    await fc.assert(
      fc.asyncProperty(ledger, ledger, fc.constantFrom(1, 1.25), async (first, added, factor) => {
        const events = first.map((drawn, index) => eventOf(drawn, index + 1));
        const store = storeOf(events, memoryCheckpoints());
        const replayed = await figuresOf(new Timelines(store, market), 1);
        // Cold, unchanged: from the checkpoint, at the same rates or changed ones.
        const cold = await figuresOf(new Timelines(store, ratesTimes(factor)), 1);
        const full = await figuresOf(new Timelines(storeOf(events), ratesTimes(factor)), 1);
        expect(cold).toEqual(full);
        if (factor === 1) expect(cold).toEqual(replayed);
        expect(store.reads).toEqual([[1]]);

        // Cold again, the rates changed from a day on: the holdings before it from the
        // checkpoint (the same entries), the rest replayed.
        const partly = async (day: number) =>
          figuresOf(new Timelines(storeOf(events, store), ratesTimesFrom(1.25, day)), 1);
        for (const day of [0, 1, 100, 399, 400])
          expect(await partly(day)).toEqual(
            await figuresOf(new Timelines(storeOf(events), ratesTimesFrom(1.25, day)), 1),
          );

        // A write: events added and the first one changed, at a new version.
        events.push(...added.map((drawn, index) => eventOf(drawn, first.length + index + 1)));
        events[0] = { ...events[0], time: events[0].time + DAY };
        const written = await figuresOf(new Timelines(store, market), 2);
        expect(written).toEqual(await figuresOf(new Timelines(storeOf(events), market), 2));
        expect(store.reads).toEqual([[1], [1]]);
        // And its checkpoint, cold.
        expect(await figuresOf(new Timelines(store, market), 2)).toEqual(written);
        expect(store.reads).toEqual([[1], [1]]);
      }),
      { numRuns: 60 },
    );
  });
});
