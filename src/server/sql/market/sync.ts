// Each key's sync state (a listing's, or the rates' `FX_KEY`): its version, raised by every write
// of its prices, and how its last attempts went; and the lock a refresh holds.
import type { Kysely } from 'kysely';
import { withAdvisoryLock } from '../advisory-lock';
import { CompiledOnce } from '../compiled-once';
import { marketClockOf } from './clock';
import type { Database, SqlDialect } from '../schema';
import { toSync, type SyncState } from './rows';

export interface SyncRows {
  /** The sync state of each key that has one. */
  syncStates(keys: readonly string[]): Promise<Map<string, SyncState>>;
  /**
   * The same as of the latest request's session (which read the market's clock): kept in memory
   * while the clock stands (`MarketClock`). For what a request values from; a refresh's checks
   * read `syncStates`.
   */
  currentStates(keys: readonly string[]): Promise<Map<string, SyncState>>;
  /** A failed attempt: counted, with when to try again. */
  saveFailure(key: string, error: string, time: number, nextAttempt: number): Promise<void>;
  /** A refresh of `key` by one process at a time (see `withAdvisoryLock`). */
  whileLocked<T>(key: string, work: () => Promise<T>, waitMs?: number): Promise<T | undefined>;
}

export function sqlSync(db: Kysely<Database>, dialect: SqlDialect): SyncRows {
  const queries = new CompiledOnce(db);
  const clock = marketClockOf(db);
  return {
    async syncStates(keys) {
      if (keys.length === 0) return new Map();
      // Every valuation asks for its listings' states: compiled once per count of keys.
      const rows = await queries.rows('syncStates', [...new Set(keys)], (values) =>
        db.selectFrom('market_sync').selectAll().where('key', 'in', values.map(String)),
      );
      return new Map(rows.map((row) => [row.key, toSync(row)]));
    },

    currentStates(keys) {
      return clock.statesOf(keys);
    },

    async saveFailure(key, error, time, nextAttempt) {
      await db
        .insertInto('market_sync')
        .values({
          key,
          last_attempt: time,
          errors_in_row: 1,
          last_error: error,
          next_attempt: nextAttempt,
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            last_attempt: time,
            errors_in_row: eb('market_sync.errors_in_row', '+', 1),
            last_error: error,
            next_attempt: nextAttempt,
          })),
        )
        .execute();
    },

    whileLocked(key, work, waitMs = 0) {
      return withAdvisoryLock(db, dialect, key, work, waitMs);
    },
  };
}
