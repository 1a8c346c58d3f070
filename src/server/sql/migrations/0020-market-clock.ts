// The market's clock (issue 37): one row whose version the database raises with every write of
// `market_sync` (a listing's or the rates' prices, or a failed attempt), by any process. A request
// reads it with its session, in the same query, and a server keeps the sync states it read under
// it: while the clock stands, nothing in `market_sync` changed, and the warm home reads no more.
// A write puts the row back if it was deleted (a test's emptied tables); until then there is no
// clock, and every request reads the states.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

const OPERATIONS = ['insert', 'update', 'delete'] as const;

const triggerName = (operation: string) => `market_sync_${operation}_clock`;

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('market_clock')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into market_clock (id, version) values (1, 0)`.execute(db);
  if (dialect === 'sqlite') {
    for (const operation of OPERATIONS)
      await sql`create trigger ${sql.ref(triggerName(operation))}
        after ${sql.raw(operation)} on market_sync begin
        insert into market_clock (id, version)
          select 1, 0 where not exists (select 1 from market_clock);
        update market_clock set version = version + 1; end`.execute(db);
    return;
  }
  // PostgreSQL: once per statement. The row's lock orders the writers: a clock read at n means
  // every write that raised it to n or below has committed.
  await sql`create function raise_market_clock() returns trigger language plpgsql as $$
    begin
      insert into market_clock (id, version) values (1, 1)
        on conflict (id) do update set version = market_clock.version + 1;
      return null;
    end $$`.execute(db);
  for (const operation of OPERATIONS)
    await sql`create trigger ${sql.ref(triggerName(operation))}
      after ${sql.raw(operation)} on market_sync
      for each statement execute function raise_market_clock()`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  for (const operation of OPERATIONS)
    await sql`drop trigger ${sql.ref(triggerName(operation))}${
      dialect === 'postgres' ? sql` on market_sync` : sql``
    }`.execute(db);
  if (dialect === 'postgres') await sql`drop function raise_market_clock()`.execute(db);
  await db.schema.dropTable('market_clock').execute();
}
