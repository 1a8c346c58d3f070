// Whether the database can serve requests: it answers a query, and on SQLite (one file on one
// disk) it also takes a write, so a full disk makes the server unready.
import { sql, type Kysely } from 'kysely';
import type { Database, SqlDialect } from './schema';

export async function databaseReady(
  db: Kysely<Database>,
  dialect: SqlDialect,
  now: number,
): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    if (dialect === 'sqlite')
      await db
        .insertInto('health_checks')
        .values({ id: 1, checked_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ checked_at: now }))
        .execute();
    return true;
  } catch {
    return false;
  }
}
