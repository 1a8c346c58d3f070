// One database and size: a fresh database, its stored prices and account, the cold home on fresh
// processes, then every request alone, under load and mixed with writes.
import { Agent } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { expectedSince } from '../../src/contract/kernel';
import type { Phase } from '../../src/contract/phases';
import { failedOf } from './cannon';
import {
  idleWrites,
  idleWritesRow,
  mixedRow,
  type IdleWriteFigures,
  type MixedFigures,
} from './mixed';
import {
  CONNECTIONS,
  DATABASE_NAMES,
  type DatabaseKind,
  ENDPOINTS,
  type Endpoint,
  INVESTMENTS,
  type Options,
  log,
} from './settings';
import {
  type ColdFigures,
  type Figures,
  SETTLE_MS,
  type Single,
  type StartFigures,
  benchMixed,
  cannon,
  firstAnswer,
  freshDatabase,
  median,
  runSeconds,
  seconds,
  single,
} from './measures';
import type { ProviderCounter } from './processes';
import { Server } from './processes';
import type { Session } from './session';
import { logIn } from './session';
import { coldRow, tableRow } from './report';
import { loadAccount } from './account';
import { seedMarket } from './market';
import { openDatabase } from '../../src/server/sql/connect';
import { expectedUsers } from '../../src/server/sql/store/users';
import { reusedDatabase, type Prepared } from './reuse';

/** The home screen's first calls. */
const HOME: readonly Endpoint[] = [
  { name: 'valuation Forever', path: '/api/v1/user/valuation', cookie: 'selected_period=Forever' },
  { name: 'valuation Year', path: '/api/v1/user/valuation', cookie: 'selected_period=Year' },
  { name: 'Year chart', path: '/api/v1/user/chart', cookie: 'selected_period=Year' },
];
const PHASES: readonly Phase[] = [
  'prices read',
  'price functions',
  'events read',
  'replay',
  'kept read',
];

/** The replay checkpoints in the database. */
async function checkpointsKept(url: string): Promise<number> {
  const opened = await openDatabase(url);
  try {
    const rows = await opened.db.selectFrom('replay_checkpoints').select('investment_id').execute();
    return rows.length;
  } finally {
    await opened.close();
  }
}

/**
 * The users a fresh server prepares right after its start (`Contract.prepare`: a live session, or
 * a login within "remember me"'s lifetime), so a none kept run with one finds their home made.
 */
async function expectedAtStart(url: string): Promise<number> {
  const opened = await openDatabase(url);
  try {
    return (await expectedUsers(opened.db, expectedSince(Date.now()), Number.MAX_SAFE_INTEGER))
      .length;
  } finally {
    await opened.close();
  }
}

/**
 * Deletes every kept answer, so the next process makes all three (and keeps them again); with
 * `theUser`, also the sessions and the logins recorded: a user the next start does not expect.
 */
async function forgetKeptAnswers(url: string, theUser = false): Promise<void> {
  const opened = await openDatabase(url);
  try {
    await opened.db.deleteFrom('kept_answers').execute();
    if (!theUser) return;
    await opened.db.deleteFrom('sessions').execute();
    await opened.db.updateTable('users').set({ last_login: null }).execute();
  } finally {
    await opened.close();
  }
}

/**
 * The home's calls, together as the app sends them (src/contract/first-answers.ts, the data
 * actor's loads) or one after the other (the figures of this bench before 2026-11-30); NaN ms if
 * one fails.
 */
async function home(session: Session, together: boolean): Promise<{ ms: number; status: number }> {
  const started = performance.now();
  const ask = (call: Endpoint) => session.request('GET', call.path, undefined, call.cookie);
  const answers: { status: number }[] = [];
  if (together) answers.push(...(await Promise.all(HOME.map(ask))));
  else
    for (const call of HOME) {
      const answer = await ask(call);
      answers.push(answer);
      if (answer.status !== 200) break;
    }
  const failed = answers.find((answer) => answer.status !== 200);
  if (failed) return { ms: NaN, status: failed.status };
  return { ms: performance.now() - started, status: 200 };
}

/**
 * The home's three calls together as a load tool asks them (`Session.wire`: kept-alive
 * connections, to the last byte, nothing parsed): the round's ms, NaN if one fails.
 */
