// Opens the database a URL names and brings its schema up to date.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
  type SqliteDatabase,
} from 'kysely';
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
export interface OpenOptions {
  /**
   * Told when an idle PostgreSQL connection breaks (a restart, a failover, a proxy's timeout).
   * The pool replaces it; without a listener the error would end the process.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL connections opened at start and kept while idle (KEPT_CONNECTIONS unless given).
   * Each is a backend process of its own: the server tests, which start a server per test and
   * send one request at a time, keep one.
   */
  keptConnections?: number;
}

export async function openDatabase(
  url: string | undefined,
  options: OpenOptions = {},
): Promise<OpenedDatabase> {
  const { db, dialect, pool } = connect(url, options);
  try {
    await migrateToLatest(db, dialect);
    if (pool) await openConnections(pool, options.keptConnections ?? KEPT_CONNECTIONS);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { db, dialect, close: () => db.destroy() };
}

function connect(
  url: string | undefined,
  options: OpenOptions,
): { db: Kysely<Database>; dialect: SqlDialect; pool?: pg.Pool } {
  if (url === undefined) return { db: sqlite(DEFAULT_SQLITE_FILE), dialect: 'sqlite' };
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length);
    if (path === '') throw new Error(`The SQLite URL names no file; accepted: ${ACCEPTED}`);
    return { db: sqlite(path), dialect: 'sqlite' };
  }
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) {
    const pool = postgresPool(url, options);
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedPool(pool) }) }),
      dialect: 'postgres',
      pool,
    };
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
    // An acknowledged write survives a power cut (WAL's default, NORMAL, may lose the last ones).
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
  } catch (error) {
    database.close();
    throw error;
  }
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: keptStatements(database) }),
  });
}

/** The prepared statements kept, most used last; beyond it the least recently used go. */
const KEPT_STATEMENTS = 200;

/**
 * Kysely prepares each query's statement again; preparing cost as much as running a warm
 * request's queries (issue 37). A statement is reused once its run is over (every run here is
 * synchronous: nothing streams), and SQLite prepares it again itself after a schema change.
 */
function keptStatements(database: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = kept.get(sql);
      if (statement) kept.delete(sql);
      else statement = database.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > KEPT_STATEMENTS) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}

/** Named (prepared) statements kept per PostgreSQL connection; beyond them, unnamed. */
const NAMED_PER_CONNECTION = 256;
/** Selects with more values than this (long `in` lists) are not kept: each length is a statement. */
const NAMED_MAX_VALUES = 64;

/**
 * The pool as Kysely uses it, each connection's selects sent as named statements: PostgreSQL
 * parses (and, once it settles on a generic plan, plans) a named statement once per connection,
 * where an unnamed one is parsed and planned on every run (issue 37: parse and plan took longer
 * than running the home's small reads). Writes stay unnamed, as they were.
 */
function preparedPool(pool: pg.Pool): PostgresPool {
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let prepared = clients.get(client);
      if (!prepared) {
        prepared = preparedClient(client);
        clients.set(client, prepared);
      }
      return prepared;
    },
    end: () => pool.end(),
  };
}

function preparedClient(client: pg.PoolClient): PostgresPoolClient {
  /** Each statement's name on this connection, by its text. */
  const names = new Map<string, string>();
  const nameOf = (text: string, values: number): string | undefined => {
    const known = names.get(text);
    if (known !== undefined) return known;
    if (names.size >= NAMED_PER_CONNECTION || values > NAMED_MAX_VALUES) return undefined;
    if (!/^select\s/i.test(text)) return undefined;
    const name = `formue_${names.size + 1}`;
    names.set(text, name);
    return name;
  };
  function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    sqlOrCursor: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Kysely streams through a cursor only when given one; none is.
    if (typeof sqlOrCursor !== 'string') throw new Error('No cursor is configured');
    const values = [...parameters];
    const name = nameOf(sqlOrCursor, values.length);
    return run<R>({ text: sqlOrCursor, values, ...(name && { name }) });
  }
  async function run<R>(config: pg.QueryConfig): Promise<PostgresQueryResult<R>> {
    const result = await client.query<R & pg.QueryResultRow>(config);
    return {
      // What Kysely reads of it: pg types the command as any string.
      command: result.command as PostgresQueryResult<R>['command'],
      rowCount: result.rowCount ?? 0,
      rows: result.rows,
    };
  }
  return { query, release: () => client.release() };
}

/** int8 (epoch ms) as a JS number rather than pg's default string; ms fit in 2^53. */
function pgTypes(): pg.TypeOverrides {
  const types = new pg.TypeOverrides();
  types.setTypeParser(pg.types.builtins.INT8, Number);
  return types;
}

/**
 * PostgreSQL connections kept open while idle, and opened at start: a first request's reads (a
 * home's calls together, 4 investments' events in flight) would otherwise each wait for a new
 * connection and a new backend (issue 37). The home's calls together held up to 7 at once (pg11's
 * query log): with 4 kept, three new backends each took 25-105 ms over their first statements.
 */
export const KEPT_CONNECTIONS = 8;

/** Opens the pool's kept connections, so the first requests find them. */
async function openConnections(pool: pg.Pool, kept: number): Promise<void> {
  const opened = await Promise.allSettled(Array.from({ length: kept }, () => pool.connect()));
  for (const result of opened) if (result.status === 'fulfilled') result.value.release();
  const failed = opened.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

function postgresPool(url: string, options: OpenOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    types: pgTypes(),
    min: options.keptConnections ?? KEPT_CONNECTIONS,
  });
  // A connection that breaks while a request holds it (between the queries of a transaction,
  // say) tells only its client, where the pool listens just while it is idle: without a
  // listener of its own the error would end the process. The query that uses it fails (503),
  // and the pool drops it when it comes back.
  pool.on('connect', (client) => {
    let told = false;
    client.on('error', (error) => {
      if (!told) options.onConnectionError?.(error);
      told = true;
    });
  });
  // The pool repeats an idle client's error, already told above.
  pool.on('error', () => {});
  return pool;
}

/** PostgreSQL's codes for a server that is shutting down, starting, or a lost connection. */
const UNAVAILABLE_CODES = new Set([
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  // SQLite: the disk is full, or another writer holds the file past the busy timeout.
  'SQLITE_FULL',
  'SQLITE_BUSY',
  'SQLITE_IOERR',
]);

/**
 * Whether an error means the database cannot be used just now (rather than a bug): then the
 * answer is 503 with Retry-After, and the next request may find it back.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return /Connection terminated|connection timeout|terminating connection|Client has encountered a connection error/i.test(
    error.message,
  );
}
