// A raw HTTP client for the wire-level contract: status codes, headers and bodies exactly as
// sent, which the app's client (src/api, tested in api-client.test.ts) decodes away.
// Two backends answer it: the Mirage mock in jsdom (default), and with FORMUE_BACKEND=server the
// Node server over real HTTP with real cookies, on SQLite or on DATABASE_URL's PostgreSQL.
import { Agent, request } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { createFetch } from 'ofetch';
import { describe, it } from 'vitest';
import { createApi, createHttp, type Api } from '../../src/api';
import { readCookie } from '../../src/domain/cookies';
import { makeServer, type MakeServerOptions, type MockServer } from '../../src/mock-server';
import { demoDatabase } from '../server/databases';
import { startMailSink, type MailSink } from '../server/mail-sink';
import { startQuietServer } from '../server/quiet-server';

export const BACKEND: 'mock' | 'server' =
  process.env.FORMUE_BACKEND === 'server' ? 'server' : 'mock';
/** For what only the mock has: fault switches, localStorage, the app's client in jsdom. */
export const describeMock = BACKEND === 'mock' ? describe : describe.skip;
export const itMock = BACKEND === 'mock' ? it : it.skip;

class LazyHeaders {
  constructor(init?: HeadersInit) {
    return new globalThis.Headers(init);
  }
}

const $fetch = createFetch({
  fetch: (input, init) => globalThis.fetch(input, init),
  Headers: LazyHeaders as unknown as typeof Headers,
});

/** A Storage in memory, for the mock's persistence: what a test seeds, reads and reloads from. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

/** A fixed "now" for tests: 2026-11-02 12:00 UTC, after the demo's last event. */
export const NOW = Date.UTC(2026, 10, 2, 12);

export interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- decoded JSON, asserted on field by field
  headers: Headers;
}

/** The server backend's cookie jar (the mock's cookies live in document.cookie). */
const jar = new Map<string, string>();

export function cookie(name: string): string | undefined {
  if (BACKEND === 'server') return jar.get(name);
  return readCookie(document.cookie, name);
}

export function setCookie(name: string, value: string): void {
  if (BACKEND === 'server') jar.set(name, value);
  else document.cookie = `${name}=${encodeURIComponent(value)}; path=/`;
}

