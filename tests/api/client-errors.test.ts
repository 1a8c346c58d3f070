// @vitest-environment jsdom
// The API client against a tiny Mirage server per test: errors, normalised once, and an address
// that is not the Formue API.
import { Response, type Request } from 'miragejs';
import { describe, expect, it, vi } from 'vitest';
import { createApi, createHttp } from '../../src/api';
import { ApiError } from '../../src/api/errors';
import { api, json, serve, server, fakeApiPerTest } from './fake-api';

fakeApiPerTest();

describe('errors', () => {
  it('401 calls the listener and still rejects with the session message', async () => {
    serve({ 'get /api/v1/portfolios': () => json(401, { message: 'Unauthenticated.' }) });
    const listener = vi.fn();
    const unsubscribe = api.onUnauthenticated(listener);
    await expect(api.getPortfolios()).rejects.toMatchObject({
      kind: 'http',
      status: 401,
      message: 'Your session has expired. Please log in again.',
    });
    expect(listener).toHaveBeenCalledOnce();
    unsubscribe();
    await expect(api.getPortfolios()).rejects.toBeInstanceOf(ApiError);
    expect(listener).toHaveBeenCalledOnce();
  });

  it('422 keeps the dot keys of the field errors and the server text', async () => {
    serve({
      'post /api/v1/investments': () =>
        json(422, {
          message: 'The buy event.shares field is required. (and 1 more error)',
          errors: {
            'buy_event.shares': ['The buy event.shares field is required.'],
            'investment.name': ['The investment.name field is required.'],
          },
        }),
    });
    const error = (await api
      .createInvestment(
        {
          investment: { portfolio_id: '1', name: '' },
          instrument: { type: 'stock', isin: 'US0378331005' },
          buy_event: { shares: 0, share_price: 1, fee: 0, currency_code: 'DKK' },
        },
        { validateOnly: true },
      )
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.message).toBe('The buy event.shares field is required. (and 1 more error)');
    expect(error.fieldErrors).toEqual({
      'buy_event.shares': ['The buy event.shares field is required.'],
      'investment.name': ['The investment.name field is required.'],
    });
  });

  it('429 carries Retry-After in seconds and says when to try again', async () => {
    serve({
      'get /api/v1/user/valuation': () =>
        json(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '12' }),
    });
    await expect(api.getValuation()).rejects.toMatchObject({
      status: 429,
      retryAfter: 12,
      message: 'Too many requests. Try again in 12 seconds.',
    });
  });

  it('5xx never shows debug fields', async () => {
    serve({
      'get /api/v1/user': () =>
        json(500, {
          message: 'SQLSTATE[HY000] secret',
          exception: 'PDOException',
          file: '/var/www',
          trace: [],
        }),
    });
    const error = (await api.getUser().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(500);
    expect(error.message).toBe('The server had a problem. Please try again in a moment.');
    expect(error.message).not.toContain('SQLSTATE');
  });

  it('404 has its own message', async () => {
    serve({
      'get /api/v1/portfolios/9/stats': () => json(404, { message: 'No query results for model' }),
    });
    await expect(api.getPortfolioStats('9')).rejects.toMatchObject({
      status: 404,
      message: 'Not found. It may have been deleted.',
    });
  });

  function dropConnection(request: Request): Response {
    const xhr = request as unknown as { onerror?: () => void; onload?: (() => void) | null };
    const onerror = xhr.onerror;
    xhr.onload = null;
    onerror?.call(xhr);
    return new Response(500, {}, {});
  }

  it('a dropped connection while the browser is offline says so', async () => {
    serve({ 'get /api/v1/currencies': dropConnection });
    const offline = createApi(createHttp({ origin: '', isOnline: () => false }));
    await expect(offline.getCurrencies()).rejects.toMatchObject({
      kind: 'network',
      message: 'You appear to be offline. Check your connection and try again.',
    });
  });

  it('a dropped connection while the browser is online names the server it cannot reach', async () => {
    serve({ 'get /api/v1/currencies': dropConnection });
    const online = createApi(createHttp({ origin: '', isOnline: () => true }));
    // The API shares the page's origin here, so the message names that.
    await expect(online.getCurrencies()).rejects.toMatchObject({
      kind: 'network',
      message: `Formue cannot reach the server at ${location.origin}. Check that it is running and try again.`,
    });
  });
});

describe('an address that is not the Formue API', () => {
  const html = (status: number) =>
    new Response(status, { 'Content-Type': 'text/html; charset=utf-8' }, '<!doctype html><p>Hi');
  const foreign = {
    kind: 'foreign',
    message: `${location.origin} does not answer like the Formue API. Check the API address.`,
  };

  it.each([
    ['a 404 web page', html(404)],
    ['a 404 in plain text', new Response(404, { 'Content-Type': 'text/plain' }, 'Not Found')],
    ['a 404 in JSON that is not Laravel’s', json(404, { error: 'not_found' })],
    ['a 405 web page (a static host refusing POST)', html(405)],
    ['a 200 web page (index.html for every path)', html(200)],
  ])('%s is a wrong address, not "not found"', async (_case, answer) => {
    serve({ 'post /api/v1/auth/login': () => answer });
    await expect(api.login({ email: 'a@b.c', password: 'secret123' })).rejects.toMatchObject(
      foreign,
    );
  });

  it('a 401 web page neither retries nor ends the session', async () => {
    serve({ 'get /api/v1/auth/check': () => html(401) });
    const listener = vi.fn();
    api.onUnauthenticated(listener);
    await expect(api.checkAuth()).rejects.toMatchObject(foreign);
    expect(listener).not.toHaveBeenCalled();
  });

  it("a 5xx or 429 page from a proxy in front of the API keeps the API's message", async () => {
    serve({ 'get /api/v1/user': () => html(502), 'get /api/v1/currencies': () => html(429) });
    await expect(api.getUser()).rejects.toMatchObject({
      kind: 'http',
      message: 'The server had a problem. Please try again in a moment.',
    });
    await expect(api.getCurrencies()).rejects.toMatchObject({
      kind: 'http',
      message: 'Too many requests. Try again later.',
    });
  });

  it('a CSRF cookie answered by a web page only warns, naming the address', async () => {
    serve({});
    server!.get('/sanctum/csrf-cookie', () => html(200));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await api.initCsrf();
    expect(warn).toHaveBeenCalledWith(
      'Formue: could not fetch the CSRF cookie',
      expect.objectContaining(foreign),
    );
    warn.mockRestore();
  });
});
