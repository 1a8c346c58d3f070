// What each aggregate's queries share: the database, and how a write of the user's records runs.
import type { Kysely } from 'kysely';
import type { Database, SqlDialect } from '../schema';

/** Ids per `in (…)` list: far below both databases' limits on bound parameters. */
export const IN_LIST_CHUNK = 500;

export class SqlContext {
  constructor(
    readonly db: Kysely<Database>,
    readonly dialect: SqlDialect,
    /** Set by `forClaim`: the idempotency claim each write marks saved. */
    readonly claim?: { userId: number; key: string },
  ) {}

  /**
   * A write of the user's records, in a transaction when `whole`; a claimed request's write
   * (`forClaim`) always, with its claim marked saved in it.
   */
  write<T>(work: (db: Kysely<Database>) => Promise<T>, whole = false): Promise<T> {
    const claim = this.claim;
    if (!claim) return whole ? this.inTransaction(work) : work(this.db);
    return this.inTransaction(async (db) => {
      const result = await work(db);
      await db
        .updateTable('idempotency_keys')
        .set({ saved: 1 })
        .where('user_id', '=', claim.userId)
        .where('key', '=', claim.key)
        .execute();
      return result;
    });
  }

  /** Runs in the current transaction if there is one: Kysely cannot nest them. */
  inTransaction<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}
