// Throttles' attempt counts over SQL.
import type { Attempts, ThrottleStore } from '../../../contract/store';
import type { SqlContext } from './context';

export function sqlThrottles(ctx: SqlContext): ThrottleStore {
  return {
    async attempts(key: string): Promise<Attempts | undefined> {
      const row = await ctx.db
        .selectFrom('login_attempts')
        .select(['count', 'reset_at'])
        .where('key', '=', key)
        .executeTakeFirst();
      return row && { count: row.count, resetAt: row.reset_at };
    },

    /** One statement, so parallel attempts on either database each count. */
    async hitAttempt(key: string, now: number, windowMs: number): Promise<Attempts> {
      const row = await ctx.db
        .insertInto('login_attempts')
        .values({ key, count: 1, reset_at: now + windowMs })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => {
            const ended = eb('login_attempts.reset_at', '<=', now);
            return {
              count: eb
                .case()
                .when(ended)
                .then(1)
                .else(eb('login_attempts.count', '+', 1))
                .end(),
              reset_at: eb
                .case()
                .when(ended)
                .then(now + windowMs)
                .else(eb.ref('login_attempts.reset_at'))
                .end(),
            };
          }),
        )
        .returning(['count', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), resetAt: Number(row.reset_at) };
    },

    async clearAttempts(key: string): Promise<void> {
      await ctx.db.deleteFrom('login_attempts').where('key', '=', key).execute();
    },
  };
}
