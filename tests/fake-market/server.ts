// One local HTTP server that speaks Yahoo Finance, OpenFIGI, CoinGecko and the ECB: their paths
// do not collide, so one base URL serves as every provider's. Tests and a server in another
// process steer it (per-provider failure modes) and read what it was asked.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Day } from '../../src/market/port';
import * as coingecko from './coingecko';
import { eurofxref, notFound } from './ecb';
import { answer, json, type Clock, type FakeAnswer, type FakeRequest } from './http';
import { mapping, search as figiSearch } from './openfigi';
import { chart } from './yahoo';
import { search } from './yahoo-search';

export const PROVIDERS = ['yahoo', 'openfigi', 'coingecko', 'ecb'] as const;
export type FakeProvider = (typeof PROVIDERS)[number];

/**
 * `ok`; `slow`: answers after half a second; `429` with Retry-After: 30; `503`; `hang`: never
 * answers (until close).
 */
export const MODES = ['ok', 'slow', '429', '503', 'hang'] as const;
export type FakeMode = (typeof MODES)[number];

const SLOW_MS = 500;

export interface LoggedRequest extends FakeRequest {
  provider: FakeProvider;
}

export interface FakeMarketOptions {
  /** 0 or absent: any free port. */
  port?: number;
  host?: string;
  /** Fixes the clock at 22:00 UTC of this day (after every close in the table). */
  today?: Day;
  /** The clock, epoch ms; the real one by default. */
  now?: Clock;
  /** The first day of the ECB's history file; 4 January 1999 by default, as the ECB's. */
  ratesFrom?: Day;
}

export interface FakeMarket {
  /** `http://127.0.0.1:<port>`: the base URL of all four services. */
  url: string;
  close(): Promise<void>;
  setMode(provider: FakeProvider, mode: FakeMode): void;
  /** Every request to a service (not the control routes), oldest first. */
  requests(): LoggedRequest[];
  /** Forget the requests and set every provider back to `ok`. */
  reset(): void;
}

/** A route: which provider a path belongs to and how it answers. */
function route(
  request: FakeRequest,
  now: Clock,
  ratesFrom: Day | undefined,
): { provider: FakeProvider; handle: () => FakeAnswer } | undefined {
  const { path } = request;
  if (path.startsWith('/v8/finance/chart/')) {
    const symbol = decodeURIComponent(path.slice('/v8/finance/chart/'.length));
    return { provider: 'yahoo', handle: () => chart(symbol, request, now) };
  }
  if (path === '/v1/finance/search') return { provider: 'yahoo', handle: () => search(request) };
  if (path === '/v3/mapping') return { provider: 'openfigi', handle: () => mapping(request) };
  if (path === '/v3/search') return { provider: 'openfigi', handle: () => figiSearch(request) };
  if (path.startsWith('/api/v3/')) {
    return {
      provider: 'coingecko',
      handle: () => {
        const range = /^\/api\/v3\/coins\/([^/]+)\/market_chart\/range$/.exec(path);
        if (range) return coingecko.marketChartRange(decodeURIComponent(range[1]), request, now);
        if (path === '/api/v3/search') return coingecko.search(request);
        if (path === '/api/v3/simple/price') return coingecko.simplePrice(request, now);
        return json(404, { error: 'Incorrect path. Please check https://www.coingecko.com/api/' });
      },
    };
  }
  if (path.startsWith('/stats/eurofxref/')) {
    const file = path.slice('/stats/eurofxref/'.length);
    return { provider: 'ecb', handle: () => eurofxref(file, now(), ratesFrom) ?? notFound() };
  }
  return undefined;
}

/** How each service words a refusal, with the status the mode asks for. */
function failure(provider: FakeProvider, mode: '429' | '503'): FakeAnswer {
  if (mode === '429') {
    const refusal =
      provider === 'coingecko'
        ? json(429, {
            status: {
              error_code: 429,
              error_message:
                "You've exceeded the Rate Limit. Please visit https://www.coingecko.com/en/api/pricing to subscribe to our API plans for higher rate limits.",
            },
          })
        : answer(429, 'text/plain', 'Too Many Requests');
    return { ...refusal, headers: { ...refusal.headers, 'Retry-After': '30' } };
  }
  return provider === 'ecb'
    ? answer(503, 'text/html', '<html><body><h1>503 Service Unavailable</h1></body></html>')
    : answer(503, 'text/plain', 'Service Unavailable');
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(response: ServerResponse, reply: FakeAnswer): void {
  response.writeHead(reply.status, reply.headers);
  response.end(reply.body);
}

function isProvider(value: unknown): value is FakeProvider {
  return PROVIDERS.includes(value as FakeProvider);
}

function isMode(value: unknown): value is FakeMode {
  return MODES.includes(value as FakeMode);
}

export async function startFakeMarket(options: FakeMarketOptions = {}): Promise<FakeMarket> {
  const fixed = options.today === undefined ? undefined : Date.parse(`${options.today}T22:00:00Z`);
  const now: Clock = options.now ?? (fixed === undefined ? Date.now : () => fixed);
  const modes = new Map<FakeProvider, FakeMode>();
  const log: LoggedRequest[] = [];

  const setMode = (provider: FakeProvider, mode: FakeMode) => void modes.set(provider, mode);
  const reset = () => {
    log.length = 0;
    modes.clear();
  };

  // Control routes, for a server under test in another process.
  function control(request: FakeRequest): FakeAnswer | undefined {
    if (request.path === '/__fake/requests' && request.method === 'GET') return json(200, log);
    if (request.path === '/__fake/reset' && request.method === 'POST') {
      reset();
      return json(200, { ok: true });
    }
    if (request.path === '/__fake/mode' && request.method === 'POST') {
      let body: unknown;
      try {
        body = JSON.parse(request.body) as unknown;
      } catch {
        body = undefined;
      }
      const { provider, mode } = (typeof body === 'object' && body !== null ? body : {}) as Record<
        string,
        unknown
      >;
      if (!isProvider(provider) || !isMode(mode)) {
        return json(400, {
          error: `expected {provider: ${PROVIDERS.join('|')}, mode: ${MODES.join('|')}}`,
        });
      }
      setMode(provider, mode);
      return json(200, { provider, mode });
    }
    return undefined;
  }

  const server = createServer((incoming, response) => {
    void (async () => {
      const url = new URL(incoming.url ?? '/', 'http://fake.invalid');
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(incoming.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
      }
      const request: FakeRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers,
        body: await readBody(incoming),
      };
      const controlled = control(request);
      if (controlled) return send(response, controlled);
      const found = route(request, now, options.ratesFrom);
      if (!found) return send(response, answer(404, 'text/plain', 'Not Found'));
      log.push({ provider: found.provider, ...request });
      const mode = modes.get(found.provider) ?? 'ok';
      // A hung request is answered by nobody; close() ends its connection.
      if (mode === 'hang') return;
      if (mode === 'slow') await new Promise((resolve) => setTimeout(resolve, SLOW_MS));
      const ok = mode === 'ok' || mode === 'slow';
      send(response, ok ? found.handle() : failure(found.provider, mode));
    })().catch((error: unknown) => {
      send(response, answer(500, 'text/plain', `fake market: ${String(error)}`));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    setMode,
    requests: () => [...log],
    reset,
  };
}
