// `--reuse`: a prepared database kept between runs, so a cold-only run at 200k events fits a
// short slot (preparing the 200k account takes minutes, most of it PostgreSQL's bulk insert).
//
// Per database, size and listing count, one database kept under the reuse directory: SQLite a
// file in it, PostgreSQL a database of its own on DATABASE_URL's server (named from the size, the
// listings and the directory, so two directories keep two), beside a manifest (the account's
// owner, portfolios and investments) written once the account is in. A run finds the manifest and
// the account's owner in the database, or prepares anew (dropping what was there). A reused
// database gets its stored prices written again as of now (closes, quotes and rates, as a fresh
// one does: a quote left from an earlier run would be stale, and a refresh would ask a provider);
// the account and its replay checkpoints stay, so a reused run's first process finds them when
// the rates are the same: the rates' walk starts on a fixed day, so the days' rates stay and a
// later day only adds its own (a run says when stored rates changed since the preparation).
// Only runs that read (--cold-only, --only) reuse: the mixed runs' writes would change the account.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../../src/server/sql/connect';
import type { WriteTarget } from './mixed';
import type { DatabaseKind } from './settings';

export interface Prepared {
  email: string;
  portfolios: number[];
  investments: WriteTarget[];
}

interface Manifest extends Prepared {
  events: number;
  listings: number;
  preparedAt: string;
}

export interface ReusedDatabase {
  url: string;
  /** The account found in it; undefined when it was (re)made empty and needs preparing. */
  found: (Prepared & { preparedAt: string }) | undefined;
  /** After the account is in: the manifest that lets the next run find it. */
  keep(prepared: Prepared): void;
}

const postgresName = (dir: string, size: number, listings: number) =>
  `formue_bench_${size}_${listings}_${createHash('sha1').update(dir).digest('hex').slice(0, 8)}`;

/** Whether the manifest's owner has its investments in the database. */
async function accountThere(url: string, manifest: Manifest): Promise<boolean> {
  const opened = await openDatabase(url);
  try {
    const owner = await opened.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', manifest.email)
      .executeTakeFirst();
    if (!owner) return false;
    const ids = manifest.investments.map((i) => i.id);
    const rows = await opened.db
      .selectFrom('investments')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    return rows.length === ids.length;
  } catch {
    // No tables yet, or another schema: prepare anew.
    return false;
  } finally {
    await opened.close();
  }
}

/**
 * The kept database of this kind, size and listing count under `dir`, with its account when a
 * previous run prepared it; else an empty one (its old file or database dropped).
 */
export async function reusedDatabase(
  kind: DatabaseKind,
  size: number,
  listings: number,
  reuseDir: string,
  postgresUrl: string | undefined,
): Promise<ReusedDatabase> {
  const dir = resolve(reuseDir);
  mkdirSync(dir, { recursive: true });
  const stem = `${kind}-${size}-${listings}`;
  const manifestPath = join(dir, `${stem}.json`);
  let url: string;
  let server: URL | undefined;
  let name = '';
  if (kind === 'sqlite') url = `sqlite:${join(dir, `${stem}.sqlite`)}`;
  else {
    if (!postgresUrl) throw new Error('no PostgreSQL URL');
    server = new URL(postgresUrl);
    name = postgresName(dir, size, listings);
    const own = new URL(postgresUrl);
    own.pathname = `/${name}`;
    url = own.toString();
  }
  const keep = (prepared: Prepared) => {
    const manifest: Manifest = {
      ...prepared,
      events: size,
      listings,
      preparedAt: new Date().toISOString(),
    };
    writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  };

  const manifest = existsSync(manifestPath)
    ? (JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest)
    : undefined;
  if (manifest && (await databaseExists()) && (await accountThere(url, manifest)))
    return { url, found: manifest, keep };

  // Prepare anew: nothing of a half-made or foreign database left.
  rmSync(manifestPath, { force: true });
  if (kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm', '-journal'])
      rmSync(join(dir, `${stem}.sqlite${suffix}`), { force: true });
  } else
    await onServer(async (client) => {
      await client.query(`drop database if exists ${name}`);
      await client.query(`create database ${name}`);
    });
  return { url, found: undefined, keep };

  async function databaseExists(): Promise<boolean> {
    if (kind === 'sqlite') return existsSync(url.slice('sqlite:'.length));
    return onServer(async (client) => {
      const rows = await client.query('select 1 from pg_database where datname = $1', [name]);
      return rows.rowCount === 1;
    });
  }

  async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: server?.toString() });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
}
