// Issue 35: a reset token belongs to the account it was made for (not to whoever has the address
// later), and an idempotency claim holds a lease its process renews, so a claim whose process
// died is free again; `saved` is set in the transaction of the claimed request's write, so a
// retry never runs a write that was stored.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Tokens from before have no owner and are refused; they would expire within the hour anyway.
  await db.schema
    .alterTable('password_reset_tokens')
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_id')
    .on('password_reset_tokens')
    .column('user_id')
    .execute();
  // Claims from before have no lease: lapsed, as no process holds them after an upgrade.
  await db.schema.alterTable('idempotency_keys').addColumn('locked_until', 'bigint').execute();
  await db.schema
    .alterTable('idempotency_keys')
    .addColumn('saved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('idempotency_keys').dropColumn('saved').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('locked_until').execute();
  await db.schema.dropIndex('password_reset_tokens_user_id').execute();
  await db.schema.alterTable('password_reset_tokens').dropColumn('user_id').execute();
}
