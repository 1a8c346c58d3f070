// The server's guarded HTTP client: requests spread to the provider's rate and queued, typed
// errors for 429, 5xx, failures and timeouts, and a circuit breaker. Timers are simulated, so
// the tests assert order and counts, never durations.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guardedHttp, type GuardedHttpOptions } from '../../src/server/market/http';
import { marketError } from './provider-contract';

afterEach(() => {
  vi.useRealTimers();
});

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch that records calls and answers from `reply`. */
function fakeFetch(reply: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn((input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call = { url, init };
    calls.push(call);
    return Promise.resolve(reply(call));
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}

/** Runs a promise to its end under simulated timers, moving the clock as the throttle asks. */
async function settle<T>(promise: Promise<T>, stepMs = 1): Promise<T> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  while (!settled) await vi.advanceTimersByTimeAsync(stepMs);
  return promise;
}

const ok = () =>
  new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } });

function http(fetch: typeof globalThis.fetch, options: Partial<GuardedHttpOptions> = {}) {
  return guardedHttp({ name: 'test', requestsPerMinute: 60_000, fetch, ...options });
}

describe('rate limit', () => {
  it('never sends more than the minute’s rate: the rest queue in order, none refused', async () => {
    vi.useFakeTimers();
    const { calls, fetch } = fakeFetch(ok);
    const client = http(fetch, { requestsPerMinute: 2 });
    const done: string[] = [];
    const requests = ['a', 'b', 'c'].map((name) =>
      client({ url: `http://p.invalid/${name}` }).then(() => done.push(name)),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.url)).toEqual(['http://p.invalid/a', 'http://p.invalid/b']);
    await vi.advanceTimersByTimeAsync(59_000);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(requests);
    expect(calls).toHaveLength(3);
    expect(done).toEqual(['a', 'b', 'c']);
  });
});

