// Cash per portfolio (issue 38): whether a portfolio keeps cash, and its deposits, withdrawals,
// interest and fees, with the import they came from (the broker's id unique per portfolio).
import { sql } from 'kysely';
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
    .alterTable('portfolios')
    .addColumn('cash', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('cash_events')
    .addColumn('id', 'integer', identity(dialect))
    .addColumn('portfolio_id', 'integer', (c) => c.notNull().references('portfolios.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('amount', 'double precision', (c) => c.notNull())
    .addColumn('import_id', 'integer')
    .addColumn('source', 'text')
    .addColumn('external_id', 'text')
    .addCheckConstraint(
      'cash_events_kind',
      sql`kind in ('deposit', 'withdrawal', 'interest', 'fee') and amount > 0`,
    )
    .execute();
  await db.schema
    .createIndex('cash_events_portfolio_id')
    .on('cash_events')
    .columns(['portfolio_id', 'time'])
    .execute();
  // Nulls are distinct on both databases: typed cash events never collide.
  await db.schema
    .createIndex('cash_events_external_id')
    .on('cash_events')
    .columns(['portfolio_id', 'source', 'external_id'])
    .unique()
    .execute();
  await db.schema
    .createIndex('cash_events_import_id')
    .on('cash_events')
    .column('import_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cash_events').execute();
  await db.schema.alterTable('portfolios').dropColumn('cash').execute();
}
