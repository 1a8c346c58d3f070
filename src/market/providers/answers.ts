// What every adapter does with an answer before reading it: statuses to typed errors, the
// Retry-After header, JSON parsing and shape checks. Shared by the adapters and the server's
// guarded HTTP client, so both read 429 and Retry-After the same way.
import { MarketDataError, type HttpResponse } from '../port';

/**
 * Retry-After in ms: delay-seconds or an HTTP date (RFC 9110 section 10.2.3); undefined when
 * absent or unreadable. A date in the past means "now": 0.
 */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** 429 and 5xx as the port's errors; undefined for anything else. */
export function transientError(
  provider: string,
  response: HttpResponse,
  now: number,
): MarketDataError | undefined {
  if (response.status === 429) {
    return new MarketDataError(
      'rate-limited',
      `${provider}: rate limited (429)`,
      retryAfterMs(response.header('retry-after'), now),
    );
  }
  if (response.status >= 500) {
    return new MarketDataError('unavailable', `${provider}: HTTP ${response.status}`);
  }
  return undefined;
}

export function badResponse(provider: string, what: string): MarketDataError {
  return new MarketDataError('bad-response', `${provider}: ${what}`);
}

/** The body as JSON, or a bad-response error. */
export function parseJson(provider: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badResponse(provider, 'the answer is not JSON');
  }
}

/** The body as JSON when it is JSON: for reading error envelopes on any status. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** An optional string field: undefined when absent or not a string. */
export function stringField(object: JsonObject, key: string): string | undefined {
  const value = object[key];
  return typeof value === 'string' ? value : undefined;
}
