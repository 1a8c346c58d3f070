// A dividend's tax withheld (in the dividend's currency, as its amount): the amount stays gross.
// Null: none withheld, as every dividend entered before.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').addColumn('withholding_tax', 'double precision').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('events').dropColumn('withholding_tax').execute();
}
