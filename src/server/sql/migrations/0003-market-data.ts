// Real prices: listings and their daily closes, latest quotes and intraday points, ECB euro
// rates, the providers' splits and dividends, typed prices per investment, and a sync state per
// listing. Prices are shared by every user who holds the listing; typed prices are the user's.
import type { ColumnDataType, Kysely } from 'kysely';
import type { SqlDialect } from '../schema';

/** Exact decimals: PostgreSQL's numeric, SQLite's text (its numeric affinity would round). */
const decimalType = (dialect: SqlDialect): ColumnDataType =>
  dialect === 'postgres' ? 'numeric' : 'text';

export async function up(db: Kysely<unknown>, dialect: SqlDialect): Promise<void> {
  const decimal = decimalType(dialect);

  await db.schema.alterTable('investments').addColumn('listing', 'text').execute();

  await db.schema
    .createTable('manual_prices')
    .addColumn('investment_id', 'integer', (c) => c.notNull().references('investments.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('price', decimal, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('manual_prices_pk', ['investment_id', 'day'])
    .execute();

  // `key` is `provider:symbol`, what investments.listing names.
  await db.schema
    .createTable('listings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('symbol', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('exchange', 'text', (c) => c.notNull())
    .addColumn('mic', 'text')
    /** stock, fund or crypto. */
    .addColumn('asset_class', 'text', (c) => c.notNull())
    /** Major units (GBP for a listing quoted in GBp). */
    .addColumn('currency', 'text', (c) => c.notNull())
    /** As the provider quotes (GBp); prices are stored divided into major units. */
    .addColumn('quote_currency', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .execute();

  // Unadjusted closes, in major units, keyed by the exchange-local trading day.
  await db.schema
    .createTable('daily_closes')
    .addColumn('listing', 'text', (c) => c.notNull().references('listings.key'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('close', decimal, (c) => c.notNull())
    .addPrimaryKeyConstraint('daily_closes_pk', ['listing', 'day'])
    .execute();

  await db.schema
    .createTable('latest_quotes')
    .addColumn('listing', 'text', (c) => c.primaryKey().references('listings.key'))
    .addColumn('price', decimal, (c) => c.notNull())
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .execute();

  // The latest trading day's points, replaced with each refresh: the Day period's chart.
  await db.schema
    .createTable('intraday_prices')
    .addColumn('listing', 'text', (c) => c.notNull().references('listings.key'))
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('price', decimal, (c) => c.notNull())
    .addPrimaryKeyConstraint('intraday_prices_pk', ['listing', 'time'])
    .execute();

  await db.schema
    .createTable('corporate_actions')
    .addColumn('listing', 'text', (c) => c.notNull().references('listings.key'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('numerator', 'integer')
    .addColumn('denominator', 'integer')
    .addColumn('amount', decimal)
    .addPrimaryKeyConstraint('corporate_actions_pk', ['listing', 'day', 'kind'])
    .execute();

  // Units of `currency` per euro, as the ECB publishes them.
  await db.schema
    .createTable('fx_rates')
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('per_euro', decimal, (c) => c.notNull())
    .addPrimaryKeyConstraint('fx_rates_pk', ['currency', 'day'])
    .execute();

  // One row per listing key, and `fx` for the rates. `version` rises with every write of its
  // prices, so each server process knows when what it keeps in memory is stale.
  await db.schema
    .createTable('market_sync')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('history_from', 'text')
    .addColumn('last_attempt', 'bigint')
    .addColumn('last_success', 'bigint')
    .addColumn('quote_success', 'bigint')
    .addColumn('errors_in_row', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt', 'bigint')
    .execute();

  // A provider's split or dividend the user chose not to record.
  await db.schema
    .createTable('dismissed_actions')
    .addColumn('investment_id', 'integer', (c) => c.notNull().references('investments.id'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('dismissed_actions_pk', ['investment_id', 'day', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'dismissed_actions',
    'market_sync',
    'fx_rates',
    'corporate_actions',
    'intraday_prices',
    'latest_quotes',
    'daily_closes',
    'listings',
    'manual_prices',
  ])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('investments').dropColumn('listing').execute();
}
