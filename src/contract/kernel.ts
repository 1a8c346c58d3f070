// The /api/v1 contract as one function from request to answer, in Laravel's middleware order:
// routing (404/405), session, CSRF (419), auth (401), then the route. Transports (Mirage, the
// Node server) only translate HTTP in and out, so both answer exactly alike.
import {
  DEFAULT_BODY_LIMIT,
  dryRun,
  getRequest,
  json,
  selectedPeriod,
  validateOnly,
  type Answer,
  type BodyLimit,
  type Call,
  type ContractRequest,
  type Cookie,
  type Route,
} from './answers';
import { Timelines, Valuer } from './figures';
import { FIRST_CALLS } from './first-calls';
import { IDEMPOTENCY_HEADER, idempotent, type Repeat } from './idempotency';
import type { Market } from './market/market';
import { isJsonContentType, parseRequestBody } from './request-body';
import { authRoutes, CSRF_COOKIE_PATH } from './routes/auth.routes';
import { importRoutes } from './routes/imports.routes';
import { investmentRoutes } from './routes/investments.routes';
import { metaRoutes } from './routes/meta.routes';
import { performanceRoutes } from './routes/performance.routes';
import { portfolioRoutes } from './routes/portfolios.routes';
import { KeptReports } from './reports';
import { Answering } from './answering';
import { KeptAnswers, type KeptAnswersOptions } from './kept-answers';
import { reportRoutes } from './routes/reports.routes';
import { cashRoutes } from './routes/cash.routes';
import { priceRoutes } from './routes/prices.routes';
import { userRoutes } from './routes/user.routes';
import { incomeRoutes } from './routes/income.routes';
import type { Mailer, PasswordHasher, Session, Store } from './store';

export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Laravel names it after APP_NAME: slug('Formue') . '_session'. */
export const SESSION_COOKIE = 'formue_session';
/** Laravel's SESSION_LIFETIME default: 120 minutes. */
export const SESSION_LIFETIME_MS = 120 * 60_000;
/** "Remember me", as Laravel's `remember_web_<hash>` cookie: a token that logs a new session in. */
export const REMEMBER_COOKIE = 'formue_remember';
/** Browsers cap a cookie's life at 400 days (Laravel asks for 5 years and gets this). */
export const REMEMBER_LIFETIME_MS = 400 * 86_400_000;
/**
 * How long a used remember token still logs in, without a new one: the page's other requests,
 * sent at once with the same cookie, are not logged out by the first one's rotation.
 */
export const REMEMBER_REUSE_MS = 60_000;
/** The share of the timelines' room (`ContractOptions.timelineEntries`) `prepare` fills at most. */
const PREPARED_ROOM = 0.5;
/** The periods a user's home is prepared for: the app's default, and the one kept per device. */
export const PREPARED_PERIODS = ['Year', 'Forever'] as const;

/**
 * Since when a start at `now` expects a user back (`Contract.prepare`): a session seen within its
 * lifetime, or a login that "remember me" still renews without a password.
 */
export const expectedSince = (now: number) => ({
  sessions: now - SESSION_LIFETIME_MS,
  logins: now - REMEMBER_LIFETIME_MS,
});

export interface PrepareOptions {
  /** Looked at before each investment and answer: true ends the preparation there. */
  stopped?: () => boolean;
  /**
   * Whether the home's answers are made too (default true); false: the timelines only, as a
   * chart made at start may ask the market to place the default benchmark.
   */
  homes?: boolean;
}

/** What a preparation made, and whether it stopped at half the timelines' room. */
export interface Prepared {
  /** The users it finished (their timelines, then their home's answers), the first of those given. */
  users: number;
  /** The home answers it made (200s). */
  answers: number;
  /** Whether it stopped because the timelines weigh half their room. */
  full: boolean;
}

