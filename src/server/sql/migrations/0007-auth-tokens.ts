// "Remember me" and password reset by e-mail: tokens kept only as their SHA-256 digests, so a
// copy of the database logs no one in and resets no password.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('remember_tokens')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('remember_tokens_user_id')
    .on('remember_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('remember_tokens_expires_at')
    .on('remember_tokens')
    .column('expires_at')
    .execute();
  // Laravel's password_reset_tokens: one per address, replaced by the next request.
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
  await db.schema.dropTable('remember_tokens').execute();
}
