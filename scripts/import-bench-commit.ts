// `npm run bench:import:commit`: the broker import's server side, a 10,000-row Nordnet export's
// rows (parsed here as the browser's worker does, of one instrument the market knows) sent over real HTTP to the Node server on a
// fresh database: POST /api/v1/imports?dry_run=1, then the commit (one transaction), timed.
// SQLite always (a temporary file); PostgreSQL too when DATABASE_URL is a postgres:// URL, whose
// database is EMPTIED (drop schema public cascade) first. The synthetic market answers, so no
// provider is asked. Prints figures; exits 1 when an answer is not the one expected (200, then
// 201 with every row the dry run passed imported), never on time.
// Flags: --rows=N (default 10000)  --runs=N (default 2: a fresh database each)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { parse } from '../src/domain/import';
import { KEPT_CONNECTIONS } from '../src/server/sql/connect';
import { startQuietServer } from '../tests/server/quiet-server';
import { manyNordnetLines, nordnetFile } from '../tests/unit/import/nordnet-file';

const flag = (name: string, fallback: number) => {
  const found = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return found ? Number(found.slice(name.length + 3)) : fallback;
};
const ROWS = flag('rows', 10_000);
const RUNS = flag('runs', 2);
const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;

/** A browser's session against `origin`: its cookies, and the XSRF header from them. */
function client(origin: string) {
  const jar = new Map<string, string>();
  return async (method: string, path: string, body?: unknown) => {
    const token = jar.get('XSRF-TOKEN');
    const response = await fetch(`${origin}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        'X-Requested-With': 'XMLHttpRequest',
        Cookie: [...jar].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; '),
        ...(token === undefined ? {} : { 'X-XSRF-TOKEN': token }),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), decodeURIComponent(pair.slice(at + 1)));
    }
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as unknown };
  };
}

async function emptyPostgres(url: string): Promise<void> {
  const database = new pg.Client({ connectionString: url });
  await database.connect();
  try {
    await database.query('drop schema public cascade; create schema public');
  } finally {
    await database.end();
  }
}

interface Run {
  dryRun: number;
  commit: number;
}

const expect = (what: string, ok: boolean, answer: { status: number; body: unknown }) => {
  if (!ok)
    throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 500)}`);
};

async function measure(databaseUrl: string, rows: unknown[]): Promise<Run> {
  const { app, origin } = await startQuietServer(
    databaseUrl,
    {},
    { keptConnections: KEPT_CONNECTIONS },
  );
  try {
    const send = client(origin);
    await send('GET', '/sanctum/csrf-cookie');
    const registered = await send('POST', '/api/v1/auth/register', {
      name: 'Bench',
      email: 'bench@example.com',
      password: 'secret-pass',
    });
    expect('register', registered.status === 200, registered);
    const portfolio = await send('POST', '/api/v1/portfolios', { name: 'Nordnet' });
    expect('portfolio', portfolio.status === 201, portfolio);
    const id = (portfolio.body as { data: { id: number } }).data.id;
    const request = { portfolio_id: id, source: 'nordnet', file_name: 'bench.csv', rows };
    let start = performance.now();
    const dry = await send('POST', '/api/v1/imports?dry_run=1', request);
    const dryRun = performance.now() - start;
    const counts = (dry.body as { counts?: { imported: number; errors: number } }).counts;
    expect('dry run', dry.status === 200 && counts !== undefined, dry);
    // A commit is refused while a row has an error: those the dry run refused stay out.
    const verdicts = (dry.body as { rows: { status: string }[] }).rows;
    const sent = { ...request, rows: rows.filter((_, i) => verdicts[i]?.status !== 'error') };
    start = performance.now();
    const committed = await send('POST', '/api/v1/imports', sent);
    const commit = performance.now() - start;
    const events = (committed.body as { data?: { events: number } }).data?.events;
    expect('commit', committed.status === 201 && events === counts!.imported, committed);
    console.log(`    ${counts!.imported} to import, ${counts!.errors} refused by the dry run`);
    return { dryRun, commit };
  } finally {
    await app.close();
  }
}

const parsed = await parse(nordnetFile(manyNordnetLines(ROWS)), { fileName: 'bench.csv' });
// The file's fund is made up; the synthetic market knows Novo Nordisk B, as the contract tests.
const rows = parsed.rows.map((row) => ({
  ...row,
  instrument: { isin: 'DK0062498333', name: 'Novo Nordisk B' },
}));
const databases: [string, () => Promise<string>][] = [];
const folder = mkdtempSync(join(tmpdir(), 'formue-import-commit-'));
let file = 0;
databases.push(['SQLite', () => Promise.resolve(`sqlite:${join(folder, `${++file}.sqlite`)}`)]);
if (postgresUrl)
  databases.push([
    'PostgreSQL',
    async () => {
      await emptyPostgres(postgresUrl);
      return postgresUrl;
    },
  ]);
console.log(
  `Nordnet export, ${rows.length} rows (buys and sells of one instrument), over HTTP, a fresh database per run, ${RUNS} runs; load average ${loadavg()
    .map((load) => load.toFixed(2))
    .join(' ')}`,
);
try {
  for (const [name, fresh] of databases) {
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) runs.push(await measure(await fresh(), rows));
    const list = (pick: (run: Run) => number) => runs.map((run) => pick(run).toFixed(0)).join(', ');
    console.log(
      `  ${name}: dry run ${list((r) => r.dryRun)} ms; commit (201) ${list((r) => r.commit)} ms`,
    );
  }
} finally {
  rmSync(folder, { recursive: true, force: true });
}
