// A row the readiness check writes, so GET /up fails when the database cannot take a write
// (a full disk on SQLite) rather than only when it cannot answer a query.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('health_checks')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('checked_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('health_checks').execute();
}
