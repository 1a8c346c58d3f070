// Every failure of a call, normalised once (decisions.md section 1 "Errors"). No ofetch here:
// machines import this module to read errors.

/**
 * 'http': the API answered with a failure status; 'network': no answer at all; 'foreign': an
 * answer, but not the Formue API's (a wrong address); 'decode': an API answer Formue cannot read.
 */
export type ApiErrorKind = 'http' | 'network' | 'foreign' | 'decode';

/** Server messages per field; Laravel's dot keys (`buy_event.shares`) kept as sent. */
export type FieldErrors = Record<string, string[]>;

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  status?: number;
  fieldErrors?: FieldErrors;
  retryAfter?: number;
  body?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly fieldErrors: FieldErrors;
  /** Seconds to wait, from Retry-After on a 429. */
  readonly retryAfter: number | undefined;
  /** The API's answer as sent, for a 409 or 422 that says more than its fields (an import). */
  readonly body: unknown;

  constructor(init: ApiErrorInit) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfter = init.retryAfter;
    this.body = init.body;
  }
}

export const MESSAGES = {
  sessionExpired: 'Your session has expired. Please log in again.',
  notFound: 'Not found. It may have been deleted.',
  notSupported: 'The server does not support this action.',
  invalid: 'Please correct the marked fields.',
  serverError: 'The server had a problem. Please try again in a moment.',
  offline: 'You appear to be offline. Check your connection and try again.',
  throttledLater: 'Too many requests. Try again later.',
} as const;

export function throttledMessage(seconds: number): string {
  return `Too many requests. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** 422 `errors`: only string messages survive; a lone string becomes a list. */
function fieldErrorsOf(body: unknown): FieldErrors {
  if (!isRecord(body) || !isRecord(body.errors)) return {};
  const result: FieldErrors = {};
  for (const [key, value] of Object.entries(body.errors)) {
    const messages = (Array.isArray(value) ? value : [value]).filter(
      (m): m is string => typeof m === 'string',
    );
    if (messages.length > 0) result[key] = messages;
  }
  return result;
}

/** Retry-After as seconds: either a number of seconds or an HTTP date. */
export function parseRetryAfter(
  header: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!header) return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The error for an HTTP answer with a failure status. Debug fields of a 5xx are never shown. */
export function httpError(
  status: number,
  body: unknown,
  retryAfterHeader?: string | null,
): ApiError {
  const serverMessage = isRecord(body) && typeof body.message === 'string' ? body.message : '';
  if (status === 401)
    return new ApiError({ kind: 'http', status, message: MESSAGES.sessionExpired });
  if (status === 419)
    return new ApiError({ kind: 'http', status, message: MESSAGES.sessionExpired });
  if (status === 404) return new ApiError({ kind: 'http', status, message: MESSAGES.notFound });
  if (status === 405) return new ApiError({ kind: 'http', status, message: MESSAGES.notSupported });
  if (status === 422 || status === 409 || status === 413)
    return new ApiError({
      kind: 'http',
      status,
      // Laravel's text is shown verbatim, never matched on (research 1.4).
      message: serverMessage || MESSAGES.invalid,
      fieldErrors: fieldErrorsOf(body),
      body,
    });
  if (status === 429) {
    const retryAfter = parseRetryAfter(retryAfterHeader);
    return new ApiError({
      kind: 'http',
      status,
      message: retryAfter === undefined ? MESSAGES.throttledLater : throttledMessage(retryAfter),
      retryAfter,
    });
  }
  if (status >= 500) return new ApiError({ kind: 'http', status, message: MESSAGES.serverError });
  return new ApiError({
    kind: 'http',
    status,
    message: serverMessage || `The request failed (${status}).`,
  });
}

/** No answer while the browser knows it is offline. */
export function networkError(): ApiError {
  return new ApiError({ kind: 'network', message: MESSAGES.offline });
}

/** No answer although the browser is online: the server is down or the address is wrong. */
export function unreachableError(origin: string): ApiError {
  return new ApiError({
    kind: 'network',
    message: `Formue cannot reach the server at ${origin}. Check that it is running and try again.`,
  });
}

/** An answer from something else at that address (a static host, a web page, another app). */
export function foreignError(origin: string, status: number): ApiError {
  return new ApiError({
    kind: 'foreign',
    status,
    message: `${origin} does not answer like the Formue API. Check the API address.`,
  });
}

/** A JSON media type (application/json, application/problem+json), with or without charset. */
export function isJsonType(contentType: string | null | undefined): boolean {
  return /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(contentType ?? '');
}

/**
 * Whether a failure answer is the API's own: Laravel answers every failure of a JSON request
 * with a JSON object holding `message`. 5xx and 429 count whatever their body, since proxies in
 * front of the API answer those with pages of their own.
 */
export function isApiFailure(status: number, contentType: string | null, body: unknown): boolean {
  if (status >= 500 || status === 429) return true;
  return isJsonType(contentType) && isRecord(body) && typeof body.message === 'string';
}

export function decodeError(detail: string): ApiError {
  return new ApiError({
    kind: 'decode',
    message: `The server sent an answer Formue cannot read: ${detail}.`,
  });
}

/** A user-facing message for any failure a call can reject with. */
export function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong.';
}
