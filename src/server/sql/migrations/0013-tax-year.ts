// Issue 39, the tax year: a portfolio's kind (frie midler, aktiesparekonto or pension), the user's
// override of an investment's tax class with its reason, and the user's tax settings (married).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('portfolios')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('free'))
    .execute();
  await db.schema
    .createTable('investment_tax_classes')
    .addColumn('investment_id', 'integer', (c) => c.primaryKey().references('investments.id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('taxation', 'text', (c) => c.notNull())
    .addColumn('income', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('investment_tax_classes_user_id')
    .on('investment_tax_classes')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('tax_settings')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id'))
    .addColumn('married', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('tax_settings').execute();
  await db.schema.dropTable('investment_tax_classes').execute();
  await db.schema.alterTable('portfolios').dropColumn('kind').execute();
}
