// The database a server test runs on: SQLite in memory (a contract test's: a copy of a seeded file
// in /dev/shm), or on DATABASE_URL's PostgreSQL a schema emptied first, so every test starts from
// the same state. Test files run in parallel, so each
// vitest worker has a database of its own there: advisory locks and ended connections stay in it.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../src/server/sql/connect';
import { migrateToLatest } from '../../src/server/sql/migrate';
import { startQuietServer } from './quiet-server';

export const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;

// The soaks run beside the server tests on one PostgreSQL (.ci/run), in databases of their own.
const WORKER_DATABASE = `${process.env.FORMUE_TEST_DATABASE ?? 'formue_test'}_${process.env.VITEST_POOL_ID ?? process.pid}`;
/** PostgreSQL's code for "database already exists". */
const DUPLICATE_DATABASE = '42P04';

let workerDatabase: Promise<URL> | undefined;

/** This worker's database on DATABASE_URL's PostgreSQL, made on first use. */
export function workerDatabaseUrl(): Promise<URL> {
  return (workerDatabase ??= (async () => {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${WORKER_DATABASE}`);
    } catch (error) {
      if ((error as { code?: string }).code !== DUPLICATE_DATABASE) throw error;
    } finally {
      await admin.end();
    }
    const url = new URL(postgresUrl ?? '');
    url.pathname = `/${WORKER_DATABASE}`;
    return url;
  })());
}

export async function freshDatabaseUrl(): Promise<string> {
  if (!postgresUrl) return 'sqlite::memory:';
  await withClient(emptySchema);
  return scopedUrl();
}

/** This worker's database, its tables found in `formue`. */
async function scopedUrl(): Promise<string> {
  const scoped = new URL(await workerDatabaseUrl());
  scoped.searchParams.set('options', '-c search_path=formue');
  return scoped.toString();
}

/**
 * A migrated database with the demo account, as a server with `demo` makes it. On SQLite a copy,
 * for each test, of this worker's template, made once: migrating and seeding the demo took most
 * of a contract test's start (copies are files in memory, /dev/shm, where fsyncs cost nothing,
 * as in `sqlite::memory:`). On PostgreSQL the emptied schema with the demo's rows copied back in
 * from a schema beside it, seeded once per worker: seeding took two thirds of a test's start
 * there. A database made from a template per test was slower (149 s -> 174 s for the server
 * tests: docs/benchmarks.md, CI).
 *
 * On PostgreSQL also a pool for it, kept from test to test of a file, for the server to use
 * (StartOptions.database) instead of a pool of its own. A server's own pool
 * started a backend process for each connection, two a contract test, and each new backend read
 * the catalogue again for its first statements: most of PostgreSQL's CPU in a contract test
 * (prices and history tests: 16.2 s -> 3.1 s; docs/benchmarks.md, CI, pg12). The kept pool's connections
 * keep their prepared statements too. Closed after each file (tests/contract/hooks.ts).
 */
export async function demoDatabase(): Promise<{ url: string; database?: OpenedDatabase }> {
  if (!postgresUrl) return { url: await sqliteDemoCopy() };
  const url = await postgresDemoCopy();
  keptDatabase ??= openDatabase(url, { keptConnections: 1 });
  return { url, database: await keptDatabase };
}

let keptDatabase: Promise<OpenedDatabase> | undefined;

/**
 * A migrated database without rows (`freshDatabaseUrl`), and on PostgreSQL the kept pool for a
 * server to use instead of a pool of its own, as `demoDatabase` gives: a file using it calls
 * `keepDatabasesPerFile()`.
 */
export async function freshDatabase(): Promise<{ url: string; database?: OpenedDatabase }> {
  const url = await freshDatabaseUrl();
  if (!postgresUrl) return { url };
  const database = await (keptDatabase ??= openDatabase(url, { keptConnections: 1 }));
  // A schema made anew (a role that may not skip foreign keys) is migrated again; else this
  // reads only the migrations' table.
  await migrateToLatest(database.db, database.dialect);
  return { url, database };
}

/**
 * For a file whose servers start on `demoDatabase()` or `freshDatabase()` (the contract's files
 * through tests/contract/hooks.ts): after the file, its pool and its SQLite copies go.
 */
export function keepDatabasesPerFile(): void {
  afterAll(removeDemoCopies);
  afterAll(closeKeptDatabase);
}

/** After each file: the kept pool's connections end (its servers are closed). */
export async function closeKeptDatabase(): Promise<void> {
  const closing = keptDatabase;
  keptDatabase = undefined;
  await (await closing)?.close();
}

let sqliteTemplate: Promise<Buffer> | undefined;
let sqliteFolder: string | undefined;
let sqliteCopies = 0;

async function sqliteDemoCopy(): Promise<string> {
  sqliteFolder ??= mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'formue-'));
  const folder = sqliteFolder;
  const template = await (sqliteTemplate ??= (async () => {
    const path = join(folder, 'demo.sqlite');
    const { app } = await startQuietServer(`sqlite:${path}`, { demo: true });
    await app.close();
    const bytes = readFileSync(path);
    rmSync(path);
    return bytes;
  })());
  // The last test's copy goes: its server closed before the next one asks for a database.
  const last = join(folder, `${sqliteCopies}.sqlite`);
  for (const file of [last, `${last}-wal`, `${last}-shm`]) rmSync(file, { force: true });
  const copy = join(folder, `${++sqliteCopies}.sqlite`);
  writeFileSync(copy, template);
  return `sqlite:${copy}`;
}

/** The schema beside `formue` holding the demo's rows, and `formue`'s sequences as they were. */
const DEMO_SCHEMA = 'formue_demo';
let postgresDemo: Promise<{ tables: string[]; sequences: Sequence[] }> | undefined;

interface Sequence {
  name: string;
  last_value: string | null;
}

/**
 * On DATABASE_URL's PostgreSQL, this worker's schema holding the demo account and nothing else, as
 * a server with `demo` on a fresh one makes it, its rows copied back (seeding them took most of a
 * test server's start there).
 */
export async function postgresDemoCopy(): Promise<string> {
  if (!postgresDemo) {
    const url = await freshDatabaseUrl();
    // Taken anew in each process: one left by an earlier run may hold older code's rows.
    postgresDemo = (async () => {
      const { app } = await startQuietServer(url, { demo: true });
      await app.close();
      return withClient(async (client) => {
        const { tables, sequences } = await schemaContents(client);
        await client.query(
          [
            `drop schema if exists ${DEMO_SCHEMA} cascade`,
            `create schema ${DEMO_SCHEMA}`,
            ...tables.map(
              (table) => `create table ${DEMO_SCHEMA}.${table} as table formue.${table}`,
            ),
          ].join('; '),
        );
        return { tables, sequences };
      });
    })();
    await postgresDemo;
    return url;
  }
  const demo = await postgresDemo;
  // One round trip: the test's rows out, the demo's back in as they were, with the triggers (the
  // versions' counters) off. A schema another test dropped leaves the server to seed it.
  const restored = await withClient((client) =>
    client
      .query(
        [
          'set local session_replication_role = replica',
          ...demo.tables.map((table) => `delete from formue.${table}`),
          ...demo.tables.map(
            (table) =>
              `insert into formue.${table} overriding system value select * from ${DEMO_SCHEMA}.${table}`,
          ),
          ...demo.sequences.map((sequence) =>
            sequence.last_value === null
              ? `alter sequence formue.${sequence.name} restart`
              : `select setval('formue.${sequence.name}', ${sequence.last_value})`,
          ),
        ].join('; '),
      )
      .then(
        () => true,
        (error: unknown) => {
          if ((error as { code?: string }).code !== UNDEFINED_TABLE) throw error;
          return false;
        },
      ),
  );
  if (restored) return scopedUrl();
  // Seeded and copied again, as at first.
  postgresDemo = undefined;
  return postgresDemoCopy();
}

/**
 * The worker's own connection for emptying and copying back its database, kept from test to test:
 * each new connection is a backend process started for it, about 45 ms of PostgreSQL's CPU on
 * this machine (docs/benchmarks.md, CI, ci9). It never holds the worker's process open
 * (`allowExitOnIdle`), and its name keeps it from `endServerConnections`.
 */
let adminPool: pg.Pool | undefined;

async function withClient<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  adminPool ??= new pg.Pool({
    connectionString: (await workerDatabaseUrl()).toString(),
    application_name: 'formue-test',
    max: 1,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  });
  const client = await adminPool.connect();
  let failure: Error | undefined;
  try {
    return await work(client);
  } catch (error) {
    // A query's error leaves the connection usable; a broken one is not given out again.
    if (!(error instanceof pg.DatabaseError)) failure = error as Error;
    throw error;
  } finally {
    client.release(failure);
  }
}

/** `formue`'s data tables (not the migrator's), in name order, and its sequences. */
async function schemaContents(
  client: pg.PoolClient,
): Promise<{ migrated: boolean; tables: string[]; sequences: Sequence[] }> {
  const { rows: all } = await client.query<{ name: string }>(
    `select quote_ident(tablename) as name from pg_tables where schemaname = 'formue'
      order by tablename`,
  );
  const { rows: sequences } = await client.query<Sequence>(
    `select quote_ident(sequencename) as name, last_value::text from pg_sequences
      where schemaname = 'formue'`,
  );
  return {
    migrated: all.some((table) => table.name === 'kysely_migration'),
    tables: all.map((table) => table.name).filter((name) => !name.startsWith('kysely_migration')),
    sequences,
  };
}

/** After each file (tests/contract/hooks.ts), its servers closed: its copies go. */
export function removeDemoCopies(): void {
  if (sqliteFolder) rmSync(sqliteFolder, { recursive: true, force: true });
  sqliteFolder = undefined;
}

/** PostgreSQL's code for "relation does not exist". */
const UNDEFINED_TABLE = '42P01';
/** PostgreSQL's code for "permission denied" (here: a role that may not skip foreign keys). */
const INSUFFICIENT_PRIVILEGE = '42501';

/**
 * Empties the schema `formue`. Once a server has migrated it, its rows are deleted and its
 * sequences restarted, a third of the time of making the tables again, which every test would
 * pay; deleting in any order needs foreign keys skipped, which only a superuser may do. Else the
 * schema is made anew.
 */
async function emptySchema(client: pg.PoolClient): Promise<void> {
  const { migrated, tables, sequences } = await schemaContents(client);
  if (migrated && tables.length > 0) {
    // One query string runs as one transaction: all of it, or none.
    const statements = [
      'set local session_replication_role = replica',
      ...tables.map((table) => `delete from formue.${table}`),
      ...sequences.map((sequence) => `alter sequence formue.${sequence.name} restart`),
    ];
    try {
      await client.query(statements.join('; '));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== INSUFFICIENT_PRIVILEGE) throw error;
    }
  }
  await client.query('drop schema if exists formue cascade; create schema formue');
}

/**
 * Ends the connections the servers hold to this worker's database, as a restart or a failover
 * would (the servers' pools connect without an application name); how many it ended.
 */
export async function endServerConnections(): Promise<number> {
  const admin = new pg.Client({
    connectionString: (await workerDatabaseUrl()).toString(),
    application_name: 'formue-test',
  });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ ended: boolean }>(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and application_name = ''`,
    );
    return rows.filter((row) => row.ended).length;
  } finally {
    await admin.end();
  }
}
