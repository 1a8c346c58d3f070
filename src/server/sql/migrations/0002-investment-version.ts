// A version per investment, raised with every change to its events: the server caches each
// investment's replayed history under it, so a valuation does not read every event again.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('investments')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('investments').dropColumn('version').execute();
}
