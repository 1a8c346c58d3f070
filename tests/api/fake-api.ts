// A tiny Mirage server per test for the API client's tests: routes given by the test, the
// requests it saw, and a fresh client (fakeApiPerTest).
import { createServer, Response, type Request, type Server } from 'miragejs';
import { afterEach, beforeEach } from 'vitest';
import { createApi, createHttp, type Api } from '../../src/api';

export type Handler = (request: Request) => Response | object;

export let server: Server | undefined;
export let api: Api;
export const requests: Request[] = [];
/** "METHOD /path" of every request, in order. */
export const calls: string[] = [];

export function header(request: Request, name: string): string | undefined {
  const found = Object.entries(request.requestHeaders).find(([key]) => key.toLowerCase() === name);
  return found?.[1];
}

export function setToken(token: string): void {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(token)}; path=/`;
}

/** Mirage with the csrf-cookie route (token "tok+1=" unless told) and the given routes. */
export function serve(routes: Record<string, Handler>, csrfToken = 'tok+1='): void {
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

export const json = (status: number, body: object, headers: Record<string, string> = {}) =>
  new Response(status, { 'Content-Type': 'application/json', ...headers }, body);

/** A buy as typed, and the transaction the server answers it with. */
export const BUY = { shares: 1, share_price: 1, fee: 0, currency_code: 'DKK' };
export const EVENT = {
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

export const PORTFOLIO = {
  id: 7,
  name: 'Pension',
  value: '1234.5000',
  change: '-1.25',
  changeRatio: '0.01',
  change_percentage: 1,
  investments: '3',
  positions: { lifetime: '10.5', realised: 0, unrealised: '10.5' },
};

/** Each test starts with no requests, no cookie and a fresh client; its fake server ends after. */
export function fakeApiPerTest(): void {
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
}

export const paths = () => calls;
