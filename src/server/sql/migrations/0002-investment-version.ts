// A version per investment, raised by the database itself whenever a row of its events is
// written, by this server or anything else (an older process during an upgrade, a script): the
// server keeps each investment's replayed history under it, so a valuation does not read every
// event again.
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .alterTable('investments')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  if (dialect === 'sqlite') {
    // SQLite has row triggers only; an update of one row by its key is cheap.
    await sql`create trigger events_inserted_version after insert on events begin
      update investments set version = version + 1 where id = new.investment_id; end`.execute(db);
    await sql`create trigger events_updated_version after update on events begin
      update investments set version = version + 1
        where id in (old.investment_id, new.investment_id); end`.execute(db);
    await sql`create trigger events_deleted_version after delete on events begin
      update investments set version = version + 1 where id = old.investment_id; end`.execute(db);
    return;
  }
  // PostgreSQL: once per statement, so a bulk load or a deleted investment updates each
  // investment once, however many events it wrote.
  await sql`create function events_raise_version() returns trigger language plpgsql as $$
    begin
      if tg_op in ('UPDATE', 'DELETE') then
        update investments set version = version + 1
          where id in (select distinct investment_id from old_events);
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        update investments set version = version + 1
          where id in (select distinct investment_id from new_events);
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger events_inserted_version after insert on events
    referencing new table as new_events
    for each statement execute function events_raise_version()`.execute(db);
  await sql`create trigger events_updated_version after update on events
    referencing old table as old_events new table as new_events
    for each statement execute function events_raise_version()`.execute(db);
  await sql`create trigger events_deleted_version after delete on events
    referencing old table as old_events
    for each statement execute function events_raise_version()`.execute(db);
}

export async function down(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  for (const trigger of ['inserted', 'updated', 'deleted']) {
    await sql`drop trigger ${sql.ref(`events_${trigger}_version`)}${
      dialect === 'postgres' ? sql` on events` : sql``
    }`.execute(db);
  }
  if (dialect === 'postgres') await sql`drop function events_raise_version()`.execute(db);
  await db.schema.alterTable('investments').dropColumn('version').execute();
}
