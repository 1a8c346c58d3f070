// Opens the database a URL names and brings its schema up to date.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { migrateToLatest } from './migrate';
import type { Database, SqlDialect } from './schema';

/** Where the server keeps its data when no URL is given. */
export const DEFAULT_SQLITE_FILE = './data/formue.sqlite';

export interface OpenedDatabase {
  db: Kysely<Database>;
  dialect: SqlDialect;
  close(): Promise<void>;
}

const ACCEPTED =
  'sqlite:<path>, sqlite::memory:, postgres://… or postgresql://… (unset: ' +
  `${DEFAULT_SQLITE_FILE})`;

/**
 * `undefined`: the embedded SQLite file; `sqlite:<path>` another file (`sqlite::memory:` in
 * memory); `postgres://…` or `postgresql://…` a PostgreSQL server.
 */
export async function openDatabase(url: string | undefined): Promise<OpenedDatabase> {
  const { db, dialect } = connect(url);
  try {
    await migrateToLatest(db, dialect);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, close: () => db.destroy() };
}

function connect(url: string | undefined): { db: Kysely<Database>; dialect: SqlDialect } {
  if (url === undefined) return { db: sqlite(DEFAULT_SQLITE_FILE), dialect: 'sqlite' };
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') throw new Error(`The SQLite URL names no file; accepted: ${ACCEPTED}`);
    return { db: sqlite(path), dialect: 'sqlite' };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    return { db: postgres(url), dialect: 'postgres' };
  }
  // Only the scheme: the rest of a URL may hold a password.
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  throw new Error(
    `Unsupported database URL${scheme ? ` scheme "${scheme}:"` : ''}; accepted: ${ACCEPTED}`,
  );
}

function sqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  // WAL lets readers (a backup, the sqlite3 shell) run beside the server's writes.
  try {
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
  } catch (error) {
    database.close();
    throw error;
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
}

/** int8 (epoch ms) as a JS number rather than pg's default string; ms fit in 2^53. */
function pgTypes(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, Number);
  return types;
}

function postgres(url: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString: url, types: pgTypes() });
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}
