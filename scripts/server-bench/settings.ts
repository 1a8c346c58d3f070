// The server bench's settings: its flags, the account's and the run's sizes, the requests timed,
// and the small helpers every part of it uses.
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CONNECTIONS = 20;
export const PORTFOLIOS = 5;
export const INVESTMENTS = 40;
/** The oldest investment starts this many years back. */
export const YEARS = 6;
export const IDLE_RUNS = 5;
/** Slow requests get longer runs (see benchOne), up to this. */
export const MAX_RUN_SECONDS = 120;
export const INSERT_CHUNK = 1000;
export const PASSWORD = 'bench-password';
export const DAY = 86_400_000;
export const YEAR = 365.25 * DAY;
export const DOC = 'docs/benchmarks.md';
export const CHILD = fileURLToPath(new URL('./child.ts', import.meta.url));

export type DatabaseKind = 'sqlite' | 'postgres';
export const DATABASE_NAMES: Record<DatabaseKind, string> = {
  sqlite: 'SQLite',
  postgres: 'PostgreSQL',
};

export interface Endpoint {
  name: string;
  /** `{portfolio}` stands for the account's first portfolio's id. */
  path: string;
  /** Cookies beyond the session's. */
  cookie: string;
  /** Timed alone only, not again with writes: the mixed runs keep to the home's requests. */
  alone?: true;
}
export const ENDPOINTS: readonly Endpoint[] = [
  { name: 'valuation', path: '/api/v1/user/valuation', cookie: '' },
  // With the benchmark's line, as home draws it.
  { name: 'Year chart', path: '/api/v1/user/chart', cookie: 'selected_period=Year' },
  { name: 'investments', path: '/api/v1/investments', cookie: '' },
  ...(['Year', 'Forever'] as const).flatMap((period): Endpoint[] => [
    {
      name: `performance ${period}`,
      path: '/api/v1/user/performance',
      cookie: `selected_period=${period}`,
      alone: true,
    },
    {
      name: `portfolio performance ${period}`,
      path: '/api/v1/portfolios/{portfolio}/performance',
      cookie: `selected_period=${period}`,
      alone: true,
    },
  ]),
  // The benchmark's longest line: every day of the account's history.
  {
    name: 'Forever chart',
    path: '/api/v1/user/chart',
    cookie: 'selected_period=Forever',
    alone: true,
  },
];

// ---------------------------------------------------------------------------------------------
// Flags

export interface Options {
  sizes: number[];
  duration: number;
  /** The longest a run under load lasts, even when slow requests would want longer (CI: 1 s). */
  maxRun: number;
  warmup: number;
  databases: DatabaseKind[];
  /** How many listings the stored prices have. */
  listings: number;
  write: boolean;
  /** Where the child writes its CPU profiles, if profiling. */
  profileDir: string | undefined;
  /** Fresh server processes per size for the cold home. */
  coldRuns: number;
  /** The cold home's calls together only: one process per cold run, not three (CI's run). */
  togetherOnly: boolean;
  /** Rounds of the home's calls on each of them after the cold ones (`--profile`: many). */
  warmRounds: number;
  /** Only the cold home: no runs under load, no new listing. */
  coldOnly: boolean;
  /** Only the requests whose names contain one of these, alone: no cold home, writes or listing. */
  only: string[] | undefined;
  /** Where prepared databases are kept between runs (reuse.ts), if reusing. */
  reuseDir: string | undefined;
}

export function readOptions(argv: readonly string[]): Options {
  const options: Options = {
    sizes: [2_000, 20_000, 200_000],
    duration: 10,
    maxRun: MAX_RUN_SECONDS,
    warmup: 2,
    databases: ['sqlite', 'postgres'],
    listings: 300,
    write: false,
    profileDir: undefined,
    coldRuns: 3,
    togetherOnly: false,
    warmRounds: 5,
    coldOnly: false,
    only: undefined,
    reuseDir: undefined,
  };
  const positive = (flag: string, raw: string) => {
    const value = Number(raw);
    if (!Number.isFinite(value) || value <= 0) throw new Error(`${flag} must be positive`);
    return value;
  };
  for (const arg of argv) {
    const [flag, raw = ''] = arg.split(/=(.*)/s, 2);
    if (flag === '--quick') options.sizes = [2_000, 20_000];
    else if (flag === '--sizes')
      options.sizes = raw.split(',').map((s) => Math.round(positive(flag, s)));
    else if (flag === '--duration') options.duration = positive(flag, raw);
    else if (flag === '--max-run') options.maxRun = positive(flag, raw);
    else if (flag === '--warmup') options.warmup = Number(raw) === 0 ? 0 : positive(flag, raw);
    else if (flag === '--listings') options.listings = Math.round(positive(flag, raw));
    else if (flag === '--write') options.write = true;
    else if (flag === '--cold-runs') options.coldRuns = Math.round(positive(flag, raw));
    else if (flag === '--together-only') options.togetherOnly = true;
    else if (flag === '--warm-rounds') options.warmRounds = Math.round(positive(flag, raw));
    else if (flag === '--cold-only') options.coldOnly = true;
    else if (flag === '--only') options.only = raw.split(',').filter(Boolean);
    else if (flag === '--profile') options.profileDir = raw || join(tmpdir(), 'server-bench-prof');
    else if (flag === '--reuse') options.reuseDir = raw || join(tmpdir(), 'formue-server-bench');
    else if (flag === '--databases') {
      options.databases = raw.split(',').map((name) => {
        if (name !== 'sqlite' && name !== 'postgres')
          throw new Error(`--databases takes sqlite and/or postgres, not "${name}"`);
        return name;
      });
    } else throw new Error(`Unknown flag ${arg}; see the top of scripts/server-bench/main.ts`);
  }
  // The section would lose every table but the cold one.
  if ((options.coldOnly || options.only) && options.write)
    throw new Error('--cold-only and --only do not --write');
  // The runs with writes would leave the kept account changed.
  if (options.reuseDir && !options.coldOnly && !options.only)
    throw new Error('--reuse goes with --cold-only or --only (runs that only read)');
  return options;
}

export function log(message: string): void {
  process.stderr.write(`${message}\n`);
}
