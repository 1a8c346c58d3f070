// Idempotency keys of the creating forms (docs/server.md "Idempotency keys"): a key is made when
// the user submits and sent again with every retry of the same submission (the client's retry
// after a 419, the call resent after a new login, Save pressed again after no answer or a 5xx),
// so a create whose answer was lost is not booked twice. A changed form sends another body,
// which gets a new key; so does the same body once the server has given its final answer.
import { ApiError } from '../../api/errors';

/** One submission: its Idempotency-Key and the body it was made for. */
export interface Submission {
  key: string;
  body: string;
}

/** Makes a new key; an input of each form, so tests can fix the keys. */
export type KeyMaker = () => string;

/** A v4 UUID. */
export const randomKey: KeyMaker = () => {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Plain HTTP on an address other than localhost is no secure context: no randomUUID there.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/** The submission that sends `body`: the last one when it sent the same body, else a new one. */
export function submissionFor(
  last: Submission | undefined,
  body: unknown,
  newKey: KeyMaker,
): Submission {
  const text = JSON.stringify(body);
  return last?.body === text ? last : { key: newKey(), body: text };
}

/**
 * Whether the server may not have given its final answer to the key: no answer reached the app
 * (it may have run), a 5xx (not kept), 409 (the first request still runs), or the session was
 * lost before the request ran. A 4xx the server kept is final: the same body is sent with a new
 * key, so a refusal that no longer holds (a sale before a buy was added) is asked again.
 */
export function unsettled(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.kind !== 'http') return true;
  const status = error.status ?? 0;
  return status >= 500 || [401, 408, 409, 419, 425, 429].includes(status);
}

/** The submission kept after a failure: only an unsettled one is sent again. */
export function afterFailure(
  submission: Submission | undefined,
  error: unknown,
): Submission | undefined {
  return unsettled(error) ? submission : undefined;
}

export const STILL_SAVING = 'The first attempt is still being saved. Try again in a moment.';

/**
 * A 409 says a request with this key still runs: a transient failure, said plainly (the server's
 * words name the key). Save again sends the same key and gets the first answer.
 */
export function submissionError(error: unknown): unknown {
  return error instanceof ApiError && error.status === 409
    ? new ApiError({ kind: 'http', status: 409, message: STILL_SAVING })
    : error;
}
