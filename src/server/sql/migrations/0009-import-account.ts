// The broker's account an import's file was of (Nordnet `Depot`), so the next file of that
// account goes to the same portfolio by default.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').addColumn('account', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imports').dropColumn('account').execute();
}
