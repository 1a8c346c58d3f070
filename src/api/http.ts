// The one HTTP seam: ofetch set up for Sanctum's SPA cookie auth (research "Mirage + ofetch",
// protocol-and-reliability section 1). Every failure leaves here as an ApiError.
import { createFetch, FetchError, type FetchOptions } from 'ofetch';
import { readCookie as cookieOf } from '../domain/cookies';
import {
  ApiError,
  foreignError,
  httpError,
  isApiFailure,
  isJsonType,
  networkError,
  unreachableError,
} from './errors';

/** Resolved at call time, so Mirage's polyfilled Headers is used once it is installed. */
class LazyHeaders {
  constructor(init?: HeadersInit) {
    return new globalThis.Headers(init);
  }
}

const $fetch = createFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  Headers: LazyHeaders as unknown as typeof Headers,
});

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  body?: object;
  headers?: Record<string, string>;
  /** A download that is not JSON (the CSV export): its text, when it comes as `text/*`. */
  text?: boolean;
}

export interface SendOptions {
  /**
   * Sent as `Idempotency-Key`: made once per submission and sent again with its retries, so the
   * server answers a repeat with the first answer instead of creating a second record.
   */
  idempotencyKey?: string;
}

export interface Http {
  /** The decoded-from-JSON body (undefined for 204); rejects with an ApiError. */
  request(method: Method, path: string, options?: RequestOptions): Promise<unknown>;
  /** GET /sanctum/csrf-cookie; a failure is only logged (product-spec section 8). */
  initCsrf(): Promise<void>;
  /** Called on every 401 (and a 419 that a fresh cookie did not cure); returns an unsubscribe. */
  onUnauthenticated(listener: () => void): () => void;
  /** Drops the page's first answers not taken yet: from now on every GET asks the server. */
  forgetFirstAnswers(): void;
  /** The paths whose answers the page came with, not taken yet. */
  firstAnswered(): string[];
}

export interface HttpOptions {
  /** The API's origin; '' is the page's own. */
  origin: string;
  /** A cookie's URL-decoded value, read right before each call. */
  readCookie?: (name: string) => string | undefined;
  /** Whether the browser believes it is online: tells "offline" from "the server is down". */
  isOnline?: () => boolean;
  /** Every call waits for it first: the demo's server, installed while the page already paints. */
  until?: Promise<void>;
  /**
   * Answers the page came with, by path under /api/v1 (issue 37): the first GET of each path
   * takes its answer instead of asking; they belong to the session the page was sent for, so a
   * change (a login or logout among them) or a 401 drops them all. Taken from the map given.
   */
  firstAnswers?: Map<string, unknown>;
}

const documentCookie = (name: string) => cookieOf(document.cookie, name);

// Node (tests, scripts) has no navigator before version 21; there a failed call means the server.
const browserIsOnline = () => globalThis.navigator?.onLine ?? true;

function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function createHttp({
  origin,
  readCookie = documentCookie,
  isOnline = browserIsOnline,
  until,
  firstAnswers: unasked = new Map(),
}: HttpOptions): Http {
  const listeners = new Set<() => void>();
  // Concurrent 419s share one cookie fetch: a request sent before the latest refresh just retries.
  let generation = 0;
  let refreshing: Promise<void> | null = null;

  /** The origin messages name: the page's own when the API shares it. */
  function shownOrigin(): string {
    return origin || (globalThis.location?.origin ?? 'this address');
  }

  function normalise(error: unknown): ApiError {
    if (error instanceof FetchError && error.response) {
      const { status, headers } = error.response;
      const type = headers.get('Content-Type');
      // A download asked for text: its failure is the API's JSON all the same.
      const data: unknown =
        typeof error.data === 'string' && isJsonType(type) ? parsed(error.data) : error.data;
      if (!isApiFailure(status, type, data)) return foreignError(shownOrigin(), status);
      return httpError(status, data, headers.get('Retry-After'));
    }
    return isOnline() ? unreachableError(shownOrigin()) : networkError();
  }

  /** One call: the body of an answer of the API, or an ApiError. */
  async function call(url: string, options: FetchOptions<'json'>, text = false): Promise<unknown> {
    let response;
    try {
      await until;
      const sent = { ...options, credentials: 'include' as const, retry: 0 as const };
      response = text
        ? await $fetch.raw(url, {
            method: options.method,
            headers: options.headers,
            credentials: 'include',
            retry: 0,
            responseType: 'text',
          })
        : await $fetch.raw<unknown>(url, sent);
    } catch (caught) {
      throw normalise(caught);
    }
    // A host that serves its index.html for every path answers 200 with a web page.
    const body: unknown = response._data;
    const empty = body === undefined || body === '';
    const type = response.headers.get('Content-Type');
    const expected = text ? /^text\/(csv|plain)\s*(;|$)/i.test(type ?? '') : isJsonType(type);
    if (!empty && !expected) throw foreignError(shownOrigin(), response.status);
    return body;
  }

  function fetchCsrfCookie(): Promise<void> {
    refreshing ??= call(`${origin}/sanctum/csrf-cookie`, {
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    })
      .then(() => {
        generation += 1;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function headersFor(method: Method, extra: Record<string, string> = {}): Record<string, string> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      ...extra,
    };
    if (method !== 'GET') {
      // The token rotates at login and logout, so it is never cached.
      const token = readCookie('XSRF-TOKEN');
      if (token !== undefined) headers['X-XSRF-TOKEN'] = token;
    }
    return headers;
  }

  function unauthenticated(error: ApiError): ApiError {
    unasked.clear();
    for (const listener of [...listeners]) listener();
    return error;
  }

  async function send(
    method: Method,
    path: string,
    options: RequestOptions,
    retried: boolean,
  ): Promise<unknown> {
    if (method === 'GET' && unasked.has(path)) {
      const answer = unasked.get(path);
      unasked.delete(path);
      return answer;
    }
    if (method !== 'GET') unasked.clear();
    // A change waits for a cookie on its way: sent before it, it would carry no token, and its
    // 419 can bring a new session cookie that replaces the one the token belongs to.
    if (method !== 'GET' && refreshing) await refreshing.catch(() => undefined);
    const sentIn = generation;
    try {
      return await call(
        `${origin}/api/v1${path}`,
        {
          method,
          body: options.body,
          headers: headersFor(method, options.headers),
          // A deletion is sent as the page goes away (its Undo window cut short): let it finish.
          keepalive: method === 'DELETE',
        },
        options.text,
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.kind !== 'http') throw error;
      if (error.status === 419 && !retried) {
        if (sentIn === generation) await fetchCsrfCookie();
        return send(method, path, options, true);
      }
      if (error.status === 401 || error.status === 419) throw unauthenticated(error);
      throw error;
    }
  }

  return {
    request: (method, path, options = {}) => send(method, path, options, false),
    async initCsrf() {
      try {
        await fetchCsrfCookie();
      } catch (error) {
        console.warn('Formue: could not fetch the CSRF cookie', error);
      }
    },
    onUnauthenticated(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    forgetFirstAnswers: () => unasked.clear(),
    firstAnswered: () => [...unasked.keys()],
  };
}
