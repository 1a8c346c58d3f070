// Sanctum's SPA protocol and the mock's faults, on the wire.
import { describe, expect, it } from 'vitest';
import { FetchError } from 'ofetch';
import {
  cookie,
  csrf,
  get,
  loginAsDemo,
  NOW,
  post,
  send,
  startServer,
  itMock,
  describeMock,
} from '../support';

describe('CSRF cookie', () => {
  itMock('answers 204 and sets a URL-encoded XSRF-TOKEN cookie', async () => {
    startServer();
    const answer = await get('/sanctum/csrf-cookie');
    expect(answer.status).toBe(204);
    const raw = document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='));
    expect(raw).toBeDefined();
    expect(cookie('XSRF-TOKEN')).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(raw).not.toContain('=='); // '=' and '+' arrive encoded
  });

  it('refuses a state-changing call without the header with 419', async () => {
    startServer();
    await csrf();
    const answer = await send('POST', '/auth/login', {
      body: { email: 'demo@example.com', password: 'demo1234' },
      xsrf: false,
    });
    expect(answer.status).toBe(419);
    expect(answer.body).toEqual({ message: 'CSRF token mismatch.' });
  });

  it('refuses a header that does not match the cookie with 419', async () => {
    startServer();
    await csrf();
    const answer = await send('POST', '/auth/login', {
      body: { email: 'demo@example.com', password: 'demo1234' },
      headers: { 'X-XSRF-TOKEN': 'forged' },
      xsrf: false,
    });
    expect(answer.status).toBe(419);
  });

  it('rotates the token at login and logout', async () => {
    startServer();
    await csrf();
    const before = cookie('XSRF-TOKEN');
    expect(
      (await post('/auth/login', { email: 'demo@example.com', password: 'demo1234' })).status,
    ).toBe(200);
    const afterLogin = cookie('XSRF-TOKEN');
    expect(afterLogin).not.toBe(before);
    expect((await post('/auth/logout')).status).toBe(204);
    expect(cookie('XSRF-TOKEN')).not.toBe(afterLogin);
  });
});

describe('session', () => {
  it('auth/check is public and tells whether the session is logged in', async () => {
    startServer();
    expect((await get('/auth/check')).body).toEqual({ logged_in: false });
    await loginAsDemo();
    expect((await get('/auth/check')).body).toEqual({ logged_in: true });
    await post('/auth/logout');
    expect((await get('/auth/check')).body).toEqual({ logged_in: false });
  });

  it.each([
    '/user',
    '/user/valuation',
    '/user/chart',
    '/portfolios',
    '/investments',
    '/investments/events',
    '/currencies',
  ])('GET %s without a session answers 401', async (path) => {
    startServer();
    const answer = await get(path);
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('a state-changing call with a valid token but no session answers 401', async () => {
    startServer();
    await csrf();
    const answer = await post('/portfolios', { name: 'Nope' });
    expect(answer.status).toBe(401);
  });
});

describeMock('faults', () => {
  it('expireSession: the next GET answers 401', async () => {
    const server = startServer();
    await loginAsDemo();
    server.faults.expireSession();
    expect((await get('/portfolios')).status).toBe(401);
  });

  it('expireSession: the next state-changing call answers 419, and after a new cookie 401', async () => {
    const server = startServer();
    await loginAsDemo();
    server.faults.expireSession();
    expect((await post('/portfolios', { name: 'Lost' })).status).toBe(419);
    await csrf();
    expect((await post('/portfolios', { name: 'Lost' })).status).toBe(401);
  });

  it('throttle: 429 with Retry-After until the time has passed', async () => {
    let now = NOW;
    const server = startServer({ now: () => now });
    await loginAsDemo();
    server.faults.throttle(30);
    const answer = await get('/portfolios');
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ message: 'Too Many Attempts.' });
    expect(answer.headers.get('Retry-After')).toBe('30');
    now += 20_000;
    expect((await get('/portfolios')).headers.get('Retry-After')).toBe('10');
    now += 10_000;
    expect((await get('/portfolios')).status).toBe(200);
  });

  it('fail: 500 Server Error until cleared', async () => {
    const server = startServer();
    await loginAsDemo();
    server.faults.fail();
    const answer = await get('/portfolios');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ message: 'Server Error' });
    server.faults.clear();
    expect((await get('/portfolios')).status).toBe(200);
  });

  it('offline: a network error, no answer at all', async () => {
    const server = startServer();
    await loginAsDemo();
    server.faults.offline();
    const error: unknown = await get('/portfolios').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FetchError);
    expect((error as FetchError).status).toBeUndefined();
    server.faults.clear();
    expect((await get('/portfolios')).status).toBe(200);
  });

  it('latency delays answers by the given time', async () => {
    const server = startServer();
    server.faults.latency(120);
    const started = performance.now();
    await get('/auth/check');
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(server.faults.state().latency).toBe(120);
  });
});

it('an unknown /sanctum route answers 404 as Laravel does, never a pass-through', async () => {
  startServer();
  const answer = await get('/sanctum/no-such-route');
  expect(answer.status).toBe(404);
  expect(answer.body).toEqual({ message: 'The route sanctum/no-such-route could not be found.' });
});

describe('paths no route serves', () => {
  it('an unknown /api/v1 path answers 404 as Laravel does', async () => {
    startServer();
    const answer = await get('/no/such/thing');
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ message: 'The route api/v1/no/such/thing could not be found.' });
  });

  it('a known path with another method answers 405 naming the methods it has', async () => {
    startServer();
    await csrf();
    const answer = await send('PUT', '/portfolios/3');
    expect(answer.status).toBe(405);
    expect(answer.body).toEqual({
      message:
        'The PUT method is not supported for route api/v1/portfolios/3. Supported methods: PATCH, DELETE.',
    });
    const onList = await send('PUT', '/portfolios');
    expect(onList.body).toEqual({
      message:
        'The PUT method is not supported for route api/v1/portfolios. Supported methods: GET, POST, HEAD.',
    });
  });
});

describe('request bodies', () => {
  it('reads only a JSON content type as JSON: a text/plain body is no input', async () => {
    startServer();
    await loginAsDemo();
    const body = JSON.stringify({ name: 'Plain' });
    const plain = await send('POST', '/portfolios', {
      body,
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    });
    expect(plain.status).toBe(422);
    expect(plain.body.errors).toEqual({ name: ['The name field is required.'] });
    const sent = await send('POST', '/portfolios', {
      body,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(sent.status).toBe(201);
  });
});
