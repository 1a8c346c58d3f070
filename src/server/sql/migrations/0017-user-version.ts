// A version per user (issue 38), raised by the database itself with every write of the user's
// portfolios, investments (so also of their events, whose triggers raise the investment's
// version) and benchmark, by any process: a server keeps those rows in memory under it and reads
// it with the session, one query where each request read them all.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

const TABLES = ['portfolios', 'investments', 'benchmarks'] as const;
const OPERATIONS = [
  { name: 'inserted', event: 'insert', rows: ['new'] },
  { name: 'updated', event: 'update', rows: ['old', 'new'] },
  { name: 'deleted', event: 'delete', rows: ['old'] },
] as const;

const triggerName = (table: string, operation: string) => `${table}_${operation}_user_version`;

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialect === 'sqlite') {
    // Row triggers only, as 0002's: an update of one row by its key is cheap.
    for (const table of TABLES)
      for (const { name, event, rows } of OPERATIONS) {
        const users = sql.join(rows.map((row) => sql.ref(`${row}.user_id`)));
        await sql`create trigger ${sql.ref(triggerName(table, name))}
          after ${sql.raw(event)} on ${sql.ref(table)} begin
          update users set version = version + 1 where id in (${users}); end`.execute(db);
      }
    return;
  }
  // PostgreSQL: once per statement, as 0002's, so a bulk write raises each user's version once.
  await sql`create function raise_user_version() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update users set version = version + 1
          where id in (select distinct user_id from old_rows);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update users set version = version + 1
          where id in (select distinct user_id from new_rows);
      end if;
      return null;
    end $$`.execute(db);
  for (const table of TABLES)
    for (const { name, event, rows } of OPERATIONS) {
      const referencing = sql.join(
        rows.map((row) => sql.raw(`${row} table as ${row}_rows`)),
        sql.raw(' '),
      );
      await sql`create trigger ${sql.ref(triggerName(table, name))}
        after ${sql.raw(event)} on ${sql.ref(table)} referencing ${referencing}
        for each statement execute function raise_user_version()`.execute(db);
    }
}

export async function down(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  for (const table of TABLES)
    for (const { name } of OPERATIONS)
      await sql`drop trigger ${sql.ref(triggerName(table, name))}${
        dialect === 'postgres' ? sql` on ${sql.ref(table)}` : sql``
      }`.execute(db);
  if (dialect === 'postgres') await sql`drop function raise_user_version()`.execute(db);
  await db.schema.alterTable('users').dropColumn('version').execute();
}
