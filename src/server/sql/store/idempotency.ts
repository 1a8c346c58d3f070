// Idempotency keys over SQL: claims, their leases and kept answers.
import type { IdempotencyStore, KeptRequest } from '../../../contract/store';
import { isDatabaseUnavailable } from '../connect';
import type { SqlContext } from './context';

export function sqlIdempotency(ctx: SqlContext): IdempotencyStore {
  return {
    claimRequest(
      userId: number,
      key: string,
      fingerprint: string,
      now: number,
      expiredBefore: number,
      leaseUntil: number,
    ): Promise<KeptRequest | undefined> {
      return ctx.inTransaction(async (db) => {
        // A key older than a day is free again, and every expired one goes with it.
        await db.deleteFrom('idempotency_keys').where('created_at', '<', expiredBefore).execute();
        const claimed = await db
          .insertInto('idempotency_keys')
          .values({
            user_id: userId,
            key,
            fingerprint,
            status: null,
            body: null,
            created_at: now,
            locked_until: leaseUntil,
          })
          .onConflict((oc) => oc.columns(['user_id', 'key']).doNothing())
          .executeTakeFirst();
        if (Number(claimed.numInsertedOrUpdatedRows ?? 0n) > 0) return undefined;
        // One statement: on PostgreSQL a second taker waits for the first's row lock, then finds
        // the lease taken.
        const taken = await db
          .updateTable('idempotency_keys')
          .set({ locked_until: leaseUntil })
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .where('fingerprint', '=', fingerprint)
          .where('status', 'is', null)
          .where('saved', '=', 0)
          .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) > 0) return undefined;
        const kept = await db
          .selectFrom('idempotency_keys')
          .select(['fingerprint', 'status', 'body', 'locked_until', 'saved'])
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .executeTakeFirst();
        return (
          kept && {
            fingerprint: kept.fingerprint,
            status: kept.status,
            body: kept.body,
            lockedUntil: kept.locked_until === null ? null : Number(kept.locked_until),
            saved: kept.saved === 1,
          }
        );
      });
    },

    async renewClaim(userId: number, key: string, leaseUntil: number): Promise<void> {
      await ctx.db
        .updateTable('idempotency_keys')
        .set({ locked_until: leaseUntil })
        .where('user_id', '=', userId)
        .where('key', '=', key)
        .where('status', 'is', null)
        .execute();
    },

    // Keeping or releasing a key ends a request's claim; left undone, the key answers 409 "still
    // running" for a day. Both are single idempotent statements, tried again on a dead connection.
    keepAnswer(userId: number, key: string, status: number, body: string | null) {
      return onLiveConnection(async () => {
        await ctx.db
          .updateTable('idempotency_keys')
          .set({ status, body })
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .execute();
      });
    },

    releaseRequest(userId: number, key: string) {
      return onLiveConnection(async () => {
        await ctx.db
          .deleteFrom('idempotency_keys')
          .where('user_id', '=', userId)
          .where('key', '=', key)
          .execute();
      });
    },
  };
}

/** How often a statement is tried when its pooled connection turns out dead. */
const STATEMENT_TRIES = 4;

/**
 * Runs one idempotent statement, again when the pool handed out a connection that died while
 * idle (PostgreSQL ended it): that is found out only by using it, and the pool then drops it.
 * A database that is really away fails every try, and the error goes on as before.
 */
async function onLiveConnection(statement: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await statement();
    } catch (error) {
      if (attempt >= STATEMENT_TRIES || !isDatabaseUnavailable(error)) throw error;
    }
  }
}
