// Users' chosen benchmarks over SQL.
import type { BenchmarkRow, BenchmarkStore } from '../../../contract/store';
import type { SqlContext } from './context';

export function sqlBenchmarks(ctx: SqlContext): BenchmarkStore {
  return {
    async benchmark(userId: number): Promise<BenchmarkRow | undefined> {
      const row = await ctx.db
        .selectFrom('benchmarks')
        .select(['type', 'code', 'name', 'listing'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row && { type: row.type, code: row.code, name: row.name, listing: row.listing };
    },

    async saveBenchmark(userId: number, benchmark: BenchmarkRow): Promise<void> {
      await ctx.write((db) =>
        db
          .insertInto('benchmarks')
          .values({ user_id: userId, ...benchmark })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({
              type: eb.ref('excluded.type'),
              code: eb.ref('excluded.code'),
              name: eb.ref('excluded.name'),
              listing: eb.ref('excluded.listing'),
            })),
          )
          .execute(),
      );
    },
  };
}
