// The Mirage server: Laravel's middleware order (faults, throttle, CSRF, auth), then the routes.
import { createServer, Response, type Request } from 'miragejs';
import { priceAt } from '../domain/market';
import { load, save, type Session, type Tables } from './db';
import { consistent, type PriceSource } from './figures';
import { json, readCookie, selectedPeriod, type Backend, type Call, type Route } from './http';
import { randomToken } from './secrets';
import { demoTables } from './seed';
import { authRoutes } from './routes/auth.routes';
import { userRoutes } from './routes/user.routes';
import { portfolioRoutes } from './routes/portfolios.routes';
import { investmentRoutes } from './routes/investments.routes';
import { metaRoutes } from './routes/meta.routes';

export interface MakeServerOptions {
  environment: 'development' | 'test';
  /** Where the data persists (the demo passes localStorage); none keeps it in memory. */
  storage?: Storage | null;
  now?: () => number;
  /** Latency of every answer in ms. */
  timing?: number;
  /** Price source in listing currency; tests may fix prices, the demo uses the domain's. */
  prices?: PriceSource;
}

export interface FaultState {
  latency: number;
  /** Epoch ms until which calls answer 429, or null. */
  throttledUntil: number | null;
  failing: boolean;
  offline: boolean;
}

/** Faults for demos and tests (decisions.md section 5). Each stays until `clear()`. */
export interface Faults {
  latency(ms: number): void;
  /** Ends the session: the next GET answers 401, the next state-changing call 419. */
  expireSession(): void;
  /** Every /api/v1 call answers 429 with Retry-After for that many seconds. */
  throttle(retryAfterSeconds: number): void;
  /** Every call answers 500 {"message":"Server Error"} (until `fail(false)` or `clear()`). */
  fail(on?: boolean): void;
  /** Every call fails as a network error (until `offline(false)` or `clear()`). */
  offline(on?: boolean): void;
  clear(): void;
  state(): FaultState;
}

export interface MockServer {
  faults: Faults;
  /** Restores the seeded demo data (the session stays if its user still exists). */
  resetDemoData(): void;
  /** Takes up what another tab of the demo stored, so tabs share one server's data. */
  reloadStored(): void;
  shutdown(): void;
  /** Set when stored data could not be read and the demo data replaced it. */
  readonly notice: string | null;
}

export const RESET_NOTICE = 'Demo data was reset';
const XSRF_COOKIE = 'XSRF-TOKEN';
/** Laravel names it after APP_NAME: slug('Formue') . '_session'. */
const SESSION_COOKIE = 'formue_session';

