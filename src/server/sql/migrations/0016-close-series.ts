// Close series (issue 37): per listing, its daily closes as one row of numbers (the bytes of
// `encodeCloseSeries`), written with the closes, so that a fresh process reads one row instead
// of thousands. A listing without one (closes stored before this migration) has its rows read
// until its next history is stored.
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('close_series')
    .addColumn('listing', 'text', (c) => c.primaryKey().references('listings.key'))
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('close_series').execute();
}
