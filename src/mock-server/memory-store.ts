// The mock's store: the demo's plain JSON tables (./memory/tables), one file per aggregate in
// ./memory, assembled here with the transactions around them.
import { composedOf } from '../contract/store/compose';
import { memoryBenchmarks } from './memory/benchmarks';
import type { Store, StorePorts } from '../contract/store';
import { memoryCash } from './memory/cash';
import { memoryCheckpoints } from './memory/checkpoints';
import { MemoryContext } from './memory/context';
import { memoryIdempotency } from './memory/idempotency';
import { memoryImports } from './memory/imports';
import { memoryLedger } from './memory/ledger';
import { memoryManualPrices } from './memory/prices';
import type { Tables } from './memory/tables';
import { memoryThrottles } from './memory/throttles';
import { memoryTax } from './memory/tax';
import { memoryUsers } from './memory/users';

const ports = (ctx: MemoryContext): StorePorts => ({
  ...memoryUsers(ctx),
  ...memoryLedger(ctx),
  ...memoryImports(ctx),
  ...memoryManualPrices(ctx),
  ...memoryIdempotency(ctx),
  ...memoryThrottles(ctx),
  ...memoryTax(ctx),
  ...memoryBenchmarks(ctx),
  ...memoryCash(ctx),
  ...memoryCheckpoints(),
});

/** The store port over plain tables; `changed` hears of every write, for persistence. */
export class MemoryStore extends composedOf<StorePorts>() implements Store {
  private queue: Promise<unknown> = Promise.resolve();
  private readonly ctx: MemoryContext;

  constructor(tables: Tables, changed: () => void = () => {}) {
    const ctx = new MemoryContext(tables, changed);
    super(ports(ctx));
    this.ctx = ctx;
  }

  get tables(): Tables {
    return this.ctx.tables;
  }

  set tables(tables: Tables) {
    this.ctx.tables = tables;
  }

  /**
   * Itself: a demo claim outlives its request only when the page closes mid-request, and the
   * page's keys (in its memory) go with it, so no retry comes to run the write again.
   */
  forClaim(): Store {
    return this;
  }

  /** Queued as `exclusive`; a failure puts the tables back as they were. */
  transaction<T>(_portfolioIds: readonly number[], work: (store: Store) => Promise<T>): Promise<T> {
    const result = this.queue.then(async () => {
      const before = structuredClone(this.tables);
      try {
        return await work(this);
      } catch (error) {
        this.tables = before;
        this.ctx.changed();
        throw error;
      }
    });
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** One write at a time, as the awaits of two requests could otherwise interleave. */
  exclusive<T>(_investmentId: number, work: (store: Store) => Promise<T>): Promise<T> {
    const result = this.queue.then(() => work(this));
    this.queue = result.catch(() => undefined);
    return result;
  }
}
