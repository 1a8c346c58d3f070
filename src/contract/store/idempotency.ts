// Idempotency keys: what is kept of a request under its key (the rules are in ../idempotency).

/** What is kept of a request under its key: what it asked, and its answer once there is one. */
export interface KeptRequest {
  fingerprint: string;
  /** null while the first request is still running. */
  status: number | null;
  body: string | null;
  /** While running: epoch ms until which its process holds the claim; null or absent: lapsed. */
  lockedUntil?: number | null;
  /** While running: its write is stored (marked in the write's transaction). */
  saved?: boolean;
}

export interface IdempotencyStore {
  /**
   * Claims an idempotency key of a user for a request, held until `leaseUntil`: undefined when
   * it is new (or its last use is older than `expiredBefore`), or when the same request still
   * runs under it with a lease that ended before `now` and nothing saved (its process died: this
   * request takes the claim over); else what is kept of the earlier request. Atomic: of two
   * claims at once, one gets undefined.
   */
  claimRequest(
    userId: number,
    key: string,
    fingerprint: string,
    now: number,
    expiredBefore: number,
    leaseUntil: number,
  ): Promise<KeptRequest | undefined>;
  /** Extends a running claim's lease: its process is alive. */
  renewClaim(userId: number, key: string, leaseUntil: number): Promise<void>;
  keepAnswer(userId: number, key: string, status: number, body: string | null): Promise<void>;
  /** Forgets a claim whose request failed, so a retry runs it. */
  releaseRequest(userId: number, key: string): Promise<void>;
}