export function makeServer(options: MakeServerOptions): MockServer {
  const now = options.now ?? (() => Date.now());
  const storage = options.storage ?? null;

  let notice: string | null = null;
  let tables: Tables;
  let session: Session;
  let dirty = false;
  const stored = storage ? load(storage) : ({ kind: 'empty' } as const);
  if (stored.kind === 'loaded' && consistent(stored.tables)) {
    ({ tables, session } = stored);
  } else {
    if (stored.kind !== 'empty') notice = RESET_NOTICE;
    tables = demoTables();
    session = newSession();
    dirty = true;
  }

  const persist = () => {
    if (storage && dirty) save(storage, tables, session);
    dirty = false;
  };

  const backend: Backend = {
    get tables() {
      return tables;
    },
    get session() {
      return session;
    },
    now,
    prices: options.prices ?? priceAt,
    changed: () => {
      dirty = true;
    },
    rotateToken: () => {
      session.token = randomToken();
      dirty = true;
    },
    resetDemoData: () => resetDemoData(),
  };

  function resetDemoData(): void {
    tables = demoTables();
    if (!tables.users.some((u) => u.id === session.userId)) session.userId = null;
    dirty = true;
    persist();
  }

  const baseTiming = options.timing ?? 0;
  const faults: FaultState = {
    latency: baseTiming,
    throttledUntil: null,
    failing: false,
    offline: false,
  };

  const routes: Route[] = [
    ...authRoutes(),
    ...userRoutes(),
    ...portfolioRoutes(),
    ...investmentRoutes(),
    ...metaRoutes(),
  ];

  function handle(route: Route, request: Request): Response {
    if (faults.offline) {
      dropConnection(request);
      return new Response(500, {}, {});
    }
    if (faults.failing) return json(500, { message: 'Server Error' });
    const throttled = throttle(route);
    if (throttled) return throttled;

    let csrfPassed = true;
    try {
      // No session cookie (cleared, or another browser): Laravel starts a new, logged-out session.
      if (readCookie(SESSION_COOKIE) !== session.id) {
        session = newSession();
        dirty = true;
      }
      const header = (name: string) => headerOf(request, name);
      if (route.method !== 'get' && header('x-xsrf-token') !== session.token) {
        csrfPassed = false;
        return json(419, { message: 'CSRF token mismatch.' });
      }
      const userId = tables.users.some((u) => u.id === session.userId) ? session.userId : null;
      if (route.access === 'auth' && userId === null)
        return json(401, { message: 'Unauthenticated.' });
      const call: Call = {
        backend,
        request,
        body: parseBody(request.requestBody),
        userId: userId ?? 0,
        header,
        id: () => {
          const raw = request.params.id ?? '';
          return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : undefined;
        },
        period: selectedPeriod,
      };
      return route.handle(call);
    } catch (error) {
      // As Laravel without APP_DEBUG: the client sees only "Server Error"; the console has why.
      console.error('mock server:', error);
      return json(500, { message: 'Server Error' });
    } finally {
      // The session cookie goes with every answer; XSRF-TOKEN only past the CSRF check.
      writeCookies(session, csrfPassed);
      persist();
    }
  }

  function throttle(route: Route): Response | undefined {
    if (faults.throttledUntil === null || !route.path.startsWith('/api/')) return undefined;
    const remainingMs = faults.throttledUntil - now();
    if (remainingMs <= 0) {
      faults.throttledUntil = null;
      return undefined;
    }
    const retryAfter = Math.ceil(remainingMs / 1000);
    return json(
      429,
      { message: 'Too Many Attempts.' },
      {
        'Retry-After': String(retryAfter),
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(Math.ceil(faults.throttledUntil / 1000)),
      },
    );
  }

  /** Laravel's answer where no route matches: 405 when the path exists for other methods. */
  function unmatched(method: string, request: Request): Response {
    if (faults.offline) {
      dropConnection(request);
      return new Response(500, {}, {});
    }
    const path = new URL(request.url, 'http://localhost').pathname.replace(/^\//, '');
    const allowed = routes
      .filter((route) => pathPattern(route.path).test(`/${path}`))
      .map((route) => route.method.toUpperCase());
    if (allowed.length === 0)
      return json(404, { message: `The route ${path} could not be found.` });
    if (allowed.includes('GET')) allowed.push('HEAD');
    return json(405, {
      message: `The ${method.toUpperCase()} method is not supported for route ${path}. Supported methods: ${allowed.join(', ')}.`,
    });
  }

  const server = createServer({
    environment: options.environment,
    logging: false,
    routes() {
      for (const route of routes) {
        this[route.method](route.path, (_schema, request) => handle(route, request));
      }
      // Mirage prefers static and dynamic segments, so these take only what nothing else does.
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        this[method]('/api/v1/*rest', (_schema, request) => unmatched(method, request));
      }
    },
  });
  // Mirage forces timing to 0 in the test environment; set it afterwards (research note).
  server.timing = baseTiming;
  persist();

  return {
    faults: {
      latency(ms) {
        faults.latency = ms;
        server.timing = ms;
      },
      expireSession() {
        // The session's cookie stays, but the server no longer knows it (lifetime exceeded).
        session = { ...newSession(), id: session.id };
        dirty = true;
        persist();
      },
      throttle(retryAfterSeconds) {
        faults.throttledUntil = now() + retryAfterSeconds * 1000;
      },
      fail(on = true) {
        faults.failing = on;
      },
      offline(on = true) {
        faults.offline = on;
      },
      clear() {
        Object.assign(faults, {
          latency: baseTiming,
          throttledUntil: null,
          failing: false,
          offline: false,
        });
        server.timing = baseTiming;
      },
      state: () => ({ ...faults }),
    },
    resetDemoData,
    reloadStored() {
      const latest = storage ? load(storage) : undefined;
      if (latest?.kind === 'loaded' && consistent(latest.tables)) ({ tables, session } = latest);
    },
    shutdown: () => server.shutdown(),
    get notice() {
      return notice;
    },
  };
}

/** A Mirage route path ('/api/v1/portfolios/:id') as a regular expression for whole paths. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part))
    .join('/');
  return new RegExp(`^${source}$`);
}

function headerOf(request: Request, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.requestHeaders ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

function parseBody(text: string | null | undefined): unknown {
  if (!text) return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return {};
  }
}

function newSession(): Session {
  return { id: randomToken(20), token: randomToken(), userId: null };
}

/**
 * Pretender ignores Set-Cookie, so the mock writes the cookies itself (research 1.7). The real
 * session cookie is HttpOnly; the app never reads this one.
 */
function writeCookies(session: Session, withToken: boolean): void {
  if (withToken)
    document.cookie = `${XSRF_COOKIE}=${encodeURIComponent(session.token)}; path=/; samesite=lax`;
  document.cookie = `${SESSION_COOKIE}=${encodeURIComponent(session.id)}; path=/; samesite=lax`;
}

/**
 * A network error: the fetch polyfill rejects with "Network request failed" on the fake XHR's
 * error event. The answer Mirage still sends afterwards reaches nobody.
 */
function dropConnection(request: Request): void {
  const xhr = request as unknown as { onerror?: (() => void) | null; onload?: (() => void) | null };
  const onerror = xhr.onerror;
  xhr.onload = null;
  onerror?.call(xhr);
}
