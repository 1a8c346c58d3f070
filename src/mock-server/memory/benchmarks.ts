// Users' chosen benchmarks in the demo's tables.
import type { BenchmarkRow, BenchmarkStore } from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryBenchmarks(ctx: MemoryContext): BenchmarkStore {
  return {
    benchmark(userId: number) {
      const row = (ctx.tables.benchmarks ?? []).find((b) => b.userId === userId);
      return Promise.resolve(
        row && { type: row.type, code: row.code, name: row.name, listing: row.listing },
      );
    },

    saveBenchmark(userId: number, benchmark: BenchmarkRow) {
      const others = (ctx.tables.benchmarks ?? []).filter((b) => b.userId !== userId);
      ctx.tables.benchmarks = [...others, { ...benchmark, userId }];
      return ctx.write(undefined);
    },
  };
}
