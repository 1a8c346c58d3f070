// A chart kept without a benchmark line (none chosen, the default not placed yet) keeps the day
// from which the default is wanted: a request answered from the row asks the market to place it
// from that day, as making the chart would (src/contract/kept-answers.ts). Null on other rows.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kept_answers').addColumn('benchmark_since', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kept_answers').dropColumn('benchmark_since').execute();
}
