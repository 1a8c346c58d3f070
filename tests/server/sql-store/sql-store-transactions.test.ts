// The SQL store's exclusive work (one call after the other, rolled back when it throws) and its
// migrations, on SQLite in memory and on PostgreSQL when DATABASE_URL names one.
import type { Kysely } from 'kysely';
import { describe, expect } from 'vitest';
import { migrateToLatest } from '../../../src/server/sql/migrate';
import type { Database } from '../../../src/server/sql/schema';
import { backends, sqlStoreEachTest } from './sql-store-setup';
import { STOCK, T0, buy } from './store-script';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(backends)('SqlStore on $name: locking, atomicity and migrations', ({ url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it('runs exclusive work one call after the other', async () => {
    const { user, portfolio } = await sql.owner();
    const investment = await sql.store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Novo', ...STOCK },
      buy(T0, 1),
    );
    const step = (shares: number) =>
      sql.store.exclusive(investment.id, async (tx) => {
        const seen = await tx.events([investment.id]);
        await sleep(50); // long enough for the other call to interleave if it could
        await tx.addEvent({ ...buy(T0 + seen.length, shares), investmentId: investment.id });
        return seen.length;
      });
    // One after the other in either order (which call's transaction locks first is the pool's):
    // the second sees the first's event.
    const seen = await Promise.all([step(2), step(3)]);
    expect([...seen].sort()).toEqual([1, 2]);
    const [first, second] = seen[0] === 1 ? [2, 3] : [3, 2];
    const events = await sql.store.events([investment.id]);
    expect(events.map((e) => e.kind === 'buy' && e.shares)).toEqual([1, first, second]);
  });

  it('rolls exclusive work back when it throws, and nests without a second transaction', async () => {
    const { user, portfolio } = await sql.owner();
    const investment = await sql.store.createInvestment(
      { userId: user.id, portfolioId: portfolio.id, name: 'Novo', ...STOCK },
      buy(T0, 1),
    );
    const draft = { ...buy(T0 + 1, 2), investmentId: investment.id };
    await expect(
      sql.store.exclusive(investment.id, async (tx) => {
        await tx.addEvent(draft);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await sql.store.events([investment.id])).toHaveLength(1);

    const nested = await sql.store.exclusive(investment.id, (tx) =>
      tx.exclusive(investment.id, async (inner) => {
        await inner.addEvent(draft);
        return (await inner.events([investment.id])).length;
      }),
    );
    expect(nested).toBe(2);
    expect(await sql.store.events([investment.id])).toHaveLength(2);
  });

  it('migrates only once', async () => {
    const db = sql.opened?.db as Kysely<Database>;
    const dialect = sql.opened?.dialect ?? 'sqlite';
    const { user } = await sql.owner();
    expect(await migrateToLatest(db, dialect)).toEqual([]);
    expect(await migrateToLatest(db, dialect)).toEqual([]);
    expect(await sql.store.userById(user.id)).toEqual(user);
  });
});