export function clearCookies(): void {
  jar.clear();
  if (BACKEND === 'server') return;
  for (const name of ['XSRF-TOKEN', 'formue_session', 'formue_remember', 'selected_period']) {
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
}

export interface CallOptions {
  /** Sent as JSON; a string is sent as it is, for JSON the encoder would not write. */
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
  if (BACKEND === 'server') return sendOverHttp(method, url, headers, options.body);
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
/** The server backend's instance, once listening. */
let listening: Promise<{ app: FastifyInstance; origin: string }> | undefined;

/**
 * A test server with the demo account (no persistence unless given storage); shut down after
 * each test. On the server backend it is a fresh database each time, and `faults` are absent.
 */
export function startServer(options: ServerOptions = {}): MockServer {
  clearCookies();
  if (BACKEND === 'server') {
    if (options.storage) throw new Error('storage is the mock only: mark the test itMock');
    const previous = listening;
    listening = (async () => {
      await (await previous)?.app.close();
      const { url, database } = await demoDatabase();
      const { app, origin } = await startQuietServer(
        url,
        {
          demo: true,
          mail: {
            smtpUrl: (await mailSink()).url,
            from: 'Formue <formue@example.com>',
            appUrl: 'https://formue.example.com',
          },
        },
        { now: options.now ?? (() => NOW), prices: options.prices, database },
      );
      return { app, origin };
    })();
    return mockOnlyHandle;
  }
  current?.shutdown();
  current = makeServer({ environment: 'test', now: () => NOW, ...options });
  return current;
}

/** The server backend's mail: sent over SMTP to a sink on this machine. */
let sink: Promise<MailSink> | undefined;
const mailSink = () => (sink ??= startMailSink());

/** After each file (hooks.ts): the next file's server mails to a sink of its own. */
export async function closeMailSink(): Promise<void> {
  const closing = sink;
  sink = undefined;
  await (await closing)?.close();
}

/**
 * The path and query of the last password reset link sent to `email`: from the demo's Demo tools
 * mailbox, or the e-mail the server sent (waited for, as it is sent after the answer).
 */
export async function resetLink(email: string): Promise<string> {
  if (BACKEND === 'mock') {
    const link = current?.sentMail().findLast((mail) => mail.to === email)?.link;
    if (!link) throw new Error(`no reset link to ${email}`);
    return link;
  }
  const mail = await (await mailSink()).next(email);
  const link = /https:\/\/formue\.example\.com(\/reset-password\?\S+)/.exec(mail.text)?.[1];
  if (!link) throw new Error(`no reset link in: ${mail.text}`);
  return link;
}

const mockOnlyHandle = new Proxy({} as MockServer, {
  get(_target, property) {
    throw new Error(`server.${String(property)} is the mock only: mark the test itMock`);
  },
});

/** After each test (hooks.ts). */
export async function stopServer(): Promise<void> {
  current?.shutdown();
  current = undefined;
  const closing = listening;
  listening = undefined;
  await (await closing)?.app.close();
}

/** Node's fetch with the jar's cookies, as a browser sends and keeps them. */
const nodeFetch = globalThis.fetch;
async function fetchWithJar(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const cookieHeader = jarCookies();
  if (cookieHeader) headers.set('Cookie', cookieHeader);
  const response = await nodeFetch(input, { ...init, headers, redirect: 'manual' });
  keepCookies(response.headers);
  return response;
}
/** The Cookie header of the jar's cookies. */
function jarCookies(): string {
  return [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
}
/** An answer's Set-Cookie lines into the jar. */
function keepCookies(headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair = ''] = line.split(';');
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
  }
}
// The app's client calls globalThis.fetch; against the server it gets the browser's cookie jar.
if (BACKEND === 'server') globalThis.fetch = fetchWithJar;

/** The app's own API client (src/api), against whichever backend runs. */
export async function appApi(): Promise<Api> {
  if (BACKEND === 'mock') return createApi(createHttp({ origin: '' }));
  if (!listening) throw new Error('startServer() first');
  const { origin } = await listening;
  return createApi(createHttp({ origin, readCookie: (name) => jar.get(name) }));
}

/**
 * One request to the Node server over real HTTP: `node:http` on kept-alive connections, which
 * costs the test's process less CPU than fetch's (undici and web streams), with the jar's cookies
 * sent and kept as fetchWithJar does. The answer's headers are a `Headers`, as fetch's are.
 */
async function sendOverHttp(
  method: string,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<Answer> {
  if (!listening) throw new Error('startServer() first');
  const { origin } = await listening;
  const payload = body === undefined || typeof body === 'string' ? body : JSON.stringify(body);
  const sent: Record<string, string> = {
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...headers,
  };
  const cookieHeader = jarCookies();
  if (cookieHeader) sent.Cookie = cookieHeader;
  if (payload !== undefined) sent['Content-Length'] = String(Buffer.byteLength(payload));
  const { status, received, text } = await new Promise<{
    status: number;
    received: Headers;
    text: string;
  }>((resolve, reject) => {
    const pending = request(`${origin}${url}`, { method, headers: sent, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const answered = new Headers();
        const raw = response.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) answered.append(raw[i], raw[i + 1]);
        resolve({
          status: response.statusCode ?? 0,
          received: answered,
          text: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    pending.on('error', reject);
    pending.end(payload);
  });
  keepCookies(received);
  const isJson = received.get('content-type')?.includes('application/json') ?? false;
  return {
    status,
    body: isJson && text !== '' ? JSON.parse(text) : text === '' ? undefined : text,
    headers: received,
  };
}
/** The contract's connections to its servers, kept between requests as a browser keeps them. */
const agent = new Agent({ keepAlive: true });

/** A portfolio and one investment (buy of `shares` Novo Nordisk B in DKK) of the user. */
export async function createHolding(
  buy: { shares: number; share_price: number; fee: number } = {
    shares: 10,
    share_price: 100,
    fee: 0,
  },
  date?: string,
): Promise<{ portfolioId: number; investmentId: number }> {
  const portfolio = await post('/portfolios', { name: 'Test portfolio' });
  const investment = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: { ...buy, currency_code: 'DKK', ...(date && { date }) },
  });
  if (investment.status !== 201) throw new Error(JSON.stringify(investment.body));
  return { portfolioId: portfolio.body.data.id, investmentId: investment.body.data.id };
}
