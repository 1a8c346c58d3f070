// The server's HttpClient for market-data providers, one per provider: requests are spread to
// the provider's rate (queued, never refused), each has a deadline, and a circuit breaker stops
// calling a provider that keeps failing. The one place in src/server that calls fetch.
import pThrottle from 'p-throttle';
import {
  ConsecutiveBreaker,
  TimeoutStrategy,
  circuitBreaker,
  handleWhen,
  isBrokenCircuitError,
  isIsolatedCircuitError,
  timeout,
} from 'cockatiel';
import {
  MarketDataError,
  type HttpClient,
  type HttpRequest,
  type HttpResponse,
} from '../../market/port';
import { transientError } from '../../market/providers/answers';

export interface GuardedHttpOptions {
  /** The provider, for messages ("yahoo: circuit open"). */
  name: string;
  /** Never more in a minute; spread in slices, 30 a minute is five every 10 s. */
  requestsPerMinute: number;
  /** Deadline per request, answer body included. */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  /** The clock, for Retry-After given as a date. */
  now?: () => number;
  /** Consecutive failures (429, 5xx, no answer) that open the breaker. */
  failuresToOpen?: number;
  /** How long the breaker stays open before one request may test the provider again. */
  halfOpenAfterMs?: number;
}

/** The error's message, with its cause's when it has one: fetch's own says only "fetch failed". */
function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const { cause } = error;
  if (!(cause instanceof Error)) return error.message;
  const code = 'code' in cause && typeof cause.code === 'string' ? `${cause.code}: ` : '';
  return `${error.message} (${code}${cause.message})`;
}

export function guardedHttp({
  name,
  requestsPerMinute,
  timeoutMs = 10_000,
  fetch = globalThis.fetch,
  now = Date.now,
  failuresToOpen = 5,
  halfOpenAfterMs = 60_000,
}: GuardedHttpOptions): HttpClient {
  if (!(requestsPerMinute > 0)) throw new RangeError('requestsPerMinute must be positive');
  // Only what says "the provider is in trouble" counts; a 404 is an answer.
  const breaker = circuitBreaker(
    handleWhen(
      (error) =>
        error instanceof MarketDataError &&
        (error.kind === 'unavailable' || error.kind === 'rate-limited'),
    ),
    { halfOpenAfter: halfOpenAfterMs, breaker: new ConsecutiveBreaker(failuresToOpen) },
  );
  const deadline = timeout(timeoutMs, TimeoutStrategy.Cooperative);
  // The minute's requests in up to six slices of at least four: a user's few calls (search,
  // ranking, history, quote) go at once, while a backlog is spread out rather than sent in a
  // burst the provider would refuse.
  const slices = Math.min(6, Math.max(1, Math.floor(requestsPerMinute / 4)));
  const throttle = pThrottle({
    limit: Math.max(1, Math.floor(requestsPerMinute / slices)),
    interval: Math.ceil(60_000 / slices),
  });

  // The breaker may open while admitted requests wait their turn in the throttle: counting the
  // breaks lets each one see whether it opened since it was let in.
  let breaks = 0;
  breaker.onBreak(() => {
    breaks += 1;
  });

  const send = throttle(async (request: HttpRequest, admitted: number): Promise<HttpResponse> => {
    if (breaks !== admitted) {
      throw new MarketDataError('unavailable', `${name}: circuit open after repeated failures`);
    }
    return deadline.execute(async ({ signal }) => {
      const method = request.method ?? 'GET';
      const attempt = async (): Promise<HttpResponse> => {
        const response = await fetch(request.url, {
          method,
          headers: request.headers,
          body: request.body,
          signal,
        });
        // Read inside the deadline: the policy aborts the signal once this function returns.
        const text = await response.text();
        return {
          status: response.status,
          header: (header) => response.headers.get(header) ?? undefined,
          text,
        };
      };
      let answer: HttpResponse;
      try {
        // A GET whose connection failed before an answer (a kept-alive socket the provider had
        // just closed) is sent once more, within the same deadline.
        answer = await attempt().catch((error: unknown) => {
          if (signal.aborted || method !== 'GET') throw error;
          return attempt();
        });
      } catch (error) {
        const why = signal.aborted ? `no answer within ${timeoutMs} ms` : messageOf(error);
        throw new MarketDataError('unavailable', `${name}: ${why}`);
      }
      const transient = transientError(name, answer, now());
      if (transient) throw transient;
      return answer;
    });
  });

  return async (request) => {
    try {
      return await breaker.execute(() => send(request, breaks));
    } catch (error) {
      if (error instanceof MarketDataError) throw error;
      if (isBrokenCircuitError(error) || isIsolatedCircuitError(error)) {
        throw new MarketDataError('unavailable', `${name}: circuit open after repeated failures`);
      }
      throw new MarketDataError('unavailable', `${name}: ${messageOf(error)}`);
    }
  };
}
