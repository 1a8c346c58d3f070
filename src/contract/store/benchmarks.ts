// The instrument a user compares their money with (issue 38's benchmark).
import type { InstrumentType } from '../../domain/types';

export interface BenchmarkRow {
  type: InstrumentType;
  /** ISIN or crypto symbol, normalised. */
  code: string;
  name: string;
  /** The listing its prices come from, as an investment's; null when no provider knows it. */
  listing: string | null;
}

export interface BenchmarkStore {
  /** The user's chosen benchmark; undefined while they have not chosen (the default applies). */
  benchmark(userId: number): Promise<BenchmarkRow | undefined>;
  /** Sets or replaces the user's benchmark. */
  saveBenchmark(userId: number, benchmark: BenchmarkRow): Promise<void>;
}
