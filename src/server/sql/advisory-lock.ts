// A lock across server processes, held while a listing's prices are refreshed.
import { sql, type Kysely } from 'kysely';
import type { Database, SqlDialect } from './schema';

/** How often a process waiting for another's refresh asks for the lock again. */
const LOCK_POLL_MS = 50;

/**
 * Runs `work` while holding the refresh lock of `key`, or not at all when another process
 * holds it for longer than `waitMs` (PostgreSQL advisory lock; SQLite serves one process, so
 * its lock is this one's). No connection is held while waiting.
 */
export async function withAdvisoryLock<T>(
  db: Kysely<Database>,
  dialect: SqlDialect,
  key: string,
  work: () => Promise<T>,
  waitMs: number,
): Promise<T | undefined> {
  if (dialect !== 'postgres') return work();
  const lock = `formue:${key}`;
  for (let waited = 0; ; waited += LOCK_POLL_MS) {
    const done = await db.connection().execute(async (connection) => {
      const { rows } = await sql<{
        locked: boolean;
      }>`select pg_try_advisory_lock(hashtext(${lock})) as locked`.execute(connection);
      if (!rows[0]?.locked) return undefined;
      try {
        return { value: await work() };
      } finally {
        await sql`select pg_advisory_unlock(hashtext(${lock}))`.execute(connection);
      }
    });
    if (done) return done.value;
    if (waited >= waitMs) return undefined;
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}