async function wireHome(session: Session, agent: Agent): Promise<number> {
  const started = performance.now();
  const answers = await Promise.all(
    HOME.map((call) => session.wire(agent, call.path, call.cookie)),
  );
  return answers.every((a) => a.status === 200) ? performance.now() - started : NaN;
}

type ColdRun = Omit<
  ColdFigures,
  'runs' | 'database' | 'events' | 'oneByOne' | 'noneKept' | 'notExpected' | 'keptFound'
> & {
  /** The server process's CPU from just before the login to the cold calls' answers. */
  coldCpuMs: number;
  /** The login's answer (its POST), and from its start to the home's last answer. */
  loginMs: number;
  loginHomeMs: number;
  /** Of the three cold calls, how many were answered from kept answers. */
  keptFound: number;
};

/** A fresh server, the home's calls on it right after a login, then warm rounds of them. */
async function coldRun(
  url: string,
  email: string,
  providers: ProviderCounter,
  options: Options,
  together: boolean,
): Promise<ColdRun> {
  const mark = providers.count;
  const server = await Server.start(url, options.profileDir, providers.url);
  try {
    // The phases and the server's CPU are counted from just before the login (not from after
    // it, which an answer from the server's loop would put after what the login started): the
    // login's own work is in them, and `loginHomeMs` is the user's wait from login to home.
    let loginStarted = 0;
    const session = await logIn(server.base, email, async () => {
      await server.phases();
      if (options.profileDir) await server.profile('profile');
      loginStarted = performance.now();
    });
    const loginMs = performance.now() - loginStarted;
    const cold = await home(session, together);
    const loginHomeMs = performance.now() - loginStarted;
    if (options.profileDir)
      log(`  the cold calls' CPU profile: ${await server.profile('profiled')}`);
    const { ms, counts, serverMs, cpuMs } = await server.phases();
    const heapBytes = await server.heapUsed();
    const warm: number[] = [];
    const warmServer: number[] = [];
    const warmBusy: number[] = [];
    const warmCpu: number[] = [];
    for (let i = 0; i < options.warmRounds; i++) {
      warm.push((await home(session, together)).ms);
      const round = await server.phases();
      warmServer.push(round.serverMs);
      warmBusy.push(round.busyMs);
      warmCpu.push(round.cpuMs);
    }
    // As a load tool: one connection per call, kept alive; the first round opens them.
    const agent = new Agent({ keepAlive: true, maxSockets: HOME.length });
    const wire: number[] = [];
    const wireBusy: number[] = [];
    try {
      await wireHome(session, agent);
      await server.phases();
      for (let i = 0; i < options.warmRounds; i++) {
        wire.push(await wireHome(session, agent));
        wireBusy.push((await server.phases()).busyMs);
      }
    } finally {
      agent.destroy();
    }
    await sleep(SETTLE_MS);
    const timed = PHASES.reduce((sum, phase) => sum + (ms[phase] ?? 0), 0);
    return {
      startMs: server.start.ms,
      startPricesMs:
        (server.start.phases['prices read'] ?? 0) + (server.start.phases['price functions'] ?? 0),
      coldMs: cold.ms,
      loginMs,
      loginHomeMs,
      coldCpuMs: cpuMs,
      keptFound: counts['answers kept'] ?? 0,
      warmMs: median(warm),
      warmServerMs: median(warmServer),
      warmBusyMs: median(warmBusy),
      warmCpuMs: median(warmCpu),
      warmWireMs: median(wire),
      warmWireBusyMs: median(wireBusy),
      heapBytes,
      phases: {
        'prices read': ms['prices read'] ?? 0,
        'price functions': ms['price functions'] ?? 0,
        'events read': ms['events read'] ?? 0,
        replay: ms.replay ?? 0,
        'kept read': ms['kept read'] ?? 0,
        // Printed per run, not in the table's split: its "rest" stays what it was.
        chart: ms.chart ?? 0,
        rest: serverMs - timed,
      },
      load: loadavg()[0],
      status: cold.status,
      asked: providers.since(mark),
    };
  } finally {
    await server.stop();
  }
}

