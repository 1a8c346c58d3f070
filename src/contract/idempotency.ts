// Idempotency keys on creating calls: a client makes one key per submission (a UUID) and sends
// it again when it retries, so a retry after a lost answer gets the first answer instead of a
// second record. Keys are the user's, kept 24 hours.
import { json, type Answer } from './answers';
import type { Store } from './store';

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60_000;
/**
 * How long a running request's claim holds unless its process renews it: a claim whose process
 * died (killed, crashed) is free again this long after its last renewal, and a retry runs.
 */
export const CLAIM_LEASE_MS = 10_000;
/** How often a running request renews its claim: a few renewals may fail before it lapses. */
export const CLAIM_RENEW_MS = 2_500;
/** A UUID fits, as does any other unguessable token a client makes. */
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;

/** Calls `tick` every `ms` until the returned function is called: the transport's timer. */
export type Repeat = (ms: number, tick: () => void) => () => void;

async function fingerprintOf(method: string, path: string, body: unknown): Promise<string> {
  const text = `${method} ${path} ${JSON.stringify(body ?? null)}`;
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What a repeat gets when its first request saved the record but could not read the answer. */
const SAVED_UNREAD = 201;

/**
 * Runs `run` once per key: a repeat gets the first answer, a different request under the same
 * key 422, a repeat while the first still runs 409. Server errors are not kept, so a retry runs,
 * unless the route had saved its record (`saved()`) before the error: then a repeat gets 201
 * without a body (created; read it with the next list), never a second record.
 *
 * The claim is a lease `renew` keeps while `run` runs. When its process dies, the claim lapses:
 * a repeat then runs the request, unless the dead one's write was stored (`run` writes through
 * the store it is given, which marks the claim saved in the write's transaction): then the
 * repeat gets 201 without a body.
 */
export async function idempotent(
  store: Pick<Store, 'claimRequest' | 'renewClaim' | 'forClaim' | 'keepAnswer' | 'releaseRequest'>,
  user: number,
  key: string,
  request: { method: string; path: string; body: unknown },
  time: { now: number; clock: () => number; renew?: Repeat },
  run: (claimed: Store) => Promise<Answer>,
  saved: () => boolean,
): Promise<Answer> {
  const { now } = time;
  if (!KEY_SHAPE.test(key))
    return json(422, {
      message: 'The idempotency key must be 8 to 100 letters, digits, dashes or underscores.',
      errors: {
        idempotency_key: [
          'The idempotency key must be 8 to 100 letters, digits, dashes or underscores.',
        ],
      },
    });
  const fingerprint = await fingerprintOf(request.method, request.path, request.body);
  const kept = await store.claimRequest(
    user,
    key,
    fingerprint,
    now,
    now - IDEMPOTENCY_TTL_MS,
    now + CLAIM_LEASE_MS,
  );
  if (kept) {
    if (kept.fingerprint !== fingerprint) {
      const message = 'The idempotency key was already used for another request.';
      return json(422, { message, errors: { idempotency_key: [message] } });
    }
    if (kept.status === null && kept.saved && (kept.lockedUntil ?? 0) < now) {
      // Its process died after storing the write, before keeping the answer.
      await store.keepAnswer(user, key, SAVED_UNREAD, null);
      return { status: SAVED_UNREAD, headers: {}, cookies: [] };
    }
    if (kept.status === null)
      return json(
        409,
        { message: 'A request with this idempotency key is still running.' },
        { 'Retry-After': '1' },
      );
    return kept.body === null
      ? { status: kept.status, headers: {}, cookies: [] }
      : json(kept.status, JSON.parse(kept.body) as object);
  }
  const settleFailure = () =>
    saved() ? store.keepAnswer(user, key, SAVED_UNREAD, null) : store.releaseRequest(user, key);
  // A renewal that fails leaves the lease to the next one; the request itself meets the database.
  const stop = time.renew?.(CLAIM_RENEW_MS, () => {
    store.renewClaim(user, key, time.clock() + CLAIM_LEASE_MS).catch(() => undefined);
  });
  let answer: Answer;
  try {
    answer = await run(store.forClaim(user, key));
  } catch (error) {
    await settleFailure();
    throw error;
  } finally {
    stop?.();
  }
  if (answer.status >= 500) await settleFailure();
  else
    await store.keepAnswer(
      user,
      key,
      answer.status,
      answer.body === undefined ? null : JSON.stringify(answer.body),
    );
  return answer;
}