describe('bursts', () => {
  // Up to six slices of the minute, each of at least four requests: a user's few calls go at once.
  it.each([
    { case: 'Yahoo: 30 a minute, five every 10 s', perMinute: 30, atOnce: 5, sliceMs: 10_000 },
    { case: 'CoinGecko: 12 a minute, four every 20 s', perMinute: 12, atOnce: 4, sliceMs: 20_000 },
  ])('$case: the rest wait for the next slice', async ({ perMinute, atOnce, sliceMs }) => {
    vi.useFakeTimers();
    const { calls, fetch } = fakeFetch(ok);
    const client = http(fetch, { requestsPerMinute: perMinute });
    const requests = Array.from({ length: atOnce + 2 }, (_, i) =>
      client({ url: `http://p.invalid/${i}` }),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(atOnce);
    await vi.advanceTimersByTimeAsync(sliceMs - 1_000);
    expect(calls).toHaveLength(atOnce);
    await vi.advanceTimersByTimeAsync(1_000);
    await Promise.all(requests);
    expect(calls).toHaveLength(atOnce + 2);
  });
});

describe('answers', () => {
  it('returns status, headers (any case) and text; passes method, headers, body and a signal', async () => {
    const { calls, fetch } = fakeFetch(
      () => new Response('nope', { status: 404, headers: { 'X-Thing': 'yes' } }),
    );
    const answer = await http(fetch)({
      url: 'http://p.invalid/x',
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[]',
    });
    expect(answer.status).toBe(404);
    expect(answer.text).toBe('nope');
    expect(answer.header('x-thing')).toBe('yes');
    expect(answer.header('X-THING')).toBe('yes');
    expect(answer.header('missing')).toBeUndefined();
    expect(calls[0].init).toMatchObject({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '[]',
    });
    expect(calls[0].init?.signal).toBeInstanceOf(AbortSignal);
  });

  it.each([
    ['30', 30_000],
    ['0', 0],
    ['Fri, 14 Mar 2025 12:00:45 GMT', 45_000],
    ['soon', undefined],
  ])('a 429 with Retry-After %j is rate-limited for %s ms', async (retryAfter, ms) => {
    const now = Date.parse('2025-03-14T12:00:00Z');
    const { fetch } = fakeFetch(
      () => new Response('', { status: 429, headers: { 'Retry-After': retryAfter } }),
    );
    const error = await marketError(http(fetch, { now: () => now })({ url: 'http://p.invalid/' }));
    expect(error.kind).toBe('rate-limited');
    expect(error.retryAfterMs).toBe(ms);
  });

  it('a 429 without Retry-After is rate-limited with no delay given', async () => {
    const { fetch } = fakeFetch(() => new Response('', { status: 429 }));
    const error = await marketError(http(fetch)({ url: 'http://p.invalid/' }));
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: undefined });
  });

  it.each([500, 502, 503])('a %i is unavailable', async (status) => {
    const { fetch } = fakeFetch(() => new Response('', { status }));
    expect((await marketError(http(fetch)({ url: 'http://p.invalid/' }))).kind).toBe('unavailable');
  });

  it('a refused connection is unavailable, after one more try, with its cause', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
    });
    const fetch = vi.fn(() => Promise.reject(new TypeError('fetch failed', { cause: refused })));
    const error = await marketError(http(fetch)({ url: 'http://p.invalid/' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toBe(
      'test: fetch failed (ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9)',
    );
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a GET whose connection closed before its answer is sent once more and answered', async () => {
    const closed = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    let calls = 0;
    const fetch = vi.fn(() =>
      ++calls === 1
        ? Promise.reject(new TypeError('fetch failed', { cause: closed }))
        : Promise.resolve(ok()),
    );
    const answer = await http(fetch)({
      url: 'http://p.invalid/',
    });
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('{"ok":true}');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('a POST whose connection failed is not sent again: it may have arrived', async () => {
    const fetch = vi.fn(() => Promise.reject(new TypeError('fetch failed')));
    const error = await marketError(
      http(fetch)({ url: 'http://p.invalid/', method: 'POST', body: '[]' }),
    );
    expect(error.kind).toBe('unavailable');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('no answer by the deadline aborts the request and is unavailable', async () => {
    vi.useFakeTimers();
    let aborted = false;
    const fetch = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => {
            aborted = true;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const pending = marketError(
      http(fetch as unknown as typeof globalThis.fetch, { timeoutMs: 10_000 })({
        url: 'http://p.invalid/',
      }),
    );
    await vi.advanceTimersByTimeAsync(9_999);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(aborted).toBe(true);
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/no answer within 10000 ms/);
  });
});

describe('circuit breaker', () => {
  it('opens after five failures in a row: the sixth request never reaches fetch', async () => {
    const { calls, fetch } = fakeFetch(() => new Response('', { status: 503 }));
    const client = http(fetch);
    for (let i = 0; i < 5; i++) await marketError(client({ url: 'http://p.invalid/' }));
    expect(calls).toHaveLength(5);
    const error = await marketError(client({ url: 'http://p.invalid/' }));
    expect(error.kind).toBe('unavailable');
    expect(error.message).toMatch(/circuit open/);
    expect(calls).toHaveLength(5);
  });

  it('requests queued while the breaker opens are refused without reaching fetch', async () => {
    vi.useFakeTimers();
    const { calls, fetch } = fakeFetch(() => new Response('', { status: 503 }));
    // One a minute: each waits its turn, and the breaker opens while the last three wait.
    const client = http(fetch, { requestsPerMinute: 1 });
    const errors = await settle(
      Promise.all(
        Array.from({ length: 8 }, () => marketError(client({ url: 'http://p.invalid/' }))),
      ),
      100_000,
    );
    expect(calls).toHaveLength(5);
    expect(errors.map((e) => e.kind)).toEqual(Array<string>(8).fill('unavailable'));
    expect(errors.slice(5).every((e) => /circuit open/.test(e.message))).toBe(true);
  });

  it('429s count as failures too', async () => {
    const { calls, fetch } = fakeFetch(() => new Response('', { status: 429 }));
    const client = http(fetch);
    for (let i = 0; i < 5; i++)
      expect((await marketError(client({ url: 'http://p.invalid/' }))).kind).toBe('rate-limited');
    expect((await marketError(client({ url: 'http://p.invalid/' }))).kind).toBe('unavailable');
    expect(calls).toHaveLength(5);
  });

  it('answers such as 404 are no failures, and a success resets the count', async () => {
    let status = 404;
    const { calls, fetch } = fakeFetch(() => new Response('', { status }));
    const client = http(fetch);
    for (let i = 0; i < 8; i++)
      expect((await client({ url: 'http://p.invalid/' })).status).toBe(404);
    status = 503;
    for (let i = 0; i < 4; i++) await marketError(client({ url: 'http://p.invalid/' }));
    status = 200;
    await client({ url: 'http://p.invalid/' });
    status = 503;
    for (let i = 0; i < 4; i++) await marketError(client({ url: 'http://p.invalid/' }));
    expect(calls).toHaveLength(8 + 4 + 1 + 4);
  });

  it('lets one request test the provider after the pause, and closes again on success', async () => {
    vi.useFakeTimers();
    let status = 503;
    const { calls, fetch } = fakeFetch(() => new Response('', { status }));
    const client = http(fetch, { halfOpenAfterMs: 60_000 });
    const request = () => client({ url: 'http://p.invalid/' });
    for (let i = 0; i < 5; i++) await settle(marketError(request()));
    await settle(marketError(request()));
    expect(calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(59_000);
    expect((await settle(marketError(request()))).message).toMatch(/circuit open/);
    expect(calls).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(1_000);
    status = 200;
    expect((await settle(request())).status).toBe(200);
    expect((await settle(request())).status).toBe(200);
    expect(calls).toHaveLength(7);
  });
});
