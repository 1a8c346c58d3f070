// autocannon ships no types: the little of its programmatic API that `npm run bench:server`
// (scripts/server-bench/main.ts and scripts/server-bench/mixed.ts) uses.
import { createRequire } from 'node:module';

export interface CannonRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers: Record<string, string>;
  body?: string;
  /**
   * Called before each send of this request, with what the list holds: the request to send, or
   * undefined to skip the rest of the list and start it over.
   */
  setupRequest?(request: CannonRequest): CannonRequest | undefined;
  /** Called with each answer to this request. */
  onResponse?(status: number, body: string): void;
}

export interface CannonClient {
  /** The requests the connection sends in turn, over and over. */
  setRequests(requests: CannonRequest[]): void;
}

export interface CannonOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Seconds before a request counts as timed out. */
  timeout: number;
  /** Called once per connection: each gets its own requests (and so its own session). */
  setupClient(client: CannonClient): void;
}

export interface CannonResult {
  /** Milliseconds, of 2xx answers only. */
  latency: { p50: number; p99: number; max: number };
  requests: { total: number };
  /** Seconds. */
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Answers by status. */
  statusCodeStats: Record<string, { count: number }>;
}

export const autocannon = createRequire(import.meta.url)('autocannon') as (
  options: CannonOptions,
) => Promise<CannonResult>;

/** Requests that did not answer 2xx: non-2xx answers, errors and timeouts. */
export const failedOf = (result: CannonResult) => result.non2xx + result.errors + result.timeouts;
