// When each user last logged in (issue 37): a start prepares the home of those who did lately
// (`Contract.prepare`), whether or not their session is still live. Null until a login.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('last_login', 'bigint').execute();
  await db.schema.createIndex('users_last_login').on('users').column('last_login').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_last_login').execute();
  await db.schema.alterTable('users').dropColumn('last_login').execute();
}
