// The ISIN a listing was resolved from, so Add investment finds it by name and ISIN later
// (a Danish fund typed once by its ISIN). Set when an ISIN resolves to the listing; listings of
// earlier resolutions get theirs the next time they are resolved.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('listings').addColumn('isin', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('listings').dropColumn('isin').execute();
}
