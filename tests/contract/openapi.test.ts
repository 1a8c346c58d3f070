// @vitest-environment jsdom
// docs/openapi.yaml against the contract: the document is sound, it lists exactly the contract's
// routes, and every answer the mock gives (each operation's success and each error status) is
// one the document promises, body, headers and all.
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import type { ProviderAction } from '../../src/contract/market';
import { syntheticMarket } from '../../src/contract/synthetic-market';
import { createContract } from '../../src/contract/kernel';
import { summarise } from '../../src/contract/validation';
import { MAX_NAME } from '../../src/domain/names';
import { MAX_QUANTITY as MAX_NUMBER } from '../../src/domain/numbers';
import { MIN_PASSWORD } from '../../src/domain/requests';
import { CURRENCIES } from '../../src/domain/market';
import { PRICE_SOURCES } from '../../src/market/port';
import { INSTRUMENT_TYPES, PERIODS, TRANSACTION_TYPES } from '../../src/domain/types';
import { MemoryStore } from '../../src/mock-server/memory-store';
import { emptyTables } from '../../src/mock-server/memory/tables';
import { demoHasher, randomToken, tokenDigest } from '../../src/mock-server/secrets';
import {
  assertDocumented,
  assertDocumentedRequest,
  documentedAnswers,
  documentedOperations,
  openApiDocument,
  resolvePointer,
  routeOf,
  schemaErrors,
} from './openapi';
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
} from './support';

type Method = Parameters<typeof send>[0];
type Options = NonNullable<Parameters<typeof send>[2]>;

/** Fault switches (429 and 500 on every call) exist in the mock only. */
const ON_MOCK = process.env.FORMUE_BACKEND !== 'server';
const itOnMock = ON_MOCK ? it : it.skip;
/** Only the mock can restore demo data: elsewhere POST /demo/reset is no route (404). */
const offered = (method: string, template: string) =>
  ON_MOCK || !(method === 'POST' && template === '/api/v1/demo/reset');

const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `method template status` of every answer seen, for the coverage check at the end. */
const seen = new Set<string>();

const fullPath = (path: string) => (path.startsWith('/sanctum') ? path : `/api/v1${path}`);
/** A documented template's path as `send` takes it (without /api/v1). */
const sendPath = (path: string) => path.replace(/^\/api\/v1(?=\/)/, '');

/** The options of a call with this body, which GET cannot carry. */
const withBody = (method: Method, body: unknown, extra: Options = {}): Options =>
  method === 'GET' ? extra : { ...extra, body };

/** One call, its answer checked against the document and recorded. */
async function call(method: Method, path: string, options: Options = {}) {
  const answer = await send(method, path, options);
  const full = fullPath(path);
  assertDocumented({
    method,
    path: full,
    status: answer.status,
    body: answer.body,
    headers: answer.headers,
  });
  const route = routeOf(method, full);
  seen.add(
    route.method === undefined
      ? `router ${answer.status}`
      : `${route.method} ${route.template} ${answer.status}`,
  );
  return answer;
}

/** A call whose payload must be one the document describes as valid. */
async function valid(
  method: Method,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  assertDocumentedRequest({ method, path: fullPath(path), body });
  return call(method, path, { body, headers });
}

/** Every documented operation with this status, as [method, template]. */
function operationsWith(status: number): Array<[Method, string]> {
  return documentedAnswers()
    .filter(([method, template, documented]) => documented === status && offered(method, template))
    .map(([method, template]): [Method, string] => [method as Method, template]);
}

/** A template's concrete path, `{id}` being the portfolio's or investment's id given. */
interface Ids {
  portfolio: string;
  investment: string;
  event: string;
}

function concrete(template: string, ids: Ids): string {
  const id = template.startsWith('/api/v1/portfolios')
    ? ids.portfolio
    : template.startsWith('/api/v1/investments/events/')
      ? ids.event
      : ids.investment;
  return sendPath(template.replace('{id}', id).replace('{date}', '2026-11-01'));
}

const validCreate = (portfolioId: number) => ({
  investment: { portfolio_id: portfolioId, name: 'Apple' },
  instrument: { type: 'stock', isin: 'US0378331005' },
  buy_event: { shares: 3, share_price: 190.5, fee: 1, currency_code: 'USD' },
});

const trade = { shares: 1, share_price: 100, fee: 0, currency_code: 'DKK' };

