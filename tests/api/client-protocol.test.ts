// @vitest-environment jsdom
// The API client against a tiny Mirage server per test: headers on the wire, the Idempotency-Key
// and the 419 retry.
import { Response } from 'miragejs';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/errors';
import {
  BUY,
  EVENT,
  type Handler,
  PORTFOLIO,
  api,
  calls,
  header,
  json,
  paths,
  requests,
  serve,
  server,
  setToken,
  fakeApiPerTest,
} from './fake-api';

/** Laravel's 419 for a missing or stale XSRF token. */
const csrfMismatch = () => json(419, { message: 'CSRF token mismatch.' });

/** A route that answers 201 with `data` only to the XSRF token "fresh", else 419. */
const freshTokenOnly =
  (data: object): Handler =>
  (request) =>
    header(request, 'x-xsrf-token') === 'fresh' ? json(201, { data }) : csrfMismatch();

fakeApiPerTest();

describe('headers', () => {
  it('sends the Sanctum headers, the decoded XSRF token and x-validate-only', async () => {
    serve({ 'post /api/v1/portfolios': () => json(201, { data: PORTFOLIO }) });
    setToken('abc+/=');
    await api.createPortfolio({ name: 'Pension' }, { validateOnly: true });
    const [request] = requests;
    expect(header(request, 'x-xsrf-token')).toBe('abc+/=');
    expect(header(request, 'x-validate-only')).toBe('1');
    expect(header(request, 'x-requested-with')).toBe('XMLHttpRequest');
    expect(header(request, 'accept')).toBe('application/json');
    expect(JSON.parse(request.requestBody)).toEqual({ name: 'Pension' });
  });

  it('sends x-validate-only: 0 for a real create', async () => {
    serve({ 'post /api/v1/portfolios': () => json(201, { data: PORTFOLIO }) });
    await api.createPortfolio({ name: 'Pension' }, { validateOnly: false });
    expect(header(requests[0], 'x-validate-only')).toBe('0');
  });

  it('sends no XSRF header on a GET', async () => {
    serve({ 'get /api/v1/auth/check': () => json(200, { logged_in: true }) });
    setToken('abc');
    expect(await api.checkAuth()).toBe(true);
    expect(header(requests[0], 'x-xsrf-token')).toBeUndefined();
  });

  it('reads the token right before each call, so a rotated token is used', async () => {
    serve({ 'post /api/v1/auth/logout': () => new Response(204, {}, '') });
    setToken('first');
    await api.logout();
    setToken('second');
    await api.logout();
    expect(requests.map((r) => header(r, 'x-xsrf-token'))).toEqual(['first', 'second']);
  });
});

describe('Idempotency-Key', () => {
  const KEY = '0b6f5a52-3c4e-4d1a-9f1e-2b7c8d9e0f11';

  it('goes with a create that has one, never with a validation', async () => {
    serve({
      'post /api/v1/portfolios': () => json(201, { data: PORTFOLIO }),
      'post /api/v1/investments/2/events/buy': () => json(201, { data: EVENT }),
    });
    await api.createPortfolio({ name: 'Pension' }, { validateOnly: false, idempotencyKey: KEY });
    await api.createPortfolio({ name: 'Pension' }, { validateOnly: true, idempotencyKey: KEY });
    await api.createPortfolio({ name: 'Pension' }, { validateOnly: false });
    await api.createEvent('2', 'buy', BUY, { idempotencyKey: KEY });
    await api.createEvent('2', 'buy', BUY);
    expect(requests.map((r) => header(r, 'idempotency-key'))).toEqual([
      KEY,
      undefined,
      undefined,
      KEY,
      undefined,
    ]);
  });

  it('reads a repeated create answered without a body as created but not shown', async () => {
    serve({
      'post /api/v1/portfolios': () => new Response(201, {}, ''),
      'post /api/v1/investments': () => new Response(201, {}, ''),
    });
    const options = { validateOnly: false, idempotencyKey: KEY };
    expect(await api.createPortfolio({ name: 'Pension' }, options)).toBeNull();
    expect(
      await api.createInvestment(
        {
          investment: { portfolio_id: '1', name: 'Novo' },
          instrument: { type: 'stock', isin: 'DK0062498333' },
          buy_event: { shares: 1, share_price: 1, fee: 0, currency_code: 'DKK' },
        },
        options,
      ),
    ).toBeNull();
  });

  it('goes with a new investment and a typed price', async () => {
    serve({
      'post /api/v1/investments': () => json(201, { data: null }),
      'post /api/v1/investments/5/prices': (request) =>
        json(201, { data: { ...(JSON.parse(request.requestBody) as object), source: 'manual' } }),
    });
    const payload = {
      investment: { portfolio_id: '1', name: 'Apple' },
      instrument: { type: 'stock' as const, isin: 'US0378331005' },
      buy_event: { date: '2026-01-02', shares: 1, share_price: 1, fee: 0, currency_code: 'USD' },
    };
    await api.createInvestment(payload, { validateOnly: false, idempotencyKey: KEY });
    const price = { date: '2026-11-24', price: 612.4, currency_code: 'DKK' };
    await (await api.prices()).addPrice('5', price, { idempotencyKey: KEY });
    await (await api.prices()).addPrice('5', price);
    expect(requests.map((r) => header(r, 'idempotency-key'))).toEqual([KEY, KEY, undefined]);
  });

  it("is sent again with the client's retry after a 419", async () => {
    serve(
      {
        'post /api/v1/investments/2/events/buy': freshTokenOnly(EVENT),
      },
      'fresh',
    );
    setToken('stale');
    await api.createEvent('2', 'buy', BUY, { idempotencyKey: KEY });
    expect(paths()).toEqual([
      'POST /api/v1/investments/2/events/buy',
      'GET /sanctum/csrf-cookie',
      'POST /api/v1/investments/2/events/buy',
    ]);
    expect(requests.map((r) => header(r, 'idempotency-key'))).toEqual([KEY, undefined, KEY]);
  });
});

