// docs/openapi.yaml against the contract: the document is sound, it lists exactly the contract's
// routes, and its checks (assertDocumented) refuse what it does not promise.
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { createContract } from '../../../src/contract/kernel';
import { summarise } from '../../../src/contract/validation';
import { MAX_NAME } from '../../../src/domain/rules/names';
import { MAX_QUANTITY as MAX_NUMBER } from '../../../src/domain/numbers';
import { MIN_PASSWORD } from '../../../src/domain/wire/requests';
import { CURRENCIES } from '../../../src/domain/market';
import { PRICE_SOURCES } from '../../../src/market/port';
import { INSTRUMENT_TYPES, PERIODS, TRANSACTION_TYPES } from '../../../src/domain/types';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import { demoHasher, randomToken, tokenDigest } from '../../../src/mock-server/secrets';
import {
  assertDocumented,
  documentedAnswers,
  documentedOperations,
  openApiDocument,
  resolvePointer,
  schemaErrors,
} from '../openapi';
import { METHODS, MUTATING, at, pointerOf, refsIn } from './openapi-calls';

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
