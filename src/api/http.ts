// The one HTTP seam: ofetch set up for Sanctum's SPA cookie auth (research "Mirage + ofetch",
// protocol-and-reliability section 1). Every failure leaves here as an ApiError.
import { createFetch, FetchError } from 'ofetch';
import { httpError, networkError, type ApiError } from './errors';

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
}

export interface Http {
  /** The decoded-from-JSON body (undefined for 204); rejects with an ApiError. */
  request(method: Method, path: string, options?: RequestOptions): Promise<unknown>;
  /** GET /sanctum/csrf-cookie; a failure is only logged (product-spec section 8). */
  initCsrf(): Promise<void>;
  /** Called on every 401 (and a 419 that a fresh cookie did not cure); returns an unsubscribe. */
  onUnauthenticated(listener: () => void): () => void;
}

export interface HttpOptions {
  /** The API's origin; '' is the page's own. */
  origin: string;
  /** The raw value of a cookie, read right before each call. */
  readCookie?: (name: string) => string | undefined;
}

export function documentCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function createHttp({ origin, readCookie = documentCookie }: HttpOptions): Http {
  const listeners = new Set<() => void>();
  // Concurrent 419s share one cookie fetch: a request sent before the latest refresh just retries.
  let generation = 0;
  let refreshing: Promise<void> | null = null;

  function fetchCsrfCookie(): Promise<void> {
    refreshing ??= $fetch(`${origin}/sanctum/csrf-cookie`, {
      credentials: 'include',
      headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      retry: 0,
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
      if (token !== undefined) headers['X-XSRF-TOKEN'] = safeDecode(token);
    }
    return headers;
  }

  function normalise(error: unknown): ApiError {
    if (error instanceof FetchError && error.response) {
      return httpError(
        error.response.status,
        error.data,
        error.response.headers.get('Retry-After'),
      );
    }
    return networkError();
  }

  function unauthenticated(error: ApiError): ApiError {
    for (const listener of [...listeners]) listener();
    return error;
  }

  async function send(
    method: Method,
    path: string,
    options: RequestOptions,
    retried: boolean,
  ): Promise<unknown> {
    const sentIn = generation;
    try {
      return await $fetch<unknown>(`${origin}/api/v1${path}`, {
        method,
        body: options.body,
        headers: headersFor(method, options.headers),
        credentials: 'include',
        retry: 0,
      });
    } catch (caught) {
      const error = normalise(caught);
      if (error.status === 419 && !retried) {
        if (sentIn === generation) {
          try {
            await fetchCsrfCookie();
          } catch (refreshFailure) {
            throw normalise(refreshFailure);
          }
        }
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
  };
}
