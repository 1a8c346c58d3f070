// The Mirage adapter: faults for demos and tests, then the shared contract (src/contract) over
// an in-memory store that persists in localStorage. It only translates HTTP in and out.
import { createServer, Response, type Request } from 'miragejs';
import { addDemoAccount } from '../contract/demo-data';
import { parseCookies } from '../domain/cookies';
import {
  syntheticMarket,
  type ActionSource,
  type PriceSource,
} from '../contract/market/synthetic-market';
import { createContract, SESSION_COOKIE } from '../contract/kernel';
import { queryOf, type Answer, type Cookie } from '../contract/answers';
import { MemoryStore } from './memory-store';
import { consistent, load, save } from './memory/stored';
import { emptyTables, type Tables } from './memory/tables';
import { demoHasher, randomToken, tokenDigest } from './secrets';

export interface MakeServerOptions {
  environment: 'development' | 'test';
  /** Where the data persists (the demo passes localStorage); none keeps it in memory. */
  storage?: Storage | null;
  now?: () => number;
  /** Latency of every answer in ms. */
  timing?: number;
  /** Price source in listing currency; tests may fix prices, the demo uses the domain's. */
  prices?: PriceSource;
  /** Splits and dividends the market reports (tests); the demo's reports none. */
  actions?: ActionSource;
}

export interface FaultState {
  latency: number;
  /** Epoch ms until which calls answer 429, or null. */
  throttledUntil: number | null;
  failing: boolean;
  offline: boolean;
  /** How many more state-changing calls answer 419. */
  csrfMismatches: number;
}

/** Faults for demos and tests (decisions.md section 5). Each stays until `clear()`. */
export interface Faults {
  latency(ms: number): void;
  /** Ends the session: the next GET answers 401, the next state-changing call 419. */
  expireSession(): void;
  /**
   * The next `times` state-changing /api/v1 calls answer 419, as after a token rotated in another
   * tab: one is cured by the client's retry with a fresh cookie, two leave it unauthenticated.
   */
  csrfMismatch(times?: number): void;
  /** Every /api/v1 call answers 429 with Retry-After for that many seconds. */
  throttle(retryAfterSeconds: number): void;
  /** Every call answers 500 {"message":"Server Error"} (until `fail(false)` or `clear()`). */
  fail(on?: boolean): void;
  /** Every call fails as a network error (until `offline(false)` or `clear()`). */
  offline(on?: boolean): void;
  clear(): void;
  state(): FaultState;
}

/** A reset e-mail the demo "sent": Demo tools shows its link. */
export interface SentMail {
  to: string;
  /** The app's reset screen with the token, e.g. `/reset-password?token=…&email=…`. */
  link: string;
}

export interface MockServer {
  faults: Faults;
  /** The reset e-mails sent since the page opened, the latest last. */
  sentMail: () => readonly SentMail[];
  /** Hears of each new e-mail; returns its removal. */
  onMail: (listener: () => void) => () => void;
  /** Restores the seeded demo data (the session stays if its user still exists). */
  resetDemoData(): Promise<void>;
  /** Takes up what another tab of the demo stored, so tabs share one server's data. */
  reloadStored(): void;
  shutdown(): void;
  /** Set when stored data could not be read and the demo data replaced it. */
  readonly notice: string | null;
}

export const RESET_NOTICE = 'Demo data was reset';
/** The mock has one client, the page: its address for the login throttle. */
const PAGE_ADDRESS = '127.0.0.1';