describe('CSRF', () => {
  it('initCsrf fetches /sanctum/csrf-cookie outside the base path', async () => {
    serve({});
    await api.initCsrf();
    expect(paths()).toEqual(['GET /sanctum/csrf-cookie']);
  });

  it('initCsrf only logs a failure', async () => {
    serve({});
    server!.get('/sanctum/csrf-cookie', () => json(500, { message: 'Server Error' }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await expect(api.initCsrf()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });

  it('on 419 fetches the cookie and retries once with the new token (exactly two POSTs)', async () => {
    let posts = 0;
    serve(
      {
        'post /api/v1/portfolios': (request) => {
          posts += 1;
          return freshTokenOnly(PORTFOLIO)(request);
        },
      },
      'fresh',
    );
    setToken('stale');
    const created = await api.createPortfolio({ name: 'Pension' }, { validateOnly: false });
    expect(created?.id).toBe('7');
    expect(posts).toBe(2);
    expect(paths()).toEqual([
      'POST /api/v1/portfolios',
      'GET /sanctum/csrf-cookie',
      'POST /api/v1/portfolios',
    ]);
  });

  it('a second 419 is not retried again: it rejects and tells the 401 listener', async () => {
    serve({ 'post /api/v1/portfolios': csrfMismatch });
    const listener = vi.fn();
    api.onUnauthenticated(listener);
    const error = await api
      .createPortfolio({ name: 'x' }, { validateOnly: false })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(419);
    expect(calls.filter((c) => c.startsWith('POST'))).toHaveLength(2);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('a change sent while the cookie is on its way waits for it: one POST, with its token', async () => {
    serve({ 'post /api/v1/portfolios': freshTokenOnly(PORTFOLIO) });
    // The cookie arrives with the answer, a moment after the change was asked for.
    server!.get(
      '/sanctum/csrf-cookie',
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => {
            calls.push('GET /sanctum/csrf-cookie');
            setToken('fresh');
            resolve(new Response(204, {}, ''));
          }, 20),
        ),
    );
    const fetching = api.initCsrf();
    const created = await api.createPortfolio({ name: 'Pension' }, { validateOnly: false });
    await fetching;
    expect(created?.id).toBe('7');
    expect(paths()).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/v1/portfolios']);
  });

  it('concurrent 419s share one cookie fetch', async () => {
    serve(
      {
        'post /api/v1/portfolios': freshTokenOnly(PORTFOLIO),
      },
      'fresh',
    );
    setToken('stale');
    await Promise.all([
      api.createPortfolio({ name: 'a' }, { validateOnly: false }),
      api.createPortfolio({ name: 'b' }, { validateOnly: false }),
      api.createPortfolio({ name: 'c' }, { validateOnly: false }),
    ]);
    expect(paths().filter((p) => p === 'GET /sanctum/csrf-cookie')).toHaveLength(1);
    expect(paths().filter((p) => p === 'POST /api/v1/portfolios')).toHaveLength(6);
  });
});
