// Throttles' attempt counts in the demo's tables.
import type { Attempts, ThrottleStore } from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryThrottles(ctx: MemoryContext): ThrottleStore {
  return {
    attempts(key: string) {
      return Promise.resolve(ctx.tables.attempts[key]);
    },

    hitAttempt(key: string, now: number, windowMs: number) {
      const current = ctx.tables.attempts[key];
      const hit: Attempts =
        current && current.resetAt > now
          ? { count: current.count + 1, resetAt: current.resetAt }
          : { count: 1, resetAt: now + windowMs };
      ctx.tables.attempts[key] = hit;
      return ctx.write({ ...hit });
    },

    clearAttempts(key: string) {
      delete ctx.tables.attempts[key];
      return ctx.write(undefined);
    },
  };
}
