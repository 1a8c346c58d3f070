// Broker imports: a batch per committed import, and on each event the broker's exchange rate,
// the batch and the broker's own id of the row (unique per portfolio), and whether a correction
// changed it since (an edited event keeps its batch from being undone).
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

const identity =
  (dialect: SqlDialect) =>
  (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite'
      ? col.primaryKey().autoIncrement()
      : col.primaryKey().generatedAlwaysAsIdentity();

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  await db.schema
    .createTable('imports')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('portfolio_id', 'integer', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('imported', 'integer', (c) => c.notNull())
    .addColumn('duplicates', 'integer', (c) => c.notNull())
    .addColumn('skipped', 'integer', (c) => c.notNull())
    .addColumn('errors', 'integer', (c) => c.notNull())
    /** JSON: the portfolios and investments the batch created, which its undo may remove. */
    .addColumn('created', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('imports_user_id').on('imports').column('user_id').execute();

  // The broker's rate, DKK per unit of the event's currency; null: the reference rate of its day.
  await db.schema.alterTable('events').addColumn('exchange_rate', 'double precision').execute();
  await db.schema.alterTable('events').addColumn('import_id', 'integer').execute();
  await db.schema.alterTable('events').addColumn('source', 'text').execute();
  await db.schema.alterTable('events').addColumn('external_id', 'text').execute();
  /** The portfolio the external id is unique in (null without one). */
  await db.schema.alterTable('events').addColumn('external_portfolio_id', 'integer').execute();
  await db.schema
    .alterTable('events')
    .addColumn('edited', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Nulls are distinct on both databases: typed events never collide.
  await db.schema
    .createIndex('events_external_id')
    .on('events')
    .columns(['external_portfolio_id', 'source', 'external_id'])
    .unique()
    .execute();
  await db.schema.createIndex('events_import_id').on('events').column('import_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('events_import_id').execute();
  await db.schema.dropIndex('events_external_id').execute();
  for (const column of [
    'edited',
    'external_portfolio_id',
    'external_id',
    'source',
    'import_id',
    'exchange_rate',
  ])
    await db.schema.alterTable('events').dropColumn(column).execute();
  await db.schema.dropTable('imports').execute();
}
