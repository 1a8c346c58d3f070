// @vitest-environment jsdom
// The API client against a tiny Mirage server per test: headers on the wire, the 419 retry,
// error normalisation and the boundary decoders.
import { createServer, Response, type Request, type Server } from 'miragejs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, createHttp, type Api } from '../../src/api';
import { ApiError } from '../../src/api/errors';

type Handler = (request: Request) => Response | object;

let server: Server | undefined;
let api: Api;
const requests: Request[] = [];
/** "METHOD /path" of every request, in order. */
const calls: string[] = [];

function header(request: Request, name: string): string | undefined {
  const found = Object.entries(request.requestHeaders).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

function setToken(token: string): void {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(token)}; path=/`;
}

/** Mirage with the csrf-cookie route (token "tok+1=" unless told) and the given routes. */
function serve(routes: Record<string, Handler>, csrfToken = 'tok+1='): void {
  server = createServer({
    environment: 'test',
    logging: false,
    routes() {
      this.get('/sanctum/csrf-cookie', (_schema, request) => {
        requests.push(request);
        calls.push('GET /sanctum/csrf-cookie');
        setToken(csrfToken);
        return new Response(204, {}, '');
      });
      for (const [key, handle] of Object.entries(routes)) {
        const [method, path] = key.split(' ') as [
          'get' | 'post' | 'put' | 'patch' | 'delete',
          string,
        ];
        this[method](path, (_schema, request) => {
          requests.push(request);
          calls.push(`${method.toUpperCase()} ${new URL(request.url, 'http://x').pathname}`);
          return handle(request);
        });
      }
    },
  });
}

const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(status, { 'Content-Type': 'application/json', ...headers }, body);

/** Laravel's 419 for a missing or stale XSRF token. */
const csrfMismatch = () => json(419, { message: 'CSRF token mismatch.' });

/** A route that answers 201 with `data` only to the XSRF token "fresh", else 419. */
const freshTokenOnly =
  (data: object): Handler =>
  (request) =>
    header(request, 'x-xsrf-token') === 'fresh' ? json(201, { data }) : csrfMismatch();

/** A buy as typed, and the transaction the server answers it with. */
const BUY = { shares: 1, share_price: 1, fee: 0, currency_code: 'DKK' };
const EVENT = {
  id: 1,
  investment_id: 2,
  type: 'buy',
  stock_name: 'x',
  total_value: 1,
  stock_price: 1,
  shares: 1,
  date: '2026-01-01',
  from_shares: null,
  to_shares: null,
};

const PORTFOLIO = {
  id: 7,
  name: 'Pension',
  value: '1234.5000',
  change: '-1.25',
  changeRatio: '0.01',
  change_percentage: 1,
  investments: '3',
  positions: { lifetime: '10.5', realised: 0, unrealised: '10.5' },
};

beforeEach(() => {
  requests.length = 0;
  calls.length = 0;
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  api = createApi(createHttp({ origin: '' }));
});

afterEach(() => {
  server?.shutdown();
  server = undefined;
});

const paths = () => calls;

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

describe('decoding', () => {
  it('turns numeric strings into numbers and ids into strings', async () => {
    serve({ 'get /api/v1/portfolios': () => json(200, { portfolios: [PORTFOLIO] }) });
    const [portfolio] = await api.getPortfolios();
    expect(portfolio).toEqual({
      id: '7',
      name: 'Pension',
      value: 1234.5,
      change: -1.25,
      changeRatio: 0.01,
      change_percentage: 1,
      investments: 3,
      positions: { lifetime: 10.5, realised: 0, unrealised: 10.5 },
    });
  });

  it('decodes the instrument an investment holds, and an investment without one', async () => {
    const bare = { ...PORTFOLIO, id: 1, portfolio_id: 7, shares: '2' };
    const instrument = {
      type: 'stock',
      isin: 'IE00B4L5Y983',
      asset_class: 'fund',
      currency: 'EUR',
    };
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...bare, id: 2, instrument }, bare] }),
    });
    const [held, without] = await api.getInvestments();
    expect(held.instrument).toEqual(instrument);
    expect(without).not.toHaveProperty('instrument');
  });

  it('refuses an instrument of an unknown class', async () => {
    const instrument = { type: 'stock', isin: 'X', asset_class: 'bond', currency: 'EUR' };
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...PORTFOLIO, portfolio_id: 7, shares: 1, instrument }] }),
    });
    await expect(api.getInvestments()).rejects.toMatchObject({ kind: 'decode' });
  });

  it('matches event types case-insensitively', async () => {
    const event = {
      id: '3',
      investment_id: 2,
      type: 'BUY',
      stock_name: 'Apple',
      total_value: '100',
      stock_price: 50,
      shares: 2,
      date: '2026-01-01T00:00:00Z',
      from_shares: null,
      to_shares: null,
    };
    serve({ 'get /api/v1/investments/events': () => json(200, { events: [event] }) });
    const [decoded] = await api.getEvents();
    expect(decoded).toMatchObject({ id: '3', investment_id: '2', type: 'buy', total_value: 100 });
  });

  it('an unknown event type is NO SUCH TRANSACTION', async () => {
    serve({
      'post /api/v1/investments/2/events/buy': () =>
        json(201, { data: { ...EVENT, type: 'gift' } }),
    });
    await expect(api.createEvent('2', 'buy', BUY)).rejects.toMatchObject({
      kind: 'decode',
      message: 'NO SUCH TRANSACTION',
    });
  });

  it('a malformed answer is a decode error naming the field, never NaN', async () => {
    serve({
      'get /api/v1/portfolios': () => json(200, { portfolios: [{ ...PORTFOLIO, value: 'lots' }] }),
    });
    const error = (await api.getPortfolios().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('decode');
    expect(error.message).toContain('portfolios[0].value');
  });

  it('an answer without its key is a decode error', async () => {
    serve({ 'get /api/v1/user/chart': () => json(200, { points: [] }) });
    await expect(api.getChart('user')).rejects.toMatchObject({ kind: 'decode' });
  });

  it('chart paths follow the chart type', async () => {
    serve({
      'get /api/v1/user/chart': () =>
        json(200, { chart: [{ time: '2026-01-01T00:00:00Z', value: '5.5' }] }),
      'get /api/v1/portfolios/4/chart': () => json(200, { chart: [] }),
      'get /api/v1/investments/5/chart': () => json(200, { chart: [] }),
    });
    expect(await api.getChart('user')).toEqual([{ time: '2026-01-01T00:00:00Z', value: 5.5 }]);
    await api.getChart('portfolio', '4');
    await api.getChart('investment', '5');
    expect(paths()).toEqual([
      'GET /api/v1/user/chart',
      'GET /api/v1/portfolios/4/chart',
      'GET /api/v1/investments/5/chart',
    ]);
  });

  it('an unknown chart type is an error before any request', async () => {
    serve({});
    // @ts-expect-error -- an untyped caller's chart type
    await expect(api.getChart('planet', '1')).rejects.toThrow('Unknown valuable type');
    expect(requests).toHaveLength(0);
  });

  it('validateInstrument posts isin and type under /api/v1', async () => {
    serve({ 'post /api/v1/instruments/validate': () => json(200, { valid: false }) });
    expect(await api.validateInstrument('BTC', 'crypto')).toBe(false);
    expect(JSON.parse(requests[0].requestBody)).toEqual({ isin: 'BTC', type: 'crypto' });
  });

  it('updateUser sends PUT /user and decodes the user', async () => {
    serve({
      'put /api/v1/user': (request) =>
        json(200, { user: JSON.parse(request.requestBody) as object }),
    });
    expect(await api.updateUser({ name: 'A', email: 'a@b.c' })).toEqual({
      name: 'A',
      email: 'a@b.c',
    });
  });
});

describe('real prices', () => {
  const INVESTMENT = { ...PORTFOLIO, id: 5, portfolio_id: 7, shares: '10' };
  const QUOTE = {
    price: '190.12',
    currency: 'USD',
    price_dkk: 1301.55,
    date: '2026-11-24',
    source: 'yahoo',
  };

  it('decodes the quote an investment is valued at; without one there is none', async () => {
    serve({
      'get /api/v1/investments': () =>
        json(200, {
          investments: [
            { ...INVESTMENT, quote: QUOTE },
            { ...INVESTMENT, id: 6 },
          ],
        }),
    });
    const [quoted, bare] = await api.getInvestments();
    expect(quoted.quote).toEqual({ ...QUOTE, price: 190.12 });
    expect(bare).not.toHaveProperty('quote');
  });

  it('keeps a source it does not know, and refuses a quote that is no quote', async () => {
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...INVESTMENT, quote: { ...QUOTE, source: 'ecb' } }] }),
    });
    expect((await api.getInvestments())[0].quote?.source).toBe('ecb');
    server?.shutdown();
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...INVESTMENT, quote: { ...QUOTE, date: '24.11.2026' } }] }),
    });
    await expect(api.getInvestments()).rejects.toMatchObject({
      kind: 'decode',
      message: expect.stringContaining('investments[0].quote.date') as string,
    });
  });

  it('lists the prices of a range, newest first, with numbers from numeric strings', async () => {
    serve({
      'get /api/v1/investments/5/prices': () =>
        json(200, {
          prices: [
            { date: '2026-11-24', price: '612.4', currency_code: 'DKK', source: 'manual' },
            { date: '2026-11-23', price: 610, currency_code: 'DKK', source: 'yahoo' },
          ],
        }),
    });
    const calls = await api.prices();
    expect(await calls.getPrices('5', { from: '2026-10-25', to: '2026-11-24' })).toEqual([
      { date: '2026-11-24', price: 612.4, currency_code: 'DKK', source: 'manual' },
      { date: '2026-11-23', price: 610, currency_code: 'DKK', source: 'yahoo' },
    ]);
    expect(requests[0].url).toBe('/api/v1/investments/5/prices?from=2026-10-25&to=2026-11-24');
    await calls.getPrices('5');
    expect(requests[1].url).toBe('/api/v1/investments/5/prices');
  });

  it('types a price with the CSRF token; a refusal keeps its field errors', async () => {
    setToken('tok');
    const refusal = {
      message: 'The price field must be greater than 0.',
      errors: { price: ['The price field must be greater than 0.'] },
    };
    let refuse = false;
    serve({
      'post /api/v1/investments/5/prices': (request) =>
        refuse
          ? json(422, refusal)
          : json(201, {
              data: { ...(JSON.parse(request.requestBody) as object), source: 'manual' },
            }),
    });
    const calls = await api.prices();
    const payload = { date: '2026-11-24', price: 612.4, currency_code: 'DKK' };
    expect(await calls.addPrice('5', payload)).toEqual({ ...payload, source: 'manual' });
    expect(header(requests[0], 'x-xsrf-token')).toBe('tok');
    expect(JSON.parse(requests[0].requestBody)).toEqual(payload);
    refuse = true;
    await expect(calls.addPrice('5', { ...payload, price: 0 })).rejects.toMatchObject({
      status: 422,
      fieldErrors: refusal.errors,
    });
  });

  it('deletes the typed price of a day', async () => {
    serve({ 'delete /api/v1/investments/5/prices/:date': () => new Response(204, {}, '') });
    await (await api.prices()).deletePrice('5', '2026-11-24');
    expect(paths()).toEqual(['DELETE /api/v1/investments/5/prices/2026-11-24']);
  });

  it('lists the listings and chooses one, decoding the investment it answers with', async () => {
    const listing = {
      id: 'yahoo:NOVO-B.CO',
      symbol: 'NOVO-B.CO',
      name: 'Novo Nordisk B',
      exchange: 'Copenhagen',
      currency: null,
      selected: true,
    };
    serve({
      'get /api/v1/investments/5/listings': () => json(200, { listings: [listing] }),
      'put /api/v1/investments/5/listing': () =>
        json(200, { data: { ...INVESTMENT, quote: QUOTE } }),
    });
    const calls = await api.prices();
    expect(await calls.getListings('5')).toEqual([listing]);
    const changed = await calls.chooseListing('5', 'yahoo:NOVO-B.CO');
    expect(changed).toMatchObject({ id: '5', shares: 10, quote: { price: 190.12 } });
    expect(JSON.parse(requests[1].requestBody)).toEqual({ listing: 'yahoo:NOVO-B.CO' });
  });

  it('decodes both kinds of suggestion, refuses another, and dismisses one', async () => {
    const split = {
      kind: 'split',
      date: '2024-06-10',
      numerator: 10,
      denominator: 1,
      shares_before: '10',
      shares_after: 100,
    };
    const dividend = {
      kind: 'dividend',
      date: '2024-08-12',
      per_share: '0.25',
      currency_code: 'USD',
      shares: 100,
      amount: 25,
    };
    let suggestions: object[] = [split, dividend];
    serve({
      'get /api/v1/investments/5/suggestions': () => json(200, { suggestions }),
      'post /api/v1/investments/5/suggestions/dismiss': () => new Response(204, {}, ''),
    });
    const calls = await api.prices();
    expect(await calls.getSuggestions('5')).toEqual([
      { ...split, shares_before: 10 },
      { ...dividend, per_share: 0.25 },
    ]);
    await calls.dismissSuggestion('5', { kind: 'dividend', date: '2024-08-12' });
    expect(JSON.parse(requests[1].requestBody)).toEqual({ kind: 'dividend', date: '2024-08-12' });
    suggestions = [{ ...split, kind: 'merger' }];
    await expect(calls.getSuggestions('5')).rejects.toMatchObject({
      kind: 'decode',
      message: expect.stringContaining('suggestions[0].kind') as string,
    });
  });

  it('a backend without these calls answers 404, which stays a 404', async () => {
    serve({
      'get /api/v1/investments/5/prices': () => json(404, { message: 'Not Found' }),
    });
    await expect((await api.prices()).getPrices('5')).rejects.toMatchObject({ status: 404 });
  });
});