/** Microsoft's splits and dividends on the mock's market in the success flow; none elsewhere. */
const MICROSOFT = 'US5949181045';
const providerActions = (code: string): ProviderAction[] =>
  code === MICROSOFT
    ? [
        { kind: 'split', day: '2026-10-01', numerator: 2, denominator: 1 },
        { kind: 'dividend', day: '2026-10-15', amount: 0.83, currency: 'USD' },
      ]
    : [];

/** Every `$ref` in a value, with where it was found. */
function refsIn(value: unknown, where = '#'): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsIn(item, `${where}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]): Array<[string, string]> =>
    key === '$ref' && typeof inner === 'string'
      ? [[where, inner]]
      : refsIn(inner, `${where}/${key}`),
  );
}

const pointerOf = (...parts: string[]) =>
  parts.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The object at a pointer, following `$ref`s. */
function at(pointer: string): Record<string, unknown> {
  const doc = openApiDocument();
  let value = resolvePointer(doc, pointer) as Record<string, unknown>;
  while (typeof value.$ref === 'string')
    value = resolvePointer(doc, value.$ref.slice(1)) as Record<string, unknown>;
  return value;
}

describe('docs/openapi.yaml', () => {
  it('is OpenAPI 3.1 in the basics, every $ref resolving', () => {
    const doc = openApiDocument();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(at('/info')).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect((doc.servers as Array<{ url: string }>).map((server) => server.url)).toEqual(['/']);

    const operationIds = new Set<string>();
    for (const [method, template] of documentedOperations()) {
      const operation = at(pointerOf('paths', template, method.toLowerCase()));
      const where = `${method} ${template}`;
      expect(METHODS.has(method), where).toBe(true);
      expect(operation.operationId, where).toEqual(expect.any(String));
      expect(operationIds.has(operation.operationId as string), where).toBe(false);
      operationIds.add(operation.operationId as string);
      expect(operation.summary, where).toEqual(expect.any(String));
      expect(Array.isArray(operation.security), `${where} states its security`).toBe(true);

      const responses = operation.responses as Record<string, unknown>;
      expect(Object.keys(responses).length, where).toBeGreaterThan(0);
      for (const status of Object.keys(responses)) {
        expect(status, `${where}: statuses are listed, no default`).toMatch(/^[1-5]\d\d$/);
        const response = at(
          pointerOf('paths', template, method.toLowerCase(), 'responses', status),
        );
        expect(response.description, `${where} ${status}`).toEqual(expect.any(String));
      }

      const parameters = ((operation.parameters ?? []) as Array<{ $ref?: string }>).map((p) =>
        p.$ref ? at(p.$ref.slice(1)) : (p as Record<string, unknown>),
      );
      const inPath = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      const templated = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      expect(inPath.sort(), `${where}: path parameters`).toEqual(templated.sort());
      for (const parameter of parameters.filter((p) => p.in === 'path'))
        expect(parameter.required, where).toBe(true);
    }

    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    for (const [where, ref] of refs) {
      expect(ref, where).toMatch(/^#\//);
      expect(resolvePointer(doc, ref.slice(1)), `${where} → ${ref}`).toBeDefined();
    }

    const meta = new Ajv2020({ strict: false });
    for (const [name, schema] of Object.entries(at('/components/schemas'))) {
      expect(meta.validateSchema(schema as object), `${name}: ${meta.errorsText()}`).toBe(true);
    }
  });

  it('has examples that match their schemas, 422 messages as Laravel summarises them', () => {
    const doc = openApiDocument();
    let checked = 0;
    const visit = (value: unknown, pointer: string) => {
      if (typeof value !== 'object' || value === null) return;
      const media = value as Record<string, unknown>;
      if (pointer.endsWith('/application~1json') && 'example' in media && 'schema' in media) {
        expect(schemaErrors(`${pointer}/schema`, media.example), pointer).toBeUndefined();
        const example = media.example as { message?: unknown; errors?: Record<string, string[]> };
        if (example.errors !== undefined)
          expect(example.message, pointer).toBe(summarise(example.errors).message);
        checked++;
      }
      for (const [key, inner] of Object.entries(media)) visit(inner, `${pointer}${pointerOf(key)}`);
    };
    visit(doc, '');
    expect(checked).toBeGreaterThan(20);
  });

  it('has the enums and bounds of the code', () => {
    const schema = (name: string) => at(pointerOf('components', 'schemas', name));
    expect(schema('CurrencyCode').enum).toEqual(CURRENCIES);
    expect(schema('InstrumentType').enum).toEqual(INSTRUMENT_TYPES);
    expect(schema('Period').enum).toEqual(PERIODS);
    expect(schema('Period').default).toBe('Day');
    expect(schema('TransactionType').enum).toEqual(TRANSACTION_TYPES);
    expect(schema('PriceSource').enum).toEqual(PRICE_SOURCES);
    expect(schema('NameText').maxLength).toBe(MAX_NAME);
    const registration = schema('Registration').properties as Record<string, { minLength: number }>;
    expect(registration.password.minLength).toBe(MIN_PASSWORD);
    for (const name of ['TradeInput', 'DividendInput', 'SplitInput', 'PriceInput']) {
      const fields = schema(name).properties as Record<string, { maximum?: number }>;
      for (const [field, rules] of Object.entries(fields))
        if ('maximum' in rules) expect(rules.maximum, `${name}.${field}`).toBe(MAX_NUMBER);
    }
  });

  it('documents every route of the contract, and nothing the contract lacks', () => {
    const { routes } = createContract({
      store: new MemoryStore(emptyTables()),
      hasher: demoHasher,
      market: syntheticMarket(),
      randomToken,
      tokenDigest,
      mailer: { delivery: 'log', passwordReset: () => Promise.resolve() },
      resetDemoData: async () => {},
    });
    const key = ([method, path]: [string, string]) => `${method} ${path}`;
    const inCode = routes.map((route) => key([route.method, route.path])).sort();
    expect(documentedOperations().map(key).sort()).toEqual(inCode);

    // The statuses the kernel gives by a route's kind are listed for exactly those routes.
    for (const route of routes) {
      const statuses = documentedAnswers()
        .filter(([method, template]) => method === route.method && template === route.path)
        .map(([, , status]) => status);
      const where = `${route.method} ${route.path}`;
      expect(statuses.includes(401), `${where}: 401`).toBe(route.access === 'auth');
      expect(statuses.includes(419), `${where}: 419`).toBe(MUTATING.has(route.method));
      expect(statuses.includes(404), `${where}: 404`).toBe(route.path.includes('{id}'));
      expect(statuses.includes(500), `${where}: 500`).toBe(true);
    }
  });
});

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

    const prices = `/investments/${id}/prices`;
    const typed = { date: '2026-11-01', price: 188.25, currency_code: 'USD' };
    expect((await valid('POST', prices, typed)).status).toBe(201);
    expect((await valid('GET', prices)).body.prices.length).toBeGreaterThan(0);
    expect((await valid('GET', `${prices}?from=2026-10-01&to=2026-10-31`)).status).toBe(200);
    expect((await valid('GET', `${prices}?from=October`)).status).toBe(422);
    expect((await valid('DELETE', `${prices}/2026-11-01`)).status).toBe(204);
    expect((await valid('DELETE', `${prices}/2026-11-01`)).status).toBe(404);
    const { listings } = (await valid('GET', `/investments/${id}/listings`)).body;
    const chosen = { listing: listings[0].id };
    expect((await valid('PUT', `/investments/${id}/listing`, chosen)).status).toBe(200);

    // Held since before the provider's split and dividend, so both are suggested (on the mock).
    const held = await valid('POST', '/investments', {
      investment: { portfolio_id: portfolioId, name: 'Microsoft' },
      instrument: { type: 'stock', isin: MICROSOFT },
      buy_event: { date: '2026-09-01', shares: 3, share_price: 400, currency_code: 'USD' },
    });
    expect(held.status).toBe(201);
    const suggestions = `/investments/${held.body.data.id}/suggestions`;
    const suggested = (await valid('GET', suggestions)).body.suggestions as Array<{ kind: string }>;
    expect(suggested.map((s) => s.kind)).toEqual(ON_MOCK ? ['dividend', 'split'] : []);
    const dismissal = { kind: 'dividend', date: '2026-10-15' };
    expect((await valid('POST', `${suggestions}/dismiss`, dismissal)).status).toBe(204);
    const left = (await valid('GET', suggestions)).body.suggestions as Array<{ kind: string }>;
    expect(left.map((s) => s.kind)).toEqual(ON_MOCK ? ['split'] : []);
    expect((await valid('DELETE', `/investments/${held.body.data.id}`)).status).toBe(204);

    const events: Array<[string, unknown]> = [
      ['buy', { shares: 2, share_price: 180, fee: 1.5, currency_code: 'USD' }],
      ['sell', { shares: 1, share_price: 200, currency_code: 'USD' }],
      ['dividend', { amount: 3.2, currency_code: 'USD' }],
      ['split', { shares_after: 2, currency_code: 'USD', sold_shares: 1, sold_share_price: 90 }],
      ['split', { ...plainSplit(8), hide: true }],
      ['sell', { shares: '8', share_price: '210', fee: null, currency_code: 'DKK' }],
    ];
    for (const [kind, body] of events)
      expect((await valid('POST', `/investments/${id}/events/${kind}`, body)).status).toBe(201);
    const listed = await valid('GET', '/investments/events');
    expect(listed.body.events).toHaveLength(7); // the hidden split is left out
    const [latest] = listed.body.events as Array<{ id: number }>;
    for (const { id: eventId } of listed.body.events as Array<{ id: number }>)
      expect((await valid('GET', `/investments/events/${eventId}`)).status).toBe(200);
    const corrected = { shares: 8, share_price: 205, currency_code: 'DKK' };
    const edited = await valid('PUT', `/investments/events/${latest.id}`, corrected);
    expect(edited.body.data).toMatchObject({ id: latest.id, stock_price: 205 });
    const checked = await valid('PUT', `/investments/events/${latest.id}`, corrected, {
      'x-validate-only': '1',
    });
    expect(checked.body).toEqual({ data: null });
    const [firstBuy] = (listed.body.events as Array<{ id: number; type: string }>).filter(
      (e) => e.type === 'buy',
    );
    const refused = await valid('DELETE', `/investments/events/${firstBuy.id}`);
    expect(Object.keys(refused.body.errors)).toEqual(['event']);
    expect((await valid('DELETE', `/investments/events/${latest.id}`)).status).toBe(204);

    // Imports: dry run, commit, nothing new, history, undo refused after a correction, undo,
    // the body limit, the export in both formats.
    const importRow = (date: string) => ({
      line: 1,
      kind: 'buy',
      date,
      instrument: { isin: 'DK0062498333', name: 'Novo Nordisk B' },
      shares: 2,
      share_price: 400,
      currency_code: 'DKK',
    });
    const importOf = (date: string) => ({
      portfolio_id: portfolioId,
      source: 'nordnet',
      rows: [importRow(date)],
    });
    expect((await valid('POST', '/imports?dry_run=1', importOf('2026-10-01'))).status).toBe(200);
    const firstBatch = await valid('POST', '/imports', importOf('2026-10-01'));
    expect(firstBatch.status).toBe(201);
    expect((await valid('POST', '/imports', importOf('2026-10-01'))).status).toBe(422);
    const secondBatch = await valid('POST', '/imports', importOf('2026-10-02'));
    expect((await valid('GET', '/imports')).body.imports).toHaveLength(2);
    const imported = (listed.body.events as Array<{ id: number }>).map((e) => e.id);
    const fresh = (
      (await valid('GET', '/investments/events')).body.events as Array<{
        id: number;
        date: string;
      }>
    ).find((e) => !imported.includes(e.id) && e.date.startsWith('2026-10-01'));
    await valid('PUT', `/investments/events/${fresh?.id}`, { ...trade, shares: 3 });
    expect((await valid('DELETE', `/imports/${firstBatch.body.data.id}`)).status).toBe(409);
    expect((await valid('DELETE', `/imports/${secondBatch.body.data.id}`)).status).toBe(204);
    const huge = `{"padding":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    expect((await call('POST', '/imports', { body: huge })).status).toBe(413);
    expect((await valid('GET', '/export')).status).toBe(200);
    expect((await valid('GET', '/export?format=csv')).status).toBe(200);
    expect((await valid('GET', '/export?format=xml')).status).toBe(422);

    expect((await valid('GET', '/user/benchmark')).body.benchmark.isin).toBe('IE00B4L5Y983');
    const benchmark = { type: 'stock', isin: 'DK0060005254' };
    expect((await valid('PUT', '/user/benchmark', benchmark)).status).toBe(200);
    for (const period of PERIODS) {
      setCookie('selected_period', period);
      for (const path of ['/user/valuation', '/user/chart', '/portfolios', '/investments'])
        expect((await valid('GET', path)).status).toBe(200);
      for (const path of [`/portfolios/${portfolioId}`, `/investments/${id}`]) {
        expect((await valid('GET', `${path}/stats`)).status).toBe(200);
        expect((await valid('GET', `${path}/chart`)).status).toBe(200);
      }
    }
    for (const path of ['/user', `/portfolios/${portfolioId}`, `/investments/${id}`]) {
      expect((await valid('GET', `${path}/performance`)).status).toBe(200);
      expect((await valid('GET', `${path}/performance?year=2026`)).status).toBe(200);
      expect((await valid('GET', `${path}/performance?year=20x6`)).status).toBe(422);
    }

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
    expect(operations.length).toBe(25);
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
    expect(operations.length).toBe(20);
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

describe('assertDocumented', () => {
  const headers = (init: Record<string, string> = {}) => new Headers(init);
  const check =
    (call: { method: string; path: string; status: number; body?: unknown; headers?: Headers }) =>
    () =>
      assertDocumented({ body: undefined, headers: headers(), ...call });

  it('accepts what the document promises', () => {
    check({ method: 'GET', path: '/api/v1/auth/check', status: 200, body: { logged_in: true } })();
    check({ method: 'GET', path: '/sanctum/csrf-cookie', status: 204 })();
    check({
      method: 'GET',
      path: '/api/v1/investments/events/',
      status: 200,
      body: { events: [] },
    })();
    check({
      method: 'GET',
      path: '/api/v1/portfolios/7/stats',
      status: 404,
      body: { message: 'No query results for model [App\\Models\\Portfolio] 7' },
    })();
    check({
      method: 'GET',
      path: '/api/v1/investments',
      status: 200,
      body: {
        investments: [
          {
            id: 1,
            name: 'Novo',
            portfolio_id: 2,
            shares: '10.5',
            value: '1000.00',
            change: 0,
            changeRatio: 0,
            change_percentage: 0,
            positions: { lifetime: 0, realised: '-1.5', unrealised: 1.5 },
          },
        ],
      },
    })();
  });

  it.each([
    [
      'an undocumented status',
      { method: 'GET', path: '/api/v1/portfolios', status: 404, body: {} },
      /status 404 is not documented/,
    ],
    [
      'a body off its schema',
      { method: 'GET', path: '/api/v1/auth/check', status: 200, body: { logged_in: 'yes' } },
      /logged_in must be boolean/,
    ],
    [
      'an extra field',
      {
        method: 'GET',
        path: '/api/v1/user',
        status: 200,
        body: { user: { name: 'a', email: 'b', id: 1 } },
      },
      /additional properties/,
    ],
    [
      'a body on a 204',
      { method: 'POST', path: '/api/v1/auth/logout', status: 204, body: { ok: true } },
      /without a body/,
    ],
    ['no body on a 200', { method: 'GET', path: '/api/v1/currencies', status: 200 }, /got none/],
    [
      'a 429 without Retry-After',
      { method: 'GET', path: '/api/v1/user', status: 429, body: { message: 'Too Many Attempts.' } },
      /Retry-After is required/,
    ],
    [
      'the wrong model in a 404',
      {
        method: 'PATCH',
        path: '/api/v1/portfolios/7',
        status: 404,
        body: { message: 'No query results for model [App\\Models\\Investment] 7' },
      },
      /pattern/,
    ],
    [
      'a string id',
      { method: 'POST', path: '/api/v1/portfolios', status: 201, body: { data: { id: '7' } } },
      /must be integer/,
    ],
    [
      'a non-router status for an unknown path',
      { method: 'GET', path: '/api/v1/nope', status: 500, body: { message: 'Server Error' } },
      /router answers 404/,
    ],
    [
      'a 405 without Allow',
      {
        method: 'DELETE',
        path: '/api/v1/portfolios',
        status: 405,
        body: {
          message:
            'The DELETE method is not supported for route api/v1/portfolios. Supported methods: GET, POST, HEAD.',
        },
      },
      /Allow is required/,
    ],
  ])('refuses %s', (_case, call, error) => {
    expect(check(call)).toThrow(error);
  });

  it('checks documented headers’ values', () => {
    const throttled = {
      method: 'GET',
      path: '/api/v1/user',
      status: 429,
      body: { message: 'Too Many Attempts.' },
    };
    const limits = {
      'X-RateLimit-Limit': '60',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1800000000',
    };
    check({ ...throttled, headers: headers({ 'Retry-After': '30', ...limits }) })();
    expect(check({ ...throttled, headers: headers({ 'Retry-After': 'soon', ...limits }) })).toThrow(
      /Retry-After/,
    );
  });
});
