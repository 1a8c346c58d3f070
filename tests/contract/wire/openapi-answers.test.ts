// Every answer the mock gives (each operation's success and each error status) is one
// docs/openapi.yaml promises, body, headers and all. One file: its last test checks that every
// documented answer was seen by the tests before it.
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from '../../../src/domain/market';
import { PERIODS } from '../../../src/domain/types';
import { documentedAnswers, documentedOperations, schemaErrors } from '../openapi';
import {
  createHolding,
  csrf,
  DEMO,
  get,
  loginAsDemo,
  plainSplit,
  post,
  registerFresh,
  resetLink,
  send,
  setCookie,
  startServer,
} from '../support';
import {
  ON_MOCK,
  call,
  concrete,
  itOnMock,
  offered,
  operationsWith,
  providerActions,
  seen,
  trade,
  valid,
  validCreate,
  withBody,
} from './openapi-calls';
import {
  cashAnswers,
  eventsAnswers,
  figuresAnswers,
  importsAnswers,
  pricesAnswers,
  suggestionsAnswers,
  taxYearAnswers,
} from './openapi-success';

/** Operations with a limiter of their own, whose 429 every backend gives. */
const THROTTLED = [
  '/api/v1/auth/login',
  '/api/v1/auth/forgot-password',
  '/api/v1/auth/reset-password',
];