/**
 * Cold runs in fours of fresh processes: the home's calls together for a user the start does not
 * expect (no session, no login, nothing kept), with no kept answers (every row deleted before the
 * start, which makes them again for the users it expects), together again (finding what the
 * earlier kept: the app's way, the figures judged), then one after the other (the earlier
 * records' way, beside them).
 */
async function coldHome(
  kind: DatabaseKind,
  size: number,
  url: string,
  email: string,
  providers: ProviderCounter,
  options: Options,
): Promise<ColdFigures> {
  const runs: ColdRun[] = [];
  const oneByOne: ColdRun[] = [];
  const noneKept: ColdRun[] = [];
  const notExpected: ColdRun[] = [];
  const kinds = [
    { name: 'not expected', together: true, of: notExpected },
    { name: 'none kept', together: true, of: noneKept },
    { name: 'together', together: true, of: runs },
    { name: 'one by one', together: false, of: oneByOne },
  ].filter((kind) => !options.togetherOnly || kind.of === runs);
  for (let run = 0; run < options.coldRuns; run++) {
    for (const kind of kinds) {
      if (kind.of === noneKept || kind.of === notExpected)
        await forgetKeptAnswers(url, kind.of === notExpected);
      const expected = await expectedAtStart(url);
      const last = await coldRun(url, email, providers, options, kind.together);
      kind.of.push(last);
      // Whether the first run's checkpoints were all written before its server stopped.
      log(
        `  run ${run + 1} (${kind.name}, users expected at start ${expected}): start ${last.startMs.toFixed(0)} ms ` +
          `(prices ${last.startPricesMs.toFixed(0)} ms), login ${last.loginMs.toFixed(0)} ms, ` +
          `home ${last.coldMs.toFixed(0)} ms (login to home ${last.loginHomeMs.toFixed(0)} ms) ` +
          `(server CPU ${last.coldCpuMs.toFixed(0)} ms), ` +
          `kept answers found ${last.keptFound} of ${HOME.length} ` +
          `(heap after ${(last.heapBytes / 2 ** 20).toFixed(0)} MB), ` +
          `kept read ${last.phases['kept read'].toFixed(0)} ms, ` +
          `events read ${last.phases['events read'].toFixed(0)} ms, ` +
          `replay ${last.phases.replay.toFixed(0)} ms, chart ${last.phases.chart.toFixed(0)} ms; ` +
          `checkpoints kept after its stop: ` +
          `${await checkpointsKept(url)} of ${INVESTMENTS}`,
      );
    }
  }
  const middleOf = (of: ColdRun[]) =>
    [...of].sort((a, b) => a.coldMs - b.coldMs)[Math.floor(of.length / 2)];
  const middle = middleOf(runs);
  // None with --together-only: their columns show '-'.
  const unmeasured = { coldMs: NaN, warmMs: NaN, warmServerMs: NaN, coldCpuMs: NaN };
  const sequential = middleOf(oneByOne) ?? unmeasured;
  const none = middleOf(noneKept) ?? unmeasured;
  const unexpected = middleOf(notExpected) ?? unmeasured;
  const all = [...notExpected, ...noneKept, ...runs, ...oneByOne];
  const failed = all.find((r) => r.status !== 200);
  return {
    ...middle,
    database: kind,
    events: size,
    runs: runs.map((r) => r.coldMs),
    keptFound: runs.map((r) => r.keptFound),
    oneByOne: {
      coldMs: sequential.coldMs,
      runs: oneByOne.map((r) => r.coldMs),
      keptFound: oneByOne.map((r) => r.keptFound),
      warmMs: sequential.warmMs,
      warmServerMs: sequential.warmServerMs,
    },
    noneKept: {
      coldMs: none.coldMs,
      runs: noneKept.map((r) => r.coldMs),
      keptFound: noneKept.map((r) => r.keptFound),
      cpuMs: none.coldCpuMs,
    },
    notExpected: {
      coldMs: unexpected.coldMs,
      runs: notExpected.map((r) => r.coldMs),
      cpuMs: unexpected.coldCpuMs,
    },
    status: failed?.status ?? 200,
    asked: all.flatMap((r) => r.asked),
  };
}

