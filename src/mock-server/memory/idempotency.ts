// Idempotency keys in the demo's tables.
import type { IdempotencyStore, KeptRequest } from '../../contract/store';
import type { MemoryContext } from './context';

export function memoryIdempotency(ctx: MemoryContext): IdempotencyStore {
  return {
    claimRequest(
      userId: number,
      key: string,
      fingerprint: string,
      now: number,
      expiredBefore: number,
      leaseUntil: number,
    ) {
      const requests = (ctx.tables.requests ??= {});
      const id = `${userId}:${key}`;
      const kept = requests[id];
      if (kept && kept.createdAt >= expiredBefore) {
        const lapsed =
          kept.status === null &&
          !kept.saved &&
          kept.fingerprint === fingerprint &&
          (kept.lockedUntil ?? 0) < now;
        if (!lapsed) return Promise.resolve<KeptRequest | undefined>({ ...kept });
        kept.lockedUntil = leaseUntil;
        return ctx.write<KeptRequest | undefined>(undefined);
      }
      requests[id] = {
        fingerprint,
        status: null,
        body: null,
        createdAt: now,
        lockedUntil: leaseUntil,
      };
      return ctx.write<KeptRequest | undefined>(undefined);
    },

    renewClaim(userId: number, key: string, leaseUntil: number) {
      const kept = ctx.tables.requests?.[`${userId}:${key}`];
      if (kept?.status === null) kept.lockedUntil = leaseUntil;
      return ctx.write(undefined);
    },

    keepAnswer(userId: number, key: string, status: number, body: string | null) {
      const kept = ctx.tables.requests?.[`${userId}:${key}`];
      if (kept) Object.assign(kept, { status, body });
      return ctx.write(undefined);
    },

    releaseRequest(userId: number, key: string) {
      if (ctx.tables.requests) delete ctx.tables.requests[`${userId}:${key}`];
      return ctx.write(undefined);
    },
  };
}
