// One Formue server: the database opened and migrated, the contract over the SQL store, and
// the HTTP adapter listening. Tests start it on a port of their own.
import { createHash, randomBytes } from 'node:crypto';
import { DEFAULT_BENCHMARK } from '../contract/benchmark';
import { addDemoAccount } from '../contract/demo-data';
import { createContract, expectedSince } from '../contract/kernel';
import { buildApp } from './app';
import type { FirstPaint } from './app-page';
import type { Config } from './config';
import { createMailer } from './mailer';
import { bcryptHasher } from './passwords';
import { liveMarket } from './market/live-market';
import { realProviders } from './market/providers';
import {
  KEPT_CONNECTIONS,
  isDatabaseUnavailable,
  openDatabase,
  type OpenedDatabase,
} from './sql/connect';
import { databaseReady } from './sql/health';
import { FX_KEY, priceStore } from './sql/market';
import { sqlKeptAnswers } from './sql/store/kept-answers';
import { expectedUsers } from './sql/store/users';
import { codeVersion } from './code-version';
import { SqlStore } from './sql/sql-store';
import { syntheticMarket, type PriceSource } from '../contract/market/synthetic-market';
import { utcDay } from '../market/zoned-time';
import { warmConnections } from './sql/warm-connections';
import { warmUp } from './warm-up';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when the market's rounds and background loads in flight have ended (tests). */
    marketSettled(): Promise<void>;
    /** Resolves when the start's preparation of the users it expects has ended (tests). */
    usersPrepared(): Promise<void>;
  }
}

/** For tests: a fixed clock and prices (the synthetic market's), as the mock takes them. */
export interface StartOptions {
  now?: () => number;
  prices?: PriceSource;
  /**
   * False: the live market's start leaves the default benchmark to the first chart that wants it,
   * and prepares its expected users' timelines but not their home (whose chart would want it).
   * Its placement at start asks Yahoo three times, which with a test's own requests passes the
   * provider's rate (5 in 10 s) and holds the test 10 s.
   */
  placeBenchmark?: boolean;
  /** A screen's first paint other than the live build's (AppOptions.firstPaint). */
  firstPaint?: FirstPaint;
  /**
   * Whether the home's code runs once before listening, on a built-in account (`warmUp`); by
   * default with a live market (production), not on the made-up one (the demo, most tests).
   */
  warmUp?: boolean;
  /** PostgreSQL connections opened at start and kept (OpenOptions.keptConnections). */
  keptConnections?: number;
  /**
   * A database already open and migrated, used instead of opening `config.databaseUrl`, and left
   * open when the server closes: the tests' servers, one after another on one PostgreSQL pool,
   * so each does not start backends of its own (docs/benchmarks.md, CI, pg12).
   */
  database?: OpenedDatabase;
  /** The heap in use past which a start prepares no more users (PREPARE_HEAP_BYTES). */
  prepareHeapBytes?: number;
}

/**
 * Users whose timelines and home are prepared at start (`Contract.prepare`): those of the most
 * recently seen live sessions, then of the latest logins (`expectedSince`). At most this many.
 */
const EXPECTED_USERS = 100;
/** How many of them are prepared before listening, the first ones: the rest once listening. */
const PREPARED_BEFORE_LISTENING = 20;
/** How long the start spends on them before listening (looked at before each investment and answer). */
const PREPARE_BUDGET_MS = 2_000;
/**
 * The heap in use past which the start prepares no more of them: what it makes stays in memory
 * (about 8 MB for a 20k-event account's timelines, figures and answers).
 */
const PREPARE_HEAP_BYTES = 128 * 2 ** 20;

/** How long a shutdown waits for a market refresh to end. */
const SHUTDOWN_WAIT_MS = 2_000;

/** How often the scheduler looks for closes and rates to fetch. */
const REFRESH_INTERVAL_MS = 10 * 60_000;