export interface ContractOptions {
  store: Store;
  hasher: PasswordHasher;
  now?: () => number;
  /** Where instruments are found and prices kept: the demo's synthetic market, or real ones. */
  market: Market;
  /** Random bytes as base64: session ids and CSRF tokens. */
  randomToken: (bytes: number) => string;
  /** SHA-256 of a token as hex: what remember and reset tokens are stored under. */
  tokenDigest: (token: string) => Promise<string>;
  mailer: Mailer;
  /** Given where demo data can be restored: adds POST /api/v1/demo/reset. */
  resetDemoData?: () => Promise<void>;
  /** Told of an error that became a 500 (the client sees only "Server Error"), or of one in work no
   * request waits for (a login's timelines). */
  onError?: (error: unknown) => void;
  /** Whether an error means the storage cannot be reached now: 503 with Retry-After, not 500. */
  unavailable?: (error: unknown) => boolean;
  /** The transport's timer, renewing the claims of running requests (see `idempotent`). */
  repeat?: Repeat;
  /** Resolves once other requests have had their turn (`Call.pause`); absent: at once. */
  pause?: () => Promise<void>;
  /** Where the home's answers are kept for a fresh process; absent: none are kept. */
  keptAnswers?: KeptAnswersOptions;
  /** The timelines kept between requests weigh at most this many entries (`Timelines`). */
  timelineEntries?: number;
}

