// Replay checkpoints (issue 37): per investment, what the replay of its events at a version left,
// so that a fresh process reads one row instead of every event. Gone with the investment.
import type { Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('replay_checkpoints')
    .addColumn('investment_id', 'integer', (c) =>
      c.primaryKey().references('investments.id').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('data', dialect === 'postgres' ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('replay_checkpoints').execute();
}
