// Replay checkpoints over SQL (issue 37): a fresh process values an unchanged investment from its
// checkpoint row, reading none of its events, and reads them again once a write changed them.
import { describe, expect } from 'vitest';
import { Timelines } from '../../../src/contract/figures';
import type { InvestmentRow } from '../../../src/contract/store';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { valueHolding } from '../../../src/domain/valuation';
import type { SqlStore } from '../../../src/server/sql/sql-store';
import { backends, sqlStoreEachTest } from './sql-store-setup';
import { STOCK, T0, buy } from './store-script';

const DAY = 86_400_000;
const NOW = T0 + 500 * DAY;
const market = syntheticMarket();

/** A process's view of the store that counts the investments whose events it read. */
function process(store: SqlStore) {
  const reads: number[] = [];
  const timelines = new Timelines(
    {
      investmentEvents: (id) => {
        reads.push(id);
        return store.investmentEvents(id);
      },
      manualPrices: (ids) => store.manualPrices(ids),
      replayCheckpoints: (asked) => store.replayCheckpoints(asked),
      keepReplayCheckpoint: (id, version, data) => store.keepReplayCheckpoint(id, version, data),
    },
    market,
  );
  return { reads, timelines };
}

/** What a caller sees of the investment's figures. */
async function figures(timelines: Timelines, investment: InvestmentRow) {
  const valued = (await timelines.of([investment])).valued.get(investment.id)!;
  return {
    entries: valued.timeline.entries,
    forever: valueHolding(valued.timeline, 'Forever', NOW),
    year: valueHolding(valued.timeline, 'Year', NOW),
    chart: [...valued.timeline.valuesAt([T0, T0 + 100 * DAY, T0 + 300 * DAY, NOW])],
    quote: valued.priced.quoteAt(NOW),
  };
}

describe.each(backends)('Replay checkpoints on $name', ({ name, url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it('a fresh process reads the checkpoint of an unchanged investment, not its events', async () => {
    const { user, portfolio } = await sql.owner();
    const created = await sql.store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Novo', ...STOCK },
      buy(T0, 10, 1 / 3, 0.1 + 0.2),
    );
    await sql.store.addEvents([
      {
        investmentId: created.id,
        kind: 'dividend',
        time: T0 + 40 * DAY,
        currency: 'USD',
        amount: 12.5,
        withholdingTax: 1.875,
      },
      {
        ...buy(T0 + 60 * DAY, 5, 101.25),
        investmentId: created.id,
        currency: 'USD',
        exchangeRate: 6.8125,
      },
      {
        investmentId: created.id,
        kind: 'split',
        time: T0 + 90 * DAY,
        currency: 'DKK',
        sharesAfter: 30,
        fee: 0,
        soldShares: 0,
        soldPrice: 0,
        hide: false,
        fromShares: 15,
      },
      { ...buy(T0 + 200 * DAY, 7, 40), investmentId: created.id, kind: 'sell' },
    ]);
    const [investment] = await sql.store.investments(user.id);

    const first = process(sql.store);
    const replayed = await figures(first.timelines, investment);
    await first.timelines.settled();
    expect(first.reads).toEqual([investment.id]);

    const cold = process(sql.store);
    expect(await figures(cold.timelines, investment)).toEqual(replayed);
    expect(cold.reads).toEqual([]);

    // A write raises the version: the next fresh process reads the events, and keeps their replay.
    await sql.store.addEvent({ ...buy(T0 + 300 * DAY, 2, 55), investmentId: investment.id });
    const [written] = await sql.store.investments(user.id);
    const after = process(sql.store);
    const full = await figures(after.timelines, written);
    await after.timelines.settled();
    expect(after.reads).toEqual([investment.id]);
    expect(full).not.toEqual(replayed);
    const again = process(sql.store);
    expect(await figures(again.timelines, written)).toEqual(full);
    expect(again.reads).toEqual([]);

    // The checkpoint goes with its investment.
    await sql.store.deleteInvestment(investment.id);
    const left = await sql.opened!.db.selectFrom('replay_checkpoints').selectAll().execute();
    expect(left).toEqual([]);
  });

  // PostgreSQL sends a bytea as hex text; SQLite hands over a blob as it is.
  it('keeps a checkpoint deflated on PostgreSQL, and reads a row kept before that as none', async () => {
    const { user, portfolio } = await sql.owner();
    await sql.store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Novo', ...STOCK },
      buy(T0, 10, 1 / 3, 0.1 + 0.2),
    );
    const [investment] = await sql.store.investments(user.id);
    for (let day = 1; day <= 200; day++)
      await sql.store.addEvent({
        ...buy(T0 + day * DAY, 1, 100 + day / 8),
        investmentId: investment.id,
      });
    const [grown] = await sql.store.investments(user.id);
    const first = process(sql.store);
    const replayed = await figures(first.timelines, grown);
    await first.timelines.settled();

    const { db } = sql.opened!;
    const stored = () =>
      db.selectFrom('replay_checkpoints').select('data').executeTakeFirstOrThrow();
    const deflated = (await stored()).data;
    const [raw] = await sql.store.replayCheckpoints([
      { investmentId: grown.id, version: grown.version },
    ]);
    // 201 events of 17 doubles each, then their currencies.
    expect(raw!.byteLength).toBeGreaterThan(201 * 17 * 8);
    if (name === 'SQLite') {
      expect(Buffer.from(deflated)).toEqual(Buffer.from(raw!));
      return;
    }
    expect(deflated.byteLength).toBeLessThan(raw!.byteLength / 2);

    // The same checkpoint as it was kept before: a fresh process reads the events instead.
    await db
      .updateTable('replay_checkpoints')
      .set({ data: Buffer.from(raw!) })
      .execute();
    const cold = process(sql.store);
    expect(await figures(cold.timelines, grown)).toEqual(replayed);
    expect(cold.reads).toEqual([grown.id]);
    await cold.timelines.settled();
    expect((await stored()).data).toEqual(deflated);
  });
});