export interface Contract {
  handle(request: ContractRequest): Promise<Answer>;
  /** Every route, for the OpenAPI check and the transports' route lists. */
  readonly routes: readonly Route[];
  /** The body a route accepts (`Route.maxBody`, else DEFAULT_BODY_LIMIT). */
  bodyLimit(method: string, path: string): BodyLimit;
  /** Resolves once the writes left behind answers (replay checkpoints) are done: before a close. */
  settled(): Promise<void>;
  /**
   * Builds the timelines of these users' investments ahead of their requests, then makes their
   * home's first answers (kept, where answers are), one investment or answer after another while
   * no request is in progress, until `stopped` says so or the timelines fill half their room: a
   * fresh process's first home then finds them built and kept, and its code compiled for these
   * accounts (issue 37). No session is read or kept.
   */
  prepare(userIds: readonly number[], options?: PrepareOptions): Promise<Prepared>;
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** When a client may try again after the storage could not be reached. */
const RETRY_UNAVAILABLE_SECONDS = 5;
/** What `randomToken` makes: base64 of random bytes. */
const SESSION_ID = /^[A-Za-z0-9+/=_-]{16,128}$/;
const SWEEP_CHANCE = 0.02;
/** How stale a session's last activity may get before a read-only request records it. */
const TOUCH_INTERVAL_MS = 60_000;
/** Answers a kept row waits for at most while others keep arriving (the home's calls are three). */
const KEPT_ROW_WAITS_FOR = 20;

export function createContract(options: ContractOptions): Contract {
  const { store, hasher, randomToken, tokenDigest } = options;
  const now = options.now ?? (() => Date.now());
  const routes: Route[] = [
    ...authRoutes(),
    ...userRoutes(),
    ...portfolioRoutes(),
    ...reportRoutes(),
    ...cashRoutes(),
    ...investmentRoutes(),
    ...priceRoutes(),
    ...importRoutes(),
    ...incomeRoutes(),
    ...metaRoutes({ demoReset: options.resetDemoData !== undefined }),
    ...performanceRoutes(),
  ];
  const matchers = routes.map((route) => ({ route, pattern: pathPattern(route.path) }));
  const timelines = new Timelines(store, options.market, {
    pause: options.pause,
    maxEntries: options.timelineEntries,
  });
  const reports = new KeptReports();
  /** Requests in progress, and who waits for there to be none (`prepare`, kept answers' writes). */
  const answering = new Answering();

  const pause = options.pause ?? (() => Promise.resolve());
  // A kept answer's row is written once no request is in progress and the last answer has had
  // its turn to be sent: on SQLite each write is an fsync on the loop, which the home's other
  // calls, made together, would otherwise wait behind. Under steady traffic, after a few more.
  const kept = new KeptAnswers(options.keptAnswers, options.market, pause, () =>
    pause()
      .then(() => answering.none(KEPT_ROW_WAITS_FOR))
      .then(pause),
  );

  const newSession = (time: number): Session => ({
    id: randomToken(30),
    token: randomToken(30),
    userId: null,
    lastSeen: time,
  });

  /** The request's session, or a new logged-out one (no cookie, unknown, or expired). */
  async function sessionOf(
    request: ContractRequest,
    time: number,
    reads: Store,
  ): Promise<Session | undefined> {
    const id = request.cookies[SESSION_COOKIE];
    // A value of a shape no session id has (NUL, say) is no session: it never reaches the store.
    const found = id && SESSION_ID.test(id) ? await reads.session(id) : undefined;
    if (found && time - found.lastSeen <= SESSION_LIFETIME_MS) return found;
    if (found) await store.deleteSession(found.id);
    // Laravel's lottery: now and then, sessions idle past their lifetime are swept.
    if (Math.random() < SWEEP_CHANCE) {
      await store.pruneSessions(time - SESSION_LIFETIME_MS);
      await store.pruneRememberTokens(time, time - REMEMBER_REUSE_MS);
    }
    return undefined;
  }

  const mintToken = async () => {
    // URL-safe, for reset links; the session id's shape, for cookies.
    const token = randomToken(32).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    return { token, hash: await tokenDigest(token) };
  };

  /**
   * The remember cookie's user, if its token is valid: unused (then `rotate`: a new token
   * replaces it), or used within REMEMBER_REUSE_MS by a request sent alongside.
   */
  async function recall(
    request: ContractRequest,
    time: number,
  ): Promise<{ userId: number; rotate: boolean } | undefined> {
    const token = request.cookies[REMEMBER_COOKIE];
    if (!token || !SESSION_ID.test(token)) return undefined;
    const found = await store.useRememberToken(await tokenDigest(token), time);
    const usedAt = found?.usedAt ?? time;
    if (!found || found.expiresAt <= time || time - usedAt > REMEMBER_REUSE_MS) return undefined;
    return { userId: found.userId, rotate: usedAt === time };
  }

  /** Writes the session when it is new, changed, or its last activity is getting old. */
  async function keep(session: Session, stored: Session | undefined, time: number) {
    if (stored === session && time - session.lastSeen < TOUCH_INTERVAL_MS) return;
    await store.saveSession({ ...session, lastSeen: time });
  }

  async function handle(request: ContractRequest): Promise<Answer> {
    answering.begin();
    try {
      return await answer(request);
    } finally {
      answering.end();
    }
  }

  /**
   * `as`: the user a start answers for ahead of their visit (`prepare`): they have no session
   * there, and the preparation must not make one or keep theirs alive, so none is read or kept.
   */
  async function answer(request: ContractRequest, as?: number): Promise<Answer> {
    // HEAD is GET without the body, which the transport drops.
    const asked = request.method.toUpperCase();
    const method = asked === 'HEAD' ? 'GET' : asked;
    const matching = matchers.filter(({ pattern }) => pattern.test(request.path));
    const match = matching.find(({ route }) => route.method === method);
    if (!match)
      return unmatched(
        method,
        request.path,
        matching.map(({ route }) => route.method),
      );
    const { route, pattern } = match;

    const time = now();
    // The request's reads: the SQL store's keeps the user's rows between requests.
    const reads = store.forRequest?.() ?? store;
    try {
      const stored = as === undefined ? await sessionOf(request, time, reads) : undefined;
      let session = stored ?? { ...newSession(time), userId: as ?? null };
      if (MUTATING.has(method) && request.header('x-xsrf-token') !== session.token) {
        // A session that never was has nothing to keep: a flood of cookieless posts writes no rows.
        if (stored) await keep(session, stored, time);
        // No XSRF-TOKEN on this answer: Laravel's middleware threw before adding it.
        return withCookies(json(419, { message: 'CSRF token mismatch.' }), session, false);
      }
      // Laravel's recaller: a session without a user logs in by the remember cookie, if valid.
      const cookies: Cookie[] = [];
      const remember = async (userId: number) => {
        const { token, hash } = await mintToken();
        await store.saveRememberToken({
          hash,
          userId,
          expiresAt: time + REMEMBER_LIFETIME_MS,
          usedAt: null,
        });
        cookies.push(rememberCookie(token, REMEMBER_LIFETIME_MS / 1000));
      };
      const recalled = session.userId === null ? await recall(request, time) : undefined;
      if (recalled !== undefined) {
        // A new session id, as at login; its CSRF token stays, as Laravel's session->migrate().
        session = { ...newSession(time), token: session.token, userId: recalled.userId };
        if (recalled.rotate) await remember(recalled.userId);
      }
      const user = session.userId === null ? undefined : await reads.userById(session.userId);
      const userId = user?.id ?? null;
      // The body is read only now, past the session, CSRF and login checks.
      const read =
        route.access === 'auth' && userId === null
          ? { refusal: json(401, { message: 'Unauthenticated.' }) }
          : await readBody(request, route.maxBody ?? DEFAULT_BODY_LIMIT);
      const body = 'body' in read ? read.body : {};

      const groups = pattern.exec(request.path)?.groups ?? {};
      const rawId = groups.id ?? '';
      let saved = false;
      const call: Call = {
        store: reads,
        hasher,
        request,
        body,
        session,
        freshSession: stored === undefined,
        userId: userId ?? 0,
        now: time,
        rawId,
        id: () => (/^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : undefined),
        valuer: async (investments, also) => {
          const { valued, snapshot } = await timelines.of(investments, also);
          return new Valuer(valued, snapshot, selectedPeriod(request.cookies), time);
        },
        recorded: (change) => timelines.recorded(change),
        reports,
        kept,
        market: options.market,
        rates: async () => (await options.market.snapshot([])).rate,
        param: (name) => decodeURIComponent(groups[name] ?? ''),
        regenerateSession: (nextUser) => {
          session = { ...newSession(time), userId: nextUser };
          if (nextUser !== null) startTimelines(nextUser);
        },
        remember,
        forget: async () => {
          const token = request.cookies[REMEMBER_COOKIE];
          if (token) await store.deleteRememberToken(await tokenDigest(token));
          cookies.push(rememberCookie('', 0));
        },
        // Marks the token used, as a login by it would: only for a request that replaces it.
        remembered: async () => (await recall(request, time))?.userId === userId,
        mintToken,
        digest: tokenDigest,
        mailer: options.mailer,
        saved: () => {
          saved = true;
        },
        pause: options.pause ?? (() => Promise.resolve()),
        resetDemoData: options.resetDemoData,
      };
      const key = request.header(IDEMPOTENCY_HEADER);
      const answer =
        'refusal' in read
          ? read.refusal
          : method === 'POST' &&
              key !== undefined &&
              userId !== null &&
              !validateOnly(call) &&
              !dryRun(request)
            ? await idempotent(
                reads,
                userId,
                key,
                { method, path: request.path, body },
                { now: time, clock: now, renew: options.repeat },
                (claimed) => route.handle({ ...call, store: claimed }),
                () => saved,
              )
            : await route.handle(call);

      if (stored && stored.id !== session.id) await store.deleteSession(stored.id);
      // A new session is kept when it was asked for (the CSRF cookie) or holds a user; others
      // (a cookieless GET) would only fill the table.
      if (
        as === undefined &&
        (stored || session.userId !== null || route.path === CSRF_COOKIE_PATH)
      )
        await keep(session, stored, time);
      // A session made with a user: a login (by password, registering, or "remember me"). Only
      // whom a start prepares depends on it, so a failed write fails no login.
      if (as === undefined && session.userId !== null && session.id !== stored?.id)
        await store
          .recordLogin?.(session.userId, time)
          .catch((error: unknown) => options.onError?.(error));
      return withCookies({ ...answer, cookies: [...answer.cookies, ...cookies] }, session, true);
    } catch (error) {
      options.onError?.(error);
      if (options.unavailable?.(error))
        return json(
          503,
          { message: 'Service Unavailable' },
          { 'Retry-After': String(RETRY_UNAVAILABLE_SECONDS) },
        );
      // As Laravel without APP_DEBUG: the client sees only "Server Error".
      return json(500, { message: 'Server Error' });
    }
  }

  /** Laravel's answer where no route matches: 405 when the path exists for other methods. */
  function unmatched(method: string, path: string, allowed: string[]): Answer {
    const shown = path.replace(/^\/|\/$/g, '');
    if (allowed.length === 0)
      return json(404, { message: `The route ${shown} could not be found.` });
    const methods = allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
    return json(
      405,
      {
        message: `The ${method} method is not supported for route ${shown}. Supported methods: ${methods.join(', ')}.`,
      },
      { Allow: methods.join(', ') },
    );
  }

  function bodyLimit(method: string, path: string): BodyLimit {
    const asked = method.toUpperCase();
    const match = matchers.find(
      ({ route, pattern }) => route.method === asked && pattern.test(path),
    );
    return match?.route.maxBody ?? DEFAULT_BODY_LIMIT;
  }

  /** Timelines a login started, until built: `settled` waits for them (their checkpoints' writes). */
  const loginBuilds = new Set<Promise<void>>();

  /**
   * A login's user: the home's calls follow it, so the user's timelines are started once the
   * login has had its turn (`pause`; at once without one), not waited for. The calls that come
   * while they are being built wait for them instead of building them again (`Timelines.of`),
   * and meet a failure themselves; it is reported here too, as no call may be waiting.
   */
  function startTimelines(userId: number): void {
    const build: Promise<void> = pause()
      .then(() => store.investments(userId))
      .then((investments) => timelines.of(investments))
      .then(
        () => undefined,
        (error: unknown) => options.onError?.(error),
      )
      .finally(() => loginBuilds.delete(build));
    loginBuilds.add(build);
  }

  async function prepare(
    userIds: readonly number[],
    { stopped = () => false, homes = true }: PrepareOptions = {},
  ): Promise<Prepared> {
    // Only while no request is in progress, an investment at a time: a request never waits on
    // more than one replay, and one that comes first builds what is not built yet itself. Never
    // past half the timelines' room: a user prepared later would push out one seen more lately.
    const prepared: Prepared = { users: 0, answers: 0, full: false };
    const turn = async () => {
      await pause();
      await answering.none();
      prepared.full = timelines.filled() >= PREPARED_ROOM;
      return !stopped() && !prepared.full;
    };
    for (const userId of userIds) {
      if (!(await turn())) break;
      for (const investment of await store.investments(userId)) {
        if (!(await turn())) return prepared;
        await timelines.of([investment]);
      }
      if (homes)
        for (const period of PREPARED_PERIODS)
          for (const path of FIRST_CALLS['/home'] ?? []) {
            if (!(await turn())) return prepared;
            const request = getRequest(`/api/v1${path}`, { selected_period: period }, '');
            if ((await answer(request, userId)).status === 200) prepared.answers++;
          }
      prepared.users++;
    }
    return prepared;
  }

  return {
    handle,
    routes,
    bodyLimit,
    settled: () =>
      Promise.all([...loginBuilds])
        .then(() => Promise.all([timelines.settled(), kept.settled()]))
        .then(() => undefined),
    prepare,
  };
}

/** The request's JSON body, or the 4xx of one that could not be read. */
async function readBody(
  request: ContractRequest,
  limit: BodyLimit,
): Promise<{ body: unknown } | { refusal: Answer }> {
  const raw = await request.body(limit.bytes);
  if ('text' in raw)
    return {
      body: isJsonContentType(request.header('content-type')) ? parseRequestBody(raw.text) : {},
    };
  if (raw.refused === 'tooLarge') return { refusal: json(413, { message: limit.message }) };
  return {
    refusal: json(400, {
      message: raw.refused === 'notUtf8' ? 'The request body is not valid UTF-8.' : 'Bad Request',
    }),
  };
}

/**
 * The session cookie goes with every answer; XSRF-TOKEN with every answer past the CSRF check,
 * as Laravel's VerifyCsrfToken adds it.
 */
function withCookies(answer: Answer, session: Session, withToken: boolean): Answer {
  const maxAgeSeconds = SESSION_LIFETIME_MS / 1000;
  const cookies: Cookie[] = [
    ...(withToken
      ? [{ name: XSRF_COOKIE, value: session.token, httpOnly: false, maxAgeSeconds }]
      : []),
    { name: SESSION_COOKIE, value: session.id, httpOnly: true, maxAgeSeconds },
  ];
  return { ...answer, cookies: [...answer.cookies, ...cookies] };
}

/** The remember cookie: only the server reads it; max-age 0 removes it. */
function rememberCookie(value: string, maxAgeSeconds: number): Cookie {
  return { name: REMEMBER_COOKIE, value, httpOnly: true, maxAgeSeconds };
}

/** A route path ('/api/v1/portfolios/{id}') as a regular expression for whole paths. */
function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((part) => part.replace(/^\{(\w+)\}$/, '(?<$1>[^/]+)'))
    .join('/');
  return new RegExp(`^${source}/?$`);
}
