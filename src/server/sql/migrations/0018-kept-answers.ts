// The home's answers kept exactly (issue 37): one row per user and answer, with the fingerprint
// of what it was made from and the instants it stays exact until, so that a fresh process answers
// from it (src/contract/kept-answers.ts). Gone with the user.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kept_answers')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    // Instants as float8 (REAL on SQLite): read back as numbers by both drivers.
    .addColumn('made_at', 'double precision', (c) => c.notNull())
    .addColumn('now_until', 'double precision', (c) => c.notNull())
    // Null: the period's start does not move (Forever).
    .addColumn('start_until', 'double precision')
    .addColumn('body', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('kept_answers_pk', ['user_id', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('kept_answers').execute();
}
