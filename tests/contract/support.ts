// A raw HTTP client for the wire-level contract: status codes, headers and bodies exactly as
// sent, which the app's client (src/api, tested in api-client.test.ts) decodes away. Built as
// the research note's fix so Mirage sees the headers (ofetch's Headers resolved lazily).
import { createFetch } from 'ofetch';
import { afterEach } from 'vitest';
import { makeServer, type MakeServerOptions, type MockServer } from '../../src/mock-server';

class LazyHeaders {
  constructor(init?: HeadersInit) {
    return new globalThis.Headers(init);
  }
}

const $fetch = createFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  Headers: LazyHeaders as unknown as typeof Headers,
});

/** A fixed "now" for tests: 2026-11-02 12:00 UTC, after the demo's last event. */
export const NOW = Date.UTC(2026, 10, 2, 12);

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- decoded JSON, asserted on field by field
  headers: Headers;
}

export function cookie(name: string): string | undefined {
  const found = document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([key]) => key === name);
  return found ? decodeURIComponent(found.slice(1).join('=')) : undefined;
}

export function setCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

export function clearCookies(): void {
  for (const name of ['XSRF-TOKEN', 'formue_session', 'selected_period']) {
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Send X-XSRF-TOKEN from the cookie (default), as the SPA does for state-changing calls. */
  xsrf?: boolean;
}

/** One request as the SPA sends it; every status is answered, not thrown. */
export async function send(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const token = cookie('XSRF-TOKEN');
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    ...(options.xsrf !== false && token !== undefined ? { 'X-XSRF-TOKEN': token } : {}),
    ...options.headers,
  };
  const url = path.startsWith('/sanctum') ? path : `/api/v1${path}`;
  const response = await $fetch.raw(url, {
    method,
    headers,
    body: options.body as Record<string, unknown> | undefined,
    retry: 0,
    ignoreResponseError: true,
  });
  return { status: response.status, body: response._data, headers: response.headers };
}

export const get = (path: string) => send('GET', path);
export const post = (path: string, body?: unknown, headers?: Record<string, string>) =>
  send('POST', path, { body, headers });
export const patch = (path: string, body?: unknown) => send('PATCH', path, { body });
export const put = (path: string, body?: unknown) => send('PUT', path, { body });

export async function csrf(): Promise<void> {
  await get('/sanctum/csrf-cookie');
}

/** A split to `sharesAfter` shares with no fee and no sold shares, in DKK. */
export const plainSplit = (sharesAfter: number) => ({
  shares_after: sharesAfter,
  fee: 0,
  currency_code: 'DKK',
  sold_shares: 0,
  sold_share_price: 0,
  hide: false,
});

export const DEMO = { email: 'demo@example.com', password: 'demo1234' };

export async function loginAsDemo(): Promise<void> {
  await csrf();
  const answer = await post('/auth/login', DEMO);
  if (answer.status !== 200) throw new Error(`demo login failed: ${answer.status}`);
}

let registered = 0;

/** A new, empty account, logged in. */
export async function registerFresh(): Promise<{ email: string; password: string }> {
  await csrf();
  const account = {
    name: 'Test user',
    email: `user${++registered}@example.com`,
    password: 'secret-pass',
  };
  const answer = await post('/auth/register', account);
  if (answer.status !== 200) throw new Error(`register failed: ${JSON.stringify(answer.body)}`);
  return account;
}

export type ServerOptions = Partial<MakeServerOptions>;

let current: MockServer | undefined;

/** A test server (no persistence unless given storage); shut down after each test. */
export function startServer(options: ServerOptions = {}): MockServer {
  current?.shutdown();
  clearCookies();
  current = makeServer({ environment: 'test', now: () => NOW, ...options });
  return current;
}

afterEach(() => {
  current?.shutdown();
  current = undefined;
});

/** A portfolio and one investment (buy of `shares` Novo Nordisk B in DKK) of the user. */
export async function createHolding(
  buy: { shares: number; share_price: number; fee: number } = {
    shares: 10,
    share_price: 100,
    fee: 0,
  },
): Promise<{ portfolioId: number; investmentId: number }> {
  const portfolio = await post('/portfolios', { name: 'Test portfolio' });
  const investment = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: { ...buy, currency_code: 'DKK' },
  });
  if (investment.status !== 201) throw new Error(JSON.stringify(investment.body));
  return { portfolioId: portfolio.body.data.id, investmentId: investment.body.data.id };
}