describe('answers of the mock, as documented', () => {
  it('the session protocol: cookie, check, register, logout, login, 419', async () => {
    startServer();
    expect((await call('GET', '/sanctum/csrf-cookie')).status).toBe(204);
    expect((await call('GET', '/auth/check')).body).toEqual({ logged_in: false });
    expect((await call('POST', '/auth/register', { body: { name: ' ' } })).status).toBe(422);
    const account = { name: 'Open API', email: 'openapi@example.com', password: 'long-enough' };
    expect((await valid('POST', '/auth/register', account)).status).toBe(200);
    expect((await valid('POST', '/auth/logout')).status).toBe(204);
    const wrong = { email: account.email, password: 'wrong-password' };
    expect((await valid('POST', '/auth/login', wrong)).status).toBe(422);
    const login = { email: account.email, password: account.password };
    expect((await call('POST', '/auth/login', { body: login, xsrf: false })).status).toBe(419);
    expect((await valid('POST', '/auth/login', login)).status).toBe(200);
    expect((await call('GET', '/auth/check')).body).toEqual({ logged_in: true });
  });

  it('login is throttled after five failures: 429 with Retry-After', async () => {
    startServer();
    await csrf();
    const wrong = { email: DEMO.email, password: 'wrong-password' };
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await valid('POST', '/auth/login', wrong)).status).toBe(422);
    const locked = await valid('POST', '/auth/login', DEMO);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('Retry-After')).toBe('60');
  });

  it('remember me, and a password reset from its link, answer as documented', async () => {
    startServer();
    await csrf();
    expect((await valid('POST', '/auth/login', { ...DEMO, remember: true })).status).toBe(200);
    expect((await valid('POST', '/auth/forgot-password', { email: DEMO.email })).status).toBe(200);
    const link = new URL(await resetLink(DEMO.email), 'https://formue.example.com');
    const reset = {
      token: link.searchParams.get('token'),
      email: link.searchParams.get('email'),
      password: 'new-password',
      password_confirmation: 'new-password',
    };
    expect((await valid('POST', '/auth/reset-password', reset)).status).toBe(200);
    await csrf();
    // Used once: then it is refused, five times, and then throttled.
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await valid('POST', '/auth/reset-password', reset)).status).toBe(422);
    expect((await valid('POST', '/auth/reset-password', reset)).status).toBe(429);
    const unknown = { email: 'nobody@example.com' };
    for (let attempt = 0; attempt < 5; attempt++)
      expect((await valid('POST', '/auth/forgot-password', unknown)).status).toBe(200);
    expect((await valid('POST', '/auth/forgot-password', unknown)).status).toBe(429);
  });

  it('every operation answers as documented on success', async () => {
    // The Node server's synthetic market reports no splits or dividends: no suggestions there.
    startServer({ actions: providerActions });
    await valid('GET', '/sanctum/csrf-cookie');
    await valid('POST', '/auth/register', {
      name: 'Figures',
      email: 'figures@example.com',
      password: 'long-enough',
    });
    expect((await valid('GET', '/user')).status).toBe(200);
    const profile = { name: 'Renamed', email: 'figures@example.com', password: '' };
    expect((await valid('PUT', '/user', profile)).status).toBe(200);

    const portfolio = await valid(
      'POST',
      '/portfolios',
      { name: 'Tech' },
      { 'x-validate-only': '0' },
    );
    expect(portfolio.status).toBe(201);
    const portfolioId = portfolio.body.data.id as number;
    expect((await valid('PATCH', `/portfolios/${portfolioId}`, { name: 'Tech 2' })).status).toBe(
      200,
    );

    const investment = await valid('POST', '/investments', validCreate(portfolioId));
    expect(investment.status).toBe(201);
    const lenient = await valid('POST', '/investments', {
      investment: { portfolio_id: String(portfolioId), name: 'Novo' },
      instrument: { type: 'stock', isin: ' dk0062498333 ' },
      buy_event: { shares: '10', share_price: '100.5', fee: '', currency_code: 'DKK' },
    });
    expect(lenient.status).toBe(201);
    const id = investment.body.data.id as number;
    expect((await valid('PATCH', `/investments/${id}`, { name: 'Apple Inc.' })).status).toBe(200);
    const withListing = await valid('POST', '/investments', {
      ...validCreate(portfolioId),
      instrument: { type: 'stock', isin: 'US0378331005', listing: 'synthetic:US0378331005' },
    });
    expect(withListing.status).toBe(201);
    expect((await valid('DELETE', `/investments/${withListing.body.data.id}`)).status).toBe(204);

    await pricesAnswers(id);
    await suggestionsAnswers(portfolioId);
    const listed = await eventsAnswers(id);
    await importsAnswers(portfolioId, listed);
    await figuresAnswers(portfolioId, id);
    await taxYearAnswers(id);
    await cashAnswers(portfolioId);

    expect((await valid('DELETE', `/investments/${id}`)).status).toBe(204);
    expect((await valid('DELETE', `/portfolios/${portfolioId}`)).status).toBe(204);

    expect((await valid('GET', '/currencies')).body.currency_codes).toEqual(CURRENCIES);
    const search = await valid('GET', '/instruments?search=novo');
    expect(search.body.instruments[0].name).toBe('Novo Nordisk B');
    const check = await valid('POST', '/instruments/validate', { isin: 'BTC', type: 'crypto' });
    expect(check.body).toEqual({ valid: true });
    expect((await valid('POST', '/auth/logout')).status).toBe(204);
    await csrf();
    expect((await valid('POST', '/auth/login', DEMO)).status).toBe(200);
    if (ON_MOCK) expect((await valid('POST', '/demo/reset')).status).toBe(204);
    else {
      const absent = await send('POST', '/demo/reset');
      expect(absent.status).toBe(404);
      expect(schemaErrors('/components/schemas/RouteNotFoundError', absent.body)).toBeUndefined();
    }
  });

  it('the demo account’s figures, in every period', async () => {
    startServer();
    await loginAsDemo();
    const { portfolios } = (await valid('GET', '/portfolios')).body;
    const { investments } = (await valid('GET', '/investments')).body;
    expect(investments.length).toBeGreaterThan(5);
    for (const period of PERIODS) {
      setCookie('selected_period', period);
      await valid('GET', '/user/valuation');
      await valid('GET', '/user/chart');
      await valid('GET', '/portfolios');
      await valid('GET', '/investments');
      for (const { id } of portfolios) await valid('GET', `/portfolios/${id}/chart`);
      for (const { id } of investments) await valid('GET', `/investments/${id}/chart`);
    }
    for (const { id } of portfolios) await valid('GET', `/portfolios/${id}/stats`);
    for (const { id } of investments) await valid('GET', `/investments/${id}/stats`);
    expect((await valid('GET', '/investments/events')).body.events.length).toBeGreaterThan(20);
  });

  it('x-validate-only: 1 or true answers 200 {data: null} and creates nothing', async () => {
    startServer();
    await registerFresh();
    const { portfolioId, investmentId } = await createHolding();
    const only = { 'x-validate-only': '1' };
    const calls: Array<[string, unknown]> = [
      ['/portfolios', { name: 'Checked only' }],
      ['/investments', validCreate(portfolioId)],
      [`/investments/${investmentId}/events/buy`, trade],
      [`/investments/${investmentId}/events/sell`, trade],
      [`/investments/${investmentId}/events/dividend`, { amount: 5, currency_code: 'EUR' }],
      [`/investments/${investmentId}/events/split`, plainSplit(20)],
    ];
    for (const [path, body] of calls) {
      for (const headers of [only, { 'x-validate-only': 'true' }]) {
        const answer = await valid('POST', path, body, headers);
        expect(answer.status, path).toBe(200);
        expect(answer.body).toEqual({ data: null });
      }
    }
    expect((await get('/portfolios')).body.portfolios).toHaveLength(1);
    expect((await get('/investments/events')).body.events).toHaveLength(1);
  });

  it('every session-only operation answers 401 to a guest', async () => {
    startServer();
    await csrf();
    const operations = operationsWith(401);
    expect(operations.length).toBeGreaterThan(20);
    for (const [method, template] of operations) {
      const answer = await call(
        method,
        concrete(template, { portfolio: '1', investment: '1', event: '1' }),
        withBody(method, {}),
      );
      expect(answer.status, `${method} ${template}`).toBe(401);
    }
  });

  it('every state-changing operation answers 419 without the CSRF header', async () => {
    startServer();
    await registerFresh();
    const operations = operationsWith(419);
    expect(operations.length).toBeGreaterThan(10);
    for (const [method, template] of operations) {
      const path = concrete(template, { portfolio: '1', investment: '1', event: '1' });
      const answer = await call(method, path, withBody(method, {}, { xsrf: false }));
      expect(answer.status, `${method} ${template}`).toBe(419);
      expect(answer.body).toEqual({ message: 'CSRF token mismatch.' });
    }
  });

  it('every {id} operation answers 404 for an id that is not the user’s', async () => {
    startServer();
    await loginAsDemo();
    const demoIds = {
      portfolio: String((await get('/portfolios')).body.portfolios[0].id),
      investment: String((await get('/investments')).body.investments[0].id),
      event: String((await get('/investments/events')).body.events[0].id),
    };
    await post('/auth/logout');
    await registerFresh();
    const operations = operationsWith(404);
    expect(operations.length).toBe(31);
    for (const ids of [
      demoIds,
      { portfolio: '999999', investment: '999999', event: '999999' },
      { portfolio: 'x7', investment: '07', event: '-1' },
    ]) {
      for (const [method, template] of operations) {
        const answer = await call(method, concrete(template, ids), withBody(method, trade));
        expect(answer.status, `${method} ${template}`).toBe(404);
      }
    }
    // The literal /investments/events is not an {id}: PATCH on it reaches PATCH /investments/{id}.
    const answer = await call('PATCH', '/investments/events', { body: { name: 'x' } });
    expect(answer.body).toEqual({
      message: 'No query results for model [App\\Models\\Investment] events',
    });
  });

  it('every operation with input answers 422 to an empty body', async () => {
    startServer();
    await registerFresh();
    const { portfolioId, investmentId } = await createHolding();
    const event = String((await get('/investments/events')).body.events[0].id);
    const ids = { portfolio: String(portfolioId), investment: String(investmentId), event };
    // DELETE has no input: its 422 is a history that would break (see the success flow); GET's
    // input is its query, whose 422 the success flow sees.
    const operations = operationsWith(422).filter(
      ([method]) => method !== 'DELETE' && method !== 'GET',
    );
    expect(operations.length).toBe(23);
    for (const [method, template] of operations) {
      const answer = await call(method, concrete(template, ids), withBody(method, {}));
      expect(answer.status, `${method} ${template}`).toBe(422);
    }
  });

  it('ledger refusals are 422s on the field', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const events = `/investments/${investmentId}/events`;
    const tooMany = await valid('POST', `${events}/sell`, { ...trade, shares: 11 });
    expect(tooMany.body.errors).toEqual({
      shares: ['The shares field must not be greater than 10, the shares held.'],
    });
    const sold = await valid('POST', `${events}/split`, { ...plainSplit(20), sold_shares: 1 });
    expect(Object.keys(sold.body.errors)).toEqual(['sold_shares']);
    expect((await valid('POST', `${events}/sell`, { ...trade, shares: 10 })).status).toBe(201);
    const nothing = await valid('POST', `${events}/split`, plainSplit(20));
    expect(nothing.body.errors).toEqual({
      shares_after: ['The shares after field needs shares to split; 0 shares are held.'],
    });
  });

  it('the router answers 404 for unknown paths and 405 for other methods', async () => {
    startServer();
    await csrf();
    expect((await call('GET', '/no/such/thing')).status).toBe(404);
    expect((await call('GET', '/sanctum/no-such-route')).status).toBe(404);
    const patchList = await call('PATCH', '/portfolios');
    expect(patchList.status).toBe(405);
    expect(patchList.headers.get('Allow')).toBe('GET, POST, HEAD');
    expect((await call('PUT', '/portfolios/3')).status).toBe(405);
    expect((await call('POST', '/investments/events')).status).toBe(405);
  });

  itOnMock('every /api/v1 operation answers 429 while the API is throttled', async () => {
    const server = startServer();
    await loginAsDemo();
    server.faults.throttle(30);
    const operations = operationsWith(429);
    expect(operations.length).toBe(documentedOperations().length - 1);
    for (const [method, template] of operations) {
      const answer = await call(
        method,
        concrete(template, { portfolio: '1', investment: '1', event: '1' }),
        withBody(method, {}),
      );
      expect(answer.status, `${method} ${template}`).toBe(429);
      expect(answer.headers.get('Retry-After')).toBe('30');
    }
  });

  itOnMock('every operation answers 500 while the server fails', async () => {
    const server = startServer();
    await loginAsDemo();
    server.faults.fail();
    const operations = operationsWith(500);
    expect(operations.length).toBe(documentedOperations().length);
    for (const [method, template] of operations) {
      const answer = await call(
        method,
        concrete(template, { portfolio: '1', investment: '1', event: '1' }),
        withBody(method, {}),
      );
      expect(answer.status, `${method} ${template}`).toBe(500);
    }
  });

  // Counts the answers the tests above saw, so it runs last and with them (not alone with -t).
  it('every documented answer was seen above', () => {
    const faultOnly = (method: string, template: string, status: number) =>
      status === 500 || (status === 429 && !(method === 'POST' && THROTTLED.includes(template)));
    const expected = documentedAnswers()
      .filter(
        ([method, template, status]) =>
          offered(method, template) && (ON_MOCK || !faultOnly(method, template, status)),
      )
      .map(([method, template, status]) => `${method} ${template} ${status}`);
    const missing = [...expected, 'router 404', 'router 405'].filter((key) => !seen.has(key));
    expect(missing).toEqual([]);
  });
});
