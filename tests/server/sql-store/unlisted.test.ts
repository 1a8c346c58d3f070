// The market's round asks which instruments are held without a listing (PriceStore.unlisted):
// each with the time of its first trade, and found through those investments' own events, not a
// scan of every user's events (on SQLite a scan held the event loop at each round, the first one
// beside a start's first requests: issue 37).
import { CompiledQuery } from 'kysely';
import { describe, expect } from 'vitest';
import { priceStore } from '../../../src/server/sql/market';
import { backends, sqlStoreEachTest } from './sql-store-setup';
import { STOCK, T0, buy } from './store-script';

const DAY = 86_400_000;

describe.each(backends)('Instruments held without a listing on $name', ({ name, url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it('are each instrument unlisted, with its first trade, and none once linked', async () => {
    const { user, portfolio } = await sql.owner();
    const base = { userId: user.id, portfolioId: portfolio.id };
    const novo = await sql.store.createInvestment(
      { ...base, name: 'Novo', ...STOCK },
      buy(T0 + 10 * DAY, 10),
    );
    // A second investment in the same instrument, traded earlier: the instrument's first trade.
    await sql.store.createInvestment({ ...base, name: 'Novo again', ...STOCK }, buy(T0, 3));
    await sql.store.addEvent({ ...buy(T0 - 5 * DAY, 1), investmentId: novo.id });
    const listed = await sql.store.createInvestment(
      { ...base, name: 'Listed', type: 'stock', code: 'US0378331005' },
      buy(T0 - 100 * DAY, 4),
    );
    const prices = priceStore(sql.opened!.db, sql.opened!.dialect);
    await prices.link('stock', 'US0378331005', 'yahoo:AAPL');
    expect(listed.id).toBeGreaterThan(0);

    expect(await prices.unlisted()).toEqual([
      { type: 'stock', code: STOCK.code, firstTime: T0 - 5 * DAY },
    ]);
    await prices.link('stock', STOCK.code, 'yahoo:NOVO-B.CO');
    expect(await prices.unlisted()).toEqual([]);
  });

  (name === 'SQLite' ? it : it.skip)(
    'are found on the events’ index, without scanning the events table (SQLite’s plan)',
    async () => {
      const { db, dialect } = sql.opened!;
      const queries: CompiledQuery[] = [];
      const executor = db.getExecutor();
      const spied = db.withPlugin({
        transformQuery: (args) => {
          queries.push(executor.compileQuery(args.node, args.queryId));
          return args.node;
        },
        transformResult: (args) => Promise.resolve(args.result),
      });
      await priceStore(spied, dialect).unlisted();
      expect(queries).toHaveLength(1);
      const { sql: text, parameters } = queries[0];
      const plan = await db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${text}`, [...parameters]),
      );
      const details = plan.rows.map((row) => row.detail);
      expect(details.filter((detail) => /^SCAN (events|"events")\b/.test(detail))).toEqual([]);
      expect(details.some((detail) => /^SEARCH (events|"events") USING .*INDEX/.test(detail))).toBe(
        true,
      );
    },
  );
});