export async function benchOne(
  kind: DatabaseKind,
  size: number,
  options: Options,
  postgresUrl: string | undefined,
  providers: ProviderCounter,
): Promise<{
  cold: ColdFigures;
  figures: Figures[];
  idleWrites?: IdleWriteFigures;
  mixed: MixedFigures[];
  start?: StartFigures;
  resolutionMs: number;
}> {
  const reused = options.reuseDir
    ? await reusedDatabase(kind, size, options.listings, options.reuseDir, postgresUrl)
    : undefined;
  const { url, cleanUp } = reused
    ? { url: reused.url, cleanUp: () => undefined }
    : await freshDatabase(kind, postgresUrl);
  const name = DATABASE_NAMES[kind];
  let server: Server | undefined;
  const stopOnExit = () => server?.kill();
  process.once('exit', stopOnExit);
  try {
    const loadStarted = performance.now();
    // A reused database's prices too: a quote left from an earlier run would be stale.
    const seeded = await seedMarket(url, Date.now(), options.listings);
    log(
      `${name} ${size}: stored prices in ${seconds(seeded.ms)} (${options.listings} listings, ` +
        `${seeded.closes} closes, ${seeded.rates} rates)`,
    );
    let account: Prepared | undefined = reused?.found;
    if (account) {
      log(
        `${name} ${size}: reusing the account in ${url} (--reuse); checkpoints kept: ` +
          `${await checkpointsKept(url)} of ${INVESTMENTS}`,
      );
      const { compared, changed, added } = seeded.ratesSince;
      log(
        changed > 0
          ? `${name} ${size}: RATES CHANGED since the last run on this database (prepared ` +
              `${reused?.found?.preparedAt ?? 'at an unknown time'}): ${changed} of ${compared} ` +
              `stored rates moved (${added} new), so the first process replays its investments ` +
              "from their checkpoints' events and keeps them again"
          : `${name} ${size}: rates as at the last run on this database: ${compared} stored ` +
              `rates unchanged, ${added} new`,
      );
    } else {
      // The account through the store, as the API's calls make it (scripts/server-bench/account.ts).
      account = await loadAccount(url, size, seeded.listings);
      reused?.keep(account);
      log(`${name} ${size}: account loaded in ${seconds(performance.now() - loadStarted)}`);
    }
    const { email, investments } = account;
    const { only } = options;
    const firstPortfolio = account.portfolios[0];
    const endpoints = ENDPOINTS.filter(
      (endpoint) => !only || only.some((part) => endpoint.name.includes(part)),
    ).map((endpoint) => ({
      ...endpoint,
      path: endpoint.path.replace('{portfolio}', String(firstPortfolio)),
    }));

    const coldFigures = await coldHome(kind, size, url, email, providers, {
      ...options,
      coldRuns: only ? 1 : options.coldRuns,
    });
    log(`  cold home: ${coldRow(coldFigures)}`);
    if (options.coldOnly) return { cold: coldFigures, figures: [], mixed: [], resolutionMs: 0 };

    // A first live start: its first GET /investments reads and replays every event.
    let mark = providers.count;
    server = await Server.start(url, undefined, providers.url);
    const cold = await firstAnswer(server, providers, mark, email, '/api/v1/investments');
    const listed = (cold.body as { investments?: { quote?: { source?: string } }[] } | undefined)
      ?.investments;
    if (cold.status === 200 && listed?.length !== INVESTMENTS)
      throw new Error(`GET /api/v1/investments lists ${listed?.length} investments`);
    // Else the figures would be those of trade prices, not of the stored ones.
    const sources = new Set(listed?.map((investment) => investment.quote?.source));
    if (cold.status === 200 && [...sources].some((s) => s !== 'yahoo' && s !== 'coingecko'))
      throw new Error(`investments priced from ${[...sources].join(', ')}, not stored prices`);
    if (cold.status !== 200)
      log(`  the account does not replay: GET /api/v1/investments answered ${cold.status}`);
    await server.stop();

    // A second start, the one measured: its first valuation, then the runs.
    mark = providers.count;
    server = await Server.start(url, options.profileDir, providers.url);
    const live = server;
    const firstValuation = await firstAnswer(server, providers, mark, email, ENDPOINTS[0].path);
    const asked = [...cold.asked, ...firstValuation.asked];
    if (asked.length > 0)
      log(
        `  ${name} ${size}: ${asked.length} provider requests before the first answer after a ` +
          `start, where stored prices should do: ${asked.slice(0, 5).join(', ')}`,
      );
    const sessions: Session[] = [];
    for (let i = 0; i < CONNECTIONS; i++) sessions.push(await logIn(live.base, email));
    log(
      `${name} ${size}: loaded in ${seconds(performance.now() - loadStarted)}` +
        ` (server pid ${live.pid}); first GET /investments ${cold.ms.toFixed(0)} ms,` +
        ` first valuation after a start ${firstValuation.ms.toFixed(0)} ms`,
    );

    const idled = new Map<string, Single>();
    for (const endpoint of endpoints) {
      await live.loopDelayMax();
      idled.set(endpoint.name, await single(live, sessions[0], endpoint));
    }
    // A writer's rounds, one request at a time; when they fail, no run has writes.
    const singleWrites: IdleWriteFigures | undefined = only
      ? undefined
      : {
          database: name,
          events: size,
          ...(await idleWrites(live.base, sessions[CONNECTIONS - 1], investments[0])),
        };
    if (singleWrites) log(`  single writes: ${idleWritesRow(singleWrites)}`);

    const figures: Figures[] = [];
    const mixed: MixedFigures[] = [];
    for (const endpoint of endpoints) {
      const alone = idled.get(endpoint.name) ?? { ms: NaN, status: 0, stallMs: NaN };
      if (alone.status !== 200) {
        const row: Figures = {
          database: kind,
          events: size,
          endpoint: endpoint.name,
          idleMs: NaN,
          p50: NaN,
          p99: NaN,
          rps: NaN,
          completed: 0,
          seconds: 0,
          msPer1k: NaN,
          loopMaxMs: NaN,
          idleStallMs: alone.stallMs,
          failed: 1,
          status: alone.status,
        };
        figures.push(row);
        log(`  ${tableRow(row)}`);
        continue;
      }
      if (options.warmup > 0) await cannon(live.base, endpoint, sessions, options.warmup);
      await live.idle();
      await live.loopDelayMax();
      const result = await cannon(live.base, endpoint, sessions, runSeconds(options, alone.ms));
      // The requests autocannon left running still stall the loop: wait for them.
      await live.idle();
      const loopMaxMs = await live.loopDelayMax();
      const rps = result.requests.total / result.duration;
      const row: Figures = {
        database: kind,
        events: size,
        endpoint: endpoint.name,
        idleMs: alone.ms,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rps,
        completed: result.requests.total,
        seconds: result.duration,
        msPer1k: rps > 0 ? 1000 / rps / (size / 1000) : NaN,
        loopMaxMs,
        idleStallMs: alone.stallMs,
        failed: failedOf(result),
      };
      figures.push(row);
      log(`  ${tableRow(row)}`);
      // Right after the run alone, so both meet about the same load on a shared machine. The
      // writes change the account a little: the next run's warm-up replays what they changed.
      if (!singleWrites || singleWrites.failure || endpoint.alone) continue;
      const withWrites = await benchMixed(live, endpoint, row, sessions, investments, options);
      mixed.push(withWrites);
      log(`  with writes: ${mixedRow(withWrites)}`);
    }
    await live.stop();
    const inRun = providers.since(mark);
    log(`${name} ${size}: provider calls during the run: ${inRun.length}`);
    return {
      cold: coldFigures,
      figures,
      idleWrites: singleWrites,
      mixed,
      start: {
        database: kind,
        events: size,
        seedMs: seeded.ms,
        closes: seeded.closes,
        rates: seeded.rates,
        cold: { ms: cold.ms, status: cold.status, asked: cold.asked },
        firstValuation: {
          ms: firstValuation.ms,
          status: firstValuation.status,
          asked: firstValuation.asked,
        },
        inRun,
      },
      resolutionMs: live.resolutionMs,
    };
  } finally {
    await server?.stop();
    process.off('exit', stopOnExit);
    cleanUp();
  }
}
