// `npm run bench:report`: the year report's speed (issue 39), GET /api/v1/reports/{year} for an
// account of 20k events over 8 years across 5 portfolios (the fifth an aktiesparekonto), on
// SQLite and (when DATABASE_URL is a postgres:// URL, whose database is EMPTIED) PostgreSQL.
// The account and the stored prices are the server bench's (scripts/server-bench/account.ts and
// market.ts); the measured server runs live with every provider at a local stand-in that answers
// 503, as there. Per database and year (last year's, the one filed, and this year's estimate):
// the first request after a start and a login, then the median of --runs more, one at a time.
// Prints figures with the load average, and the server process's CPU ms per warm request (from
// /proc, Linux only), which a loaded machine changes less than the wall clock; never a test.
// Flags: --events=20000  --runs=5  --listings=300  --profile[=dir] (the server with --cpu-prof)
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadAccount } from './server-bench/account';
import { seedMarket } from './server-bench/market';
import { freshDatabase, median } from './server-bench/measures';
import { ProviderCounter, Server } from './server-bench/processes';
import { logIn, type Session } from './server-bench/session';
import { DATABASE_NAMES, type DatabaseKind, log } from './server-bench/settings';

const YEARS = 8;

interface Options {
  events: number;
  runs: number;
  listings: number;
  profileDir: string | undefined;
}

function readOptions(argv: readonly string[]): Options {
  const options: Options = { events: 20_000, runs: 5, listings: 300, profileDir: undefined };
  for (const arg of argv) {
    const [flag, raw = ''] = arg.split(/=(.*)/s, 2);
    const value = Number(raw);
    if (flag === '--profile') options.profileDir = raw || join(tmpdir(), 'report-bench-prof');
    else if (!['--events', '--runs', '--listings'].includes(flag) || !(value > 0))
      throw new Error(`Unknown flag ${arg}; see the top of scripts/report-bench.ts`);
    else options[flag.slice(2) as 'events' | 'runs' | 'listings'] = Math.round(value);
  }
  return options;
}

/** The CPU ms a process has used (user + system), from /proc at 100 ticks a second. */
function cpuMs(pid: number | undefined): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One report request: its ms, or the status that failed it. */
async function timed(session: Session, year: number): Promise<number> {
  const started = performance.now();
  const answer = await session.request('GET', `/api/v1/reports/${year}`);
  if (answer.status !== 200) throw new Error(`GET /api/v1/reports/${year}: ${answer.status}`);
  return performance.now() - started;
}

async function benchDatabase(
  kind: DatabaseKind,
  options: Options,
  postgresUrl: string | undefined,
  providers: ProviderCounter,
): Promise<string[]> {
  const { url, cleanUp } = await freshDatabase(kind, postgresUrl);
  let server: Server | undefined;
  try {
    const seeded = await seedMarket(url, Date.now(), options.listings);
    const { email, portfolios } = await loadAccount(url, options.events, seeded.listings, YEARS);
    // On the synthetic market: the live one would ask the providers.
    server = await Server.start(url, undefined, undefined);
    const owner = await logIn(server.base, email);
    const ask = portfolios[portfolios.length - 1];
    await owner.expect(200, 'PATCH', `/api/v1/portfolios/${ask}`, {
      name: 'ASK',
      kind: 'aktiesparekonto',
    });
    await server.stop();

    server = await Server.start(url, options.profileDir, providers.url);
    const session = await logIn(server.base, email);
    const thisYear = new Date().getUTCFullYear();
    const rows: string[] = [];
    for (const year of [thisYear - 1, thisYear]) {
      const first = await timed(session, year);
      const warm: number[] = [];
      const cpuBefore = cpuMs(server.pid);
      for (let i = 0; i < options.runs; i++) warm.push(await timed(session, year));
      const cpu = (cpuMs(server.pid) - cpuBefore) / options.runs;
      const row = `| ${DATABASE_NAMES[kind]} | ${options.events} | ${year} | ${first.toFixed(0)} | ${median(warm).toFixed(0)} | ${warm.map((ms) => ms.toFixed(0)).join(', ')} | ${cpu.toFixed(0)} | ${loadavg()[0].toFixed(1)} |`;
      log(row);
      rows.push(row);
    }
    return rows;
  } finally {
    await server?.stop();
    cleanUp();
  }
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
    ? process.env.DATABASE_URL
    : undefined;
  const databases: DatabaseKind[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  const providers = await ProviderCounter.start();
  const rows: string[] = [];
  try {
    for (const kind of databases)
      rows.push(...(await benchDatabase(kind, options, postgresUrl, providers)));
  } finally {
    await providers.close();
  }
  console.log(
    [
      '| database | events | year | first ms | median ms | runs ms | server CPU ms per request | load average |',
      '| --- | ---: | ---: | ---: | ---: | --- | ---: | ---: |',
      ...rows,
      '',
      `Provider requests: ${providers.count} (the stored prices should do).`,
    ].join('\n'),
  );
}

await main();
