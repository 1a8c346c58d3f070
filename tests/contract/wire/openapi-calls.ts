// Calls for the OpenAPI tests: each one sent to the contract and its answer checked against
// docs/openapi.yaml, the operations it lists, and the ids and bodies they take.
import { it } from 'vitest';
import type { ProviderAction } from '../../../src/contract/market/market';
import {
  assertDocumented,
  assertDocumentedRequest,
  documentedAnswers,
  openApiDocument,
  resolvePointer,
  routeOf,
} from '../openapi';
import { send } from '../support';

type Method = Parameters<typeof send>[0];
type Options = NonNullable<Parameters<typeof send>[2]>;

/** Fault switches (429 and 500 on every call) exist in the mock only. */
export const ON_MOCK = process.env.FORMUE_BACKEND !== 'server';
export const itOnMock = ON_MOCK ? it : it.skip;
/** Only the mock can restore demo data: elsewhere POST /demo/reset is no route (404). */
export const offered = (method: string, template: string) =>
  ON_MOCK || !(method === 'POST' && template === '/api/v1/demo/reset');

export const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `method template status` of every answer seen, for the coverage check at the end. */
export const seen = new Set<string>();

const fullPath = (path: string) => (path.startsWith('/sanctum') ? path : `/api/v1${path}`);
/** A documented template's path as `send` takes it (without /api/v1). */
const sendPath = (path: string) => path.replace(/^\/api\/v1(?=\/)/, '');

/** The options of a call with this body, which GET cannot carry. */
export const withBody = (method: Method, body: unknown, extra: Options = {}): Options =>
  method === 'GET' ? extra : { ...extra, body };

/** One call, its answer checked against the document and recorded. */
export async function call(method: Method, path: string, options: Options = {}) {
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
export async function valid(
  method: Method,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) {
  assertDocumentedRequest({ method, path: fullPath(path), body });
  return call(method, path, { body, headers });
}

/** Every documented operation with this status, as [method, template]. */
export function operationsWith(status: number): Array<[Method, string]> {
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

export function concrete(template: string, ids: Ids): string {
  const id = template.startsWith('/api/v1/portfolios')
    ? ids.portfolio
    : template.startsWith('/api/v1/investments/events/')
      ? ids.event
      : ids.investment;
  return sendPath(template.replace('{id}', id).replace('{date}', '2026-11-01'));
}

export const validCreate = (portfolioId: number) => ({
  investment: { portfolio_id: portfolioId, name: 'Apple' },
  instrument: { type: 'stock', isin: 'US0378331005' },
  buy_event: { shares: 3, share_price: 190.5, fee: 1, currency_code: 'USD' },
});

export const trade = { shares: 1, share_price: 100, fee: 0, currency_code: 'DKK' };

/** Microsoft's splits and dividends on the mock's market in the success flow; none elsewhere. */
export const MICROSOFT = 'US5949181045';
export const providerActions = (code: string): ProviderAction[] =>
  code === MICROSOFT
    ? [
        { kind: 'split', day: '2026-10-01', numerator: 2, denominator: 1 },
        { kind: 'dividend', day: '2026-10-15', amount: 0.83, currency: 'USD' },
      ]
    : [];

/** Every `$ref` in a value, with where it was found. */
export function refsIn(value: unknown, where = '#'): Array<[string, string]> {
  if (Array.isArray(value)) return value.flatMap((item, i) => refsIn(item, `${where}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]): Array<[string, string]> =>
    key === '$ref' && typeof inner === 'string'
      ? [[where, inner]]
      : refsIn(inner, `${where}/${key}`),
  );
}

export const pointerOf = (...parts: string[]) =>
  parts.map((part) => `/${part.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/** The object at a pointer, following `$ref`s. */
export function at(pointer: string): Record<string, unknown> {
  const doc = openApiDocument();
  let value = resolvePointer(doc, pointer) as Record<string, unknown>;
  while (typeof value.$ref === 'string')
    value = resolvePointer(doc, value.$ref.slice(1)) as Record<string, unknown>;
  return value;
}