export function makeServer(options: MakeServerOptions): MockServer {
  const now = options.now ?? (() => Date.now());
  const storage = options.storage ?? null;

  let notice: string | null = null;
  let dirty = false;
  const store = new MemoryStore(emptyTables(), () => {
    dirty = true;
  });
  const persist = () => {
    if (storage && dirty) save(storage, store.tables);
    dirty = false;
  };

  /** Fresh demo data; sessions and remembered logins stay, so the demo user stays logged in. */
  async function seed(
    keep: Pick<Tables, 'sessions' | 'remembered'> = { sessions: [] },
  ): Promise<void> {
    store.tables = { ...emptyTables(), sessions: keep.sessions, remembered: keep.remembered };
    await addDemoAccount(store, demoHasher);
    persist();
  }

  const stored = storage ? load(storage) : ({ kind: 'empty' } as const);
  let ready: Promise<void>;
  if (stored.kind === 'loaded' && consistent(stored.tables)) {
    store.tables = stored.tables;
    ready = Promise.resolve();
  } else {
    if (stored.kind !== 'empty') notice = RESET_NOTICE;
    ready = seed();
  }

  const resetDemoData = async () => {
    await ready;
    await seed(store.tables);
  };

  let mail: readonly SentMail[] = [];
  const mailListeners = new Set<() => void>();
  const contract = createContract({
    store,
    hasher: demoHasher,
    tokenDigest,
    mailer: {
      delivery: 'demo',
      passwordReset: (to, link) => {
        mail = [...mail, { to: to.email, link }];
        for (const listener of mailListeners) listener();
        return Promise.resolve();
      },
    },
    now,
    market: syntheticMarket(options.prices, options.actions),
    randomToken,
    resetDemoData,
    onError: (error) => console.error('mock server:', error),
    repeat: (ms, tick) => {
      const renewing = setInterval(tick, ms);
      return () => clearInterval(renewing);
    },
  });

  const baseTiming = options.timing ?? 0;
  const faults: FaultState = {
    latency: baseTiming,
    throttledUntil: null,
    failing: false,
    offline: false,
    csrfMismatches: 0,
  };

  async function handle(method: string, request: Request): Promise<Response> {
    if (faults.offline) {
      dropConnection(request);
      return new Response(500, {}, {});
    }
    if (faults.failing) return toResponse({ status: 500, body: { message: 'Server Error' } });
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname;
    const throttled = throttle(path);
    if (throttled) return throttled;
    // Of the methods routed below, all but GET change state.
    if (faults.csrfMismatches > 0 && method !== 'GET' && path.startsWith('/api/')) {
      faults.csrfMismatches -= 1;
      return toResponse({ status: 419, body: { message: 'CSRF token mismatch.' } });
    }
    // The browser has no body limit; the server's are kept alike, its declared length too.
    const text = request.requestBody ?? '';
    const limit = contract.bodyLimit(method, path);
    if (new TextEncoder().encode(text).length > limit.bytes)
      return toResponse({ status: 413, body: { message: limit.message } });
    await ready;
    const answer = await contract.handle({
      method,
      path,
      query: queryOf(url.searchParams),
      header: (name) => headerOf(request, name),
      cookies: parseCookies(document.cookie),
      body: () => Promise.resolve({ text }),
      address: PAGE_ADDRESS,
    });
    writeCookies(answer.cookies);
    persist();
    return toResponse(answer);
  }

  function throttle(path: string): Response | undefined {
    if (faults.throttledUntil === null || !path.startsWith('/api/')) return undefined;
    const remainingMs = faults.throttledUntil - now();
    if (remainingMs <= 0) {
      faults.throttledUntil = null;
      return undefined;
    }
    return toResponse({
      status: 429,
      body: { message: 'Too Many Attempts.' },
      headers: {
        'Retry-After': String(Math.ceil(remainingMs / 1000)),
        'X-RateLimit-Limit': '60',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': String(Math.ceil(faults.throttledUntil / 1000)),
      },
    });
  }

  const server = createServer({
    environment: options.environment,
    routes() {
      // The contract routes every request itself (404 and 405 included).
      for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
        for (const path of ['/api/v1/*rest', '/sanctum/*rest']) {
          this[method](path, (_schema, request) => handle(method.toUpperCase(), request));
        }
      }
      // Everything else (the manifest, icons, the app's own files) goes to the network.
      this.passthrough(
        (request) => !MOCKED_PATH.test(new URL(request.url, location.href).pathname),
      );
    },
  });
  // Mirage forces timing to 0 in the test environment; set it afterwards (research note).
  server.timing = baseTiming;
  // Mirage ignores `logging: false` among its options (miragejs 0.1.48) and, outside its test
  // environment, logged every request and answer as a console group: in the demo hundreds per
  // visit, each serialised by the browser for DevTools. Set it, as timing is, afterwards.
  server.logging = false;

  return {
    faults: {
      latency(ms) {
        faults.latency = ms;
        server.timing = ms;
      },
      expireSession() {
        // The session's cookie stays, but the server no longer knows it (lifetime exceeded).
        const id = parseCookies(document.cookie)[SESSION_COOKIE];
        if (id) void store.deleteSession(id).then(persist);
      },
      csrfMismatch(times = 1) {
        faults.csrfMismatches = times;
      },
      throttle(retryAfterSeconds) {
        faults.throttledUntil = now() + retryAfterSeconds * 1000;
      },
      fail(on = true) {
        faults.failing = on;
      },
      offline(on = true) {
        faults.offline = on;
        playBrowserOffline(on);
      },
      clear() {
        playBrowserOffline(false);
        Object.assign(faults, {
          latency: baseTiming,
          throttledUntil: null,
          failing: false,
          offline: false,
          csrfMismatches: 0,
        });
        server.timing = baseTiming;
      },
      state: () => ({ ...faults }),
    },
    resetDemoData,
    sentMail: () => mail,
    onMail: (listener) => {
      mailListeners.add(listener);
      return () => mailListeners.delete(listener);
    },
    reloadStored() {
      const latest = storage ? load(storage) : undefined;
      if (latest?.kind === 'loaded' && consistent(latest.tables)) store.tables = latest.tables;
    },
    shutdown() {
      playBrowserOffline(false);
      server.shutdown();
    },
    get notice() {
      return notice;
    },
  };
}

function toResponse(answer: Pick<Answer, 'status' | 'body'> & { headers?: Answer['headers'] }) {
  const headers = {
    ...(answer.body ? { 'Content-Type': 'application/json' } : {}),
    ...answer.headers,
  };
  return new Response(answer.status, headers, answer.body ?? '');
}

/** What the mock answers: the API and Sanctum's CSRF cookie. */
const MOCKED_PATH = /^\/(api|sanctum)(\/|$)/;

function headerOf(request: Request, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.requestHeaders ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

/**
 * Pretender ignores Set-Cookie, so the mock writes the cookies itself (research 1.7), with their
 * max-age as the server sets them: they outlive the browser's window, the remember cookie for
 * 400 days. It cannot make them HttpOnly; the app never reads them.
 */
function writeCookies(cookies: readonly Cookie[]): void {
  for (const cookie of cookies)
    document.cookie = `${cookie.name}=${encodeURIComponent(cookie.value)}; path=/; max-age=${cookie.maxAgeSeconds}; samesite=lax`;
}

/**
 * Offline is the browser's too: navigator.onLine reads false while it lasts, so the app says
 * "offline" and not "cannot reach the server" (src/api/http.ts tells the two apart by it), and
 * coming back fires 'online', so what failed meanwhile is retried as with a real connection.
 */
function playBrowserOffline(on: boolean): void {
  const wasOffline = Object.hasOwn(navigator, 'onLine');
  if (on) {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    if (!wasOffline) window.dispatchEvent(new Event('offline'));
    return;
  }
  // Without the page's own property, Navigator's getter answers again.
  Reflect.deleteProperty(navigator, 'onLine');
  if (wasOffline) window.dispatchEvent(new Event('online'));
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
