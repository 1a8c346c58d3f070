// The first schema. Landed migrations are never edited: later changes go in new numbered files.
import { sql } from 'kysely';
import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

/** Self-numbering primary key: the two databases spell it differently. */
const identity =
  (dialect: SqlDialect) =>
  (col: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'sqlite'
      ? col.primaryKey().autoIncrement()
      : col.primaryKey().generatedAlwaysAsIdentity();

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  const id = identity(dialect);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('portfolios')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portfolios_user_id').on('portfolios').column('user_id').execute();

  await db.schema
    .createTable('investments')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('portfolio_id', 'integer', (c) => c.notNull().references('portfolios.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('code', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('investments_user_id').on('investments').column('user_id').execute();

  // `double precision` is a float8 on PostgreSQL and has REAL (8-byte) affinity on SQLite.
  await db.schema
    .createTable('events')
    .addColumn('id', 'integer', id)
    .addColumn('investment_id', 'integer', (c) => c.notNull().references('investments.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('shares', 'double precision')
    .addColumn('price', 'double precision')
    .addColumn('fee', 'double precision')
    .addColumn('amount', 'double precision')
    .addColumn('shares_after', 'double precision')
    .addColumn('sold_shares', 'double precision')
    .addColumn('sold_price', 'double precision')
    .addColumn('hide', 'integer')
    .addColumn('from_shares', 'double precision')
    // Each kind has its facts, so a row always reads back as a whole EventRow.
    .addCheckConstraint(
      'events_kind_facts',
      sql`(kind in ('buy', 'sell') and shares is not null and price is not null and fee is not null)
        or (kind = 'dividend' and amount is not null)
        or (kind = 'split' and shares_after is not null and fee is not null
          and sold_shares is not null and sold_price is not null and hide in (0, 1)
          and from_shares is not null)`,
    )
    .execute();
  await db.schema
    .createIndex('events_investment_id_id')
    .on('events')
    .columns(['investment_id', 'id'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_last_seen').on('sessions').column('last_seen').execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('reset_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'login_attempts',
    'sessions',
    'events',
    'investments',
    'portfolios',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
