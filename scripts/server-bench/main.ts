// `npm run bench:server`: the Node server under load, on SQLite and (when DATABASE_URL names one)
// PostgreSQL, with accounts of 2k, 20k and 200k events, valued from stored real-format prices.
//
// For each database and size: a fresh database; stored prices written through PriceStore (the
// path a provider's answer takes): 300 listings with 8 years of closes, the day's points and a
// fresh quote each, and 8 years of ECB rates; one account given 5 portfolios and 40 investments
// through the store, as the API's register and create calls make them (account.ts), the rest of
// its events bulk-inserted with Kysely (the API would take too long at 200k), and its investments
// pointed at listings of their currency.
// Then the server runs with MARKET_DATA=live, every provider URL at a local server that counts
// the requests it gets and answers 503. A first live start times the first GET /investments
// (which replays every event); a second the first GET /user/valuation; on that second one, 20
// sessions logged in, then per request: 5 single requests on the idle server, and 5 rounds of a
// writer's buy (with a fresh Idempotency-Key), correction and deletion; then per request,
// autocannon with 20 connections (one session each) for --duration seconds (longer when requests
// are slow), the server's event-loop delay measured in the child, and right after, the mixed run
// (scripts/server-bench/mixed.ts): the same request on 17 of the sessions while the other 3 go
// round those writes to the same account, its p99 against the run alone (target: within 2x).
// The requests (settings.ts's ENDPOINTS): the home's three, each with the mixed run; the returns
// (the user's and a portfolio's, Year and Forever) and the Forever chart with the benchmark's
// line, alone.
// Before those starts, the cold home: --cold-runs fours of fresh live server processes, each
// asked the home screen's three calls (valuation for Forever and for Year, the Year chart) right
// after its start and a login: together for a user the start does not expect (no session, no
// login recorded, nothing kept: not expected), together with every kept answer deleted before the
// start (none kept), together (as the app asks them) finding what the earlier processes kept, and
// one after the other; each says how many of its three it answered from kept answers. Then the
// server's heap after a garbage collection, the split of the cold time by phase
// (src/contract/phases.ts), and the three calls again, warm, by the bench's client and as a load
// tool times them (kept-alive connections, to the last byte, nothing parsed); with each process's
// start (to listening) and what it read then.
// Last, per database, the load of a new listing's 8 years of closes (scripts/market-bench.ts).
// Prints Markdown; --write puts it, the machine and the targets met or missed in
// docs/benchmarks.md (section "## Server").
//
// Flags: --sizes=2000,20000  --quick (2k and 20k)  --duration=10 (s per run)  --warmup=2 (s)
//        --max-run=120 (s: the longest a run lasts, slow requests' runs included; CI's 1 s run
//        fewer requests, each still failing the run when it is not 2xx)
//        --databases=sqlite,postgres  --write  --profile[=dir] (the child, the same bundle, runs with --cpu-prof,
//        and each cold run's login and calls are profiled alone: cold-<pid>.cpuprofile)
//        --listings=300 (stored listings; at least 9, one of each currency and class the
//        investments need: below 30, market.ts's listingNumbers takes those first)
//        --cold-runs=3 (fresh server processes for the cold home)  --cold-only (nothing else)
//        --together-only (each cold run one process, the calls together: none of the other three)
//        --warm-rounds=5 (the home's calls again on each, warm: the median; more for a profile)
//        --only=performance,Forever (the requests whose names contain one, alone: their table only)
//        --reuse[=dir] (with --cold-only or --only: keep each size's prepared database and account
//        between runs, scripts/server-bench/reuse.ts; its stored prices are written again as of now)
// SQLite uses a temporary file. PostgreSQL runs only when DATABASE_URL is a postgres:// URL, and
// its database is EMPTIED (drop schema public cascade) before every size; with --reuse, a database
// of its own per size is made (create database) on that server and kept instead.
// Exits 1 when a request failed (non-2xx, error or timeout) or a provider was asked before the
// first answer after a start. Targets never set the exit code: times on a shared machine are
// noisy.
import { mkdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { benchListingLoad, listingLoadRow, type ListingLoad } from '../market-bench';
import type { ColdFigures, Figures, StartFigures, WriteFigures } from './measures';
import { DATABASE_NAMES, DOC, log, readOptions } from './settings';
import { ProviderCounter } from './processes';
import { askedAtStart, coldSection, section, table, writeSection } from './report';
import { benchOne } from './bench-one';

async function main(): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg()[0];
  const options = readOptions(process.argv.slice(2));
  const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
    ? process.env.DATABASE_URL
    : undefined;
  const databases = options.databases.filter((db) => db === 'sqlite' || postgresUrl);
  if (options.databases.includes('postgres') && !postgresUrl)
    log('PostgreSQL skipped: DATABASE_URL is not a postgres:// URL.');
  if (options.profileDir) {
    mkdirSync(options.profileDir, { recursive: true });
    log(`CPU profiles of the server go to ${options.profileDir}`);
  }

  const figures: Figures[] = [];
  const writes: WriteFigures = { idle: [], mixed: [] };
  const starts: StartFigures[] = [];
  const colds: ColdFigures[] = [];
  const loads: ListingLoad[] = [];
  let resolutionMs = 0;
  const providers = await ProviderCounter.start();
  try {
    for (const db of databases) {
      for (const size of options.sizes) {
        const one = await benchOne(db, size, options, postgresUrl, providers);
        colds.push(one.cold);
        figures.push(...one.figures);
        if (one.idleWrites) writes.idle.push(one.idleWrites);
        writes.mixed.push(...one.mixed);
        if (one.start) starts.push(one.start);
        resolutionMs = one.resolutionMs || resolutionMs;
      }
      if (options.coldOnly || options.only) continue;
      const load = await benchListingLoad(db, postgresUrl);
      log(`${DATABASE_NAMES[db]}: a new listing: ${listingLoadRow(load)}`);
      loads.push(load);
    }
  } finally {
    await providers.close();
  }

  const text = options.coldOnly
    ? coldSection(colds, options).join('\n')
    : options.only
      ? table(figures)
      : section(colds, figures, writes, starts, loads, {
          options,
          databases,
          resolutionMs,
          wallMs: performance.now() - started,
          load: [loadBefore, loadavg()[0]],
        });
  console.log(text);
  if (options.write) {
    await writeSection(text);
    log(`wrote the "## Server" section of ${DOC}`);
  }
  const failed = [
    ...colds
      .filter((f) => f.status !== 200)
      .map((f) => `${DATABASE_NAMES[f.database]} ${f.events} cold home (${f.status})`),
    ...figures
      .filter((f) => f.failed > 0)
      .map((f) => `${DATABASE_NAMES[f.database]} ${f.events} ${f.endpoint}`),
    ...writes.idle
      .filter((f) => f.failure)
      .map((f) => `${f.database} ${f.events} single writes (${f.failure})`),
    ...writes.mixed
      .filter((f) => f.failed > 0)
      .map((f) => `${f.database} ${f.events} ${f.endpoint} mixed (${f.failures.join(', ')})`),
  ];
  if (failed.length > 0) {
    log(`failed requests in: ${failed.join(', ')}`);
    process.exitCode = 1;
  }
  for (const f of starts)
    log(
      `${DATABASE_NAMES[f.database]} ${f.events}: provider calls during the run: ${f.inRun.length}`,
    );
  for (const f of colds.filter((c) => c.asked.length > 0))
    log(
      `${DATABASE_NAMES[f.database]} ${f.events}: the cold home asked a provider ` +
        `${f.asked.length} times: ${f.asked.slice(0, 10).join(', ')}`,
    );
  const asked = starts.filter((f) => askedAtStart(f).length > 0);
  if (colds.some((c) => c.asked.length > 0)) process.exitCode = 1;
  for (const f of asked)
    log(
      `${DATABASE_NAMES[f.database]} ${f.events}: the first answers after a start asked a provider` +
        ` ${askedAtStart(f).length} times, where stored prices should do: ` +
        askedAtStart(f).slice(0, 10).join(', '),
    );
  if (asked.length > 0) process.exitCode = 1;
}

await main();