/**
 * How far back the default benchmark's closes are loaded at start: a new user's first trades are
 * mostly of the last years; an earlier one's are asked for when a chart needs them.
 */
const BENCHMARK_HISTORY_MS = 5 * 365 * 86_400_000;

export async function startServer(config: Config, options: StartOptions = {}) {
  // The app's logger exists only once the database is open; until then, errors go to stderr.
  let logConnectionError = (error: Error) => console.error('database connection error', error);
  const database =
    options.database ??
    (await openDatabase(config.databaseUrl, {
      onConnectionError: (error) => logConnectionError(error),
      keptConnections: options.keptConnections,
    }));
  const store = new SqlStore(database.db, database.dialect);
  const hasher = bcryptHasher(config.bcryptRounds);
  const live =
    config.market.mode === 'live' && !options.prices
      ? liveMarket({
          prices: priceStore(database.db, database.dialect),
          providers: realProviders(config.market, options.now),
          now: options.now,
          log: {
            warn: (details, message) => app.log.warn(details, message),
            info: (details, message) => app.log.info(details, message),
          },
        })
      : undefined;
  const contract = createContract({
    store,
    hasher,
    randomToken: (bytes) => randomBytes(bytes).toString('base64'),
    tokenDigest: (token) => Promise.resolve(createHash('sha256').update(token).digest('hex')),
    mailer: createMailer(
      config.mail ?? {
        smtpUrl: undefined,
        from: undefined,
        appUrl: `http://localhost:${config.port}`,
      },
      {
        info: (details, message) => app.log.info(details, message),
        error: (details, message) => app.log.error(details, message),
      },
    ),
    now: options.now,
    market: live ?? syntheticMarket(options.prices),
    onError: (error) => app.log.error({ err: error }, 'contract error'),
    unavailable: isDatabaseUnavailable,
    repeat: (ms, tick) => {
      const renewing = setInterval(tick, ms);
      // A claim's renewal never keeps the process alive: its request does.
      renewing.unref();
      return () => clearInterval(renewing);
    },
    // After the I/O that waits, so other requests are read and answered between slices.
    pause: () => new Promise((resolve) => setImmediate(resolve)),
    // Only from stored prices: the synthetic market's move at every instant and never keep.
    keptAnswers: live && {
      store: sqlKeptAnswers(database.db),
      codeVersion: await codeVersion(),
      ratesKey: FX_KEY,
    },
  });
  const app = await buildApp({
    contract,
    healthy: () => databaseReady(database.db, database.dialect, Date.now()),
    appRoot: config.appRoot,
    firstPaint: options.firstPaint,
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
  });
  logConnectionError = (error) =>
    app.log.warn({ err: error }, 'database connection lost; the pool reconnects');
  if (config.demo && (await addDemoAccount(store, hasher)))
    app.log.info('created the demo account demo@example.com');
  let refreshing: Promise<void> = Promise.resolve();
  const timer = live
    ? setInterval(() => {
        refreshing = live
          .refresh()
          .catch((error: unknown) => app.log.warn({ err: error }, 'market refresh failed'));
      }, REFRESH_INTERVAL_MS)
    : undefined;
  timer?.unref();
  // The users the start expects: their timelines and home are made at start (issue 37).
  let preparing: Promise<void> = Promise.resolve();
  let closing = false;
  app.decorate('marketSettled', async () => {
    await refreshing;
    await live?.settled();
  });
  app.decorate('usersPrepared', () => preparing);
  app.addHook('onClose', async () => {
    closing = true;
    await preparing;
    clearInterval(timer);
    live?.stop();
    // A refresh stores nothing once stopped; one waiting on a provider is not waited for long.
    let timeout: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([refreshing, live?.settled()]),
      new Promise((resolve) => {
        timeout = setTimeout(resolve, SHUTDOWN_WAIT_MS);
      }),
    ]);
    clearTimeout(timeout);
    // The replay checkpoints written behind the last answers: the next start reads them.
    await contract.settled();
    if (!options.database) await database.close();
  });
  // What every user's home needs that is shared, read before the first request (issue 37): the
  // held listings' prices and the rates. A failure costs nothing: the first requests read them.
  if (live) {
    const started = performance.now();
    await live.preload().then(
      () => app.log.info({ ms: Math.round(performance.now() - started) }, 'prices read at start'),
      (error: unknown) => app.log.warn({ err: error }, 'reading the prices at start failed'),
    );
  }
  if (options.warmUp ?? live !== undefined) {
    const started = performance.now();
    // PostgreSQL's kept connections: each backend's catalogue and statements (issue 37).
    await warmConnections(
      database.db,
      database.dialect,
      options.keptConnections ?? KEPT_CONNECTIONS,
    ).catch((error: unknown) => app.log.warn({ err: error }, 'warming the connections failed'));
    await warmUp(app, options.now).then(
      ({ answered, events, providersAsked }) =>
        app.log.info(
          {
            ms: Math.round(performance.now() - started),
            answers: answered,
            events,
            providersAsked,
          },
          'warmed up at start',
        ),
      (error: unknown) => app.log.warn({ err: error }, 'warming up at start failed'),
    );
  }
  // After a start (a deploy: every kept answer was another build's), whoever had a session open
  // comes back first, then those who logged in lately (their session ended): their replays and
  // home answers are made now, the first ones before listening within a budget, the rest after.
  const prepares = options.warmUp ?? live !== undefined;
  // Without the benchmark's placement at start, a chart made now would ask for it: no homes.
  const homes = options.placeBenchmark !== false;
  const prepareUsers = async (
    users: readonly number[],
    stopped: () => boolean,
    message: string,
  ) => {
    const started = performance.now();
    const prepared = await contract.prepare(users, { stopped, homes });
    app.log.info({ ms: Math.round(performance.now() - started), ...prepared }, message);
    return prepared;
  };
  const failed = (error: unknown) => {
    if (!closing) app.log.warn({ err: error }, 'preparing the expected users failed');
  };
  const heapFull = () =>
    process.memoryUsage().heapUsed > (options.prepareHeapBytes ?? PREPARE_HEAP_BYTES);
  let later: number[] = [];
  if (prepares) {
    const started = performance.now();
    const stopped = () => closing || heapFull() || performance.now() - started > PREPARE_BUDGET_MS;
    preparing = expectedUsers(
      database.db,
      expectedSince((options.now ?? Date.now)()),
      EXPECTED_USERS,
    )
      .then(async (users) => {
        const first = users.slice(0, PREPARED_BEFORE_LISTENING);
        const prepared = await prepareUsers(first, stopped, 'expected users prepared');
        // From the first not finished: the budget may have stopped it within a user's answers.
        later = prepared.full || heapFull() ? [] : users.slice(prepared.users);
      })
      .catch(failed);
    await preparing;
  }
  await app.listen({ port: config.port, host: config.host });
  // The first round after the start: rates, and closes missed while the server was down.
  if (live) {
    // The default benchmark is everyone's: placed now, so a new user's first chart has its line.
    const since = utcDay((options.now ?? Date.now)() - BENCHMARK_HISTORY_MS);
    const placing =
      options.placeBenchmark === false
        ? Promise.resolve()
        : live.placed(DEFAULT_BENCHMARK.type, DEFAULT_BENCHMARK.code, since);
    refreshing = placing
      .then(() => live.refresh())
      .catch((error: unknown) => app.log.warn({ err: error }, 'market refresh failed'));
  }
  // The rest of the users expected, while no request is in progress (`Contract.prepare`).
  if (later.length > 0)
    preparing = prepareUsers(
      later,
      () => closing || heapFull(),
      'expected users prepared once listening',
    ).then(() => undefined, failed);
  return app;
}
