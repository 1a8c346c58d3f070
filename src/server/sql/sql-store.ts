// The store port over SQL: one set of Kysely queries for SQLite and PostgreSQL, one file per
// aggregate in ./store, assembled here with the transactions around them.
import type { Kysely } from 'kysely';
import { composedOf } from '../../contract/store/compose';
import type { Store, StorePorts } from '../../contract/store';
import { KeptReads } from './kept-reads';
import type { Database, SqlDialect } from './schema';
import { sqlBenchmarks } from './store/benchmarks';
import { sqlCash } from './store/cash';
import { sqlCheckpoints } from './store/checkpoints';
import { SqlContext } from './store/context';
import { sqlIdempotency } from './store/idempotency';
import { sqlImports } from './store/imports';
import { sqlLedger } from './store/ledger';
import { sqlManualPrices } from './store/prices';
import { sqlThrottles } from './store/throttles';
import { sqlTax } from './store/tax';
import { sqlUsers } from './store/users';

const ports = (ctx: SqlContext): StorePorts => ({
  ...sqlUsers(ctx),
  ...sqlLedger(ctx),
  ...sqlImports(ctx),
  ...sqlManualPrices(ctx),
  ...sqlIdempotency(ctx),
  ...sqlThrottles(ctx),
  ...sqlTax(ctx),
  ...sqlBenchmarks(ctx),
  ...sqlCash(ctx),
  ...sqlCheckpoints(ctx),
});

export class SqlStore extends composedOf<StorePorts>() implements Store {
  private readonly ctx: SqlContext;
  private readonly kept: KeptReads;

  constructor(
    db: Kysely<Database>,
    dialect: SqlDialect,
    /** Set by `forClaim`: the idempotency claim each write marks saved. */
    claim?: { userId: number; key: string },
  ) {
    const ctx = new SqlContext(db, dialect, claim);
    super(ports(ctx));
    this.ctx = ctx;
    this.kept = new KeptReads(db);
  }

  forRequest(): Store {
    return this.kept.forRequest(this);
  }

  forClaim(userId: number, key: string): Store {
    return new SqlStore(this.ctx.db, this.ctx.dialect, { userId, key });
  }

  /**
   * A transaction around `work`. PostgreSQL serialises on the investment's row lock; SQLite
   * needs nothing more, as Kysely's SQLite driver holds its one connection for the whole
   * transaction, so every other query waits.
   */
  exclusive<T>(investmentId: number, work: (store: Store) => Promise<T>): Promise<T> {
    return this.ctx.inTransaction(async (db) => {
      if (this.ctx.dialect === 'postgres') {
        await db
          .selectFrom('investments')
          .select('id')
          .where('id', '=', investmentId)
          .forUpdate()
          .execute();
      }
      return work(this.on(db));
    });
  }

  /**
   * PostgreSQL locks the portfolios' rows and their investments' (in id order, as `exclusive`
   * locks one), so event calls and other imports to them wait; SQLite's one connection is held.
   */
  transaction<T>(portfolioIds: readonly number[], work: (store: Store) => Promise<T>): Promise<T> {
    return this.ctx.inTransaction(async (db) => {
      if (this.ctx.dialect === 'postgres' && portfolioIds.length > 0) {
        const ids = [...portfolioIds];
        await db
          .selectFrom('portfolios')
          .select('id')
          .where('id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .execute();
        await db
          .selectFrom('investments')
          .select('id')
          .where('portfolio_id', 'in', ids)
          .orderBy('id')
          .forUpdate()
          .execute();
      }
      return work(this.on(db));
    });
  }

  /** This store, or one over the transaction's connection with the same claim. */
  private on(db: Kysely<Database>): Store {
    return db === this.ctx.db ? this : new SqlStore(db, this.ctx.dialect, this.ctx.claim);
  }
}
