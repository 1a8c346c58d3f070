// Brings a database to the latest schema. Migrations are imported statically (no directory
// scan) so the server can be bundled.
import { DEFAULT_MIGRATION_TABLE as MIGRATION_TABLE, Migrator, sql } from 'kysely';
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import type { Database, SqlDialect } from './schema';
import * as m0001 from './migrations/0001-initial';
import * as m0002 from './migrations/0002-investment-version';
import * as m0003 from './migrations/0003-market-data';
import * as m0004 from './migrations/0004-health';
import * as m0005 from './migrations/0005-idempotency';
import * as m0006 from './migrations/0006-imports';
import * as m0007 from './migrations/0007-auth-tokens';
import * as m0008 from './migrations/0008-owners-and-leases';
import * as m0009 from './migrations/0009-import-account';
import * as m0010 from './migrations/0010-listing-isin';
import * as m0011 from './migrations/0011-withholding-tax';
import * as m0012 from './migrations/0012-cash';
import * as m0013 from './migrations/0013-tax-year';
import * as m0014 from './migrations/0014-benchmarks';
import * as m0015 from './migrations/0015-replay-checkpoints';
import * as m0016 from './migrations/0016-close-series';
import * as m0017 from './migrations/0017-user-version';
import * as m0018 from './migrations/0018-kept-answers';
import * as m0019 from './migrations/0019-kept-answers-benchmark-since';
import * as m0020 from './migrations/0020-market-clock';
import * as m0021 from './migrations/0021-last-login';

/** Every migration, by name; names sort in the order they run. */
function migrations(dialect: SqlDialect): Record<string, Migration> {
  return {
    '0001-initial': { up: (db) => m0001.up(db, dialect), down: (db) => m0001.down(db) },
    '0002-investment-version': {
      up: (db) => m0002.up(db, dialect),
      down: (db) => m0002.down(db, dialect),
    },
    '0003-market-data': { up: (db) => m0003.up(db, dialect), down: (db) => m0003.down(db) },
    '0004-health': { up: (db) => m0004.up(db), down: (db) => m0004.down(db) },
    '0005-idempotency': { up: (db) => m0005.up(db), down: (db) => m0005.down(db) },
    '0006-imports': { up: (db) => m0006.up(db, dialect), down: (db) => m0006.down(db) },
    '0007-auth-tokens': { up: (db) => m0007.up(db), down: (db) => m0007.down(db) },
    '0008-owners-and-leases': { up: (db) => m0008.up(db), down: (db) => m0008.down(db) },
    '0009-import-account': { up: (db) => m0009.up(db), down: (db) => m0009.down(db) },
    '0010-listing-isin': { up: (db) => m0010.up(db), down: (db) => m0010.down(db) },
    '0011-withholding-tax': { up: (db) => m0011.up(db), down: (db) => m0011.down(db) },
    '0012-cash': { up: (db) => m0012.up(db, dialect), down: (db) => m0012.down(db) },
    '0013-tax-year': { up: (db) => m0013.up(db), down: (db) => m0013.down(db) },
    '0014-benchmarks': { up: (db) => m0014.up(db), down: (db) => m0014.down(db) },
    '0015-replay-checkpoints': {
      up: (db) => m0015.up(db, dialect),
      down: (db) => m0015.down(db),
    },
    '0016-close-series': { up: (db) => m0016.up(db, dialect), down: (db) => m0016.down(db) },
    '0017-user-version': {
      up: (db) => m0017.up(db, dialect),
      down: (db) => m0017.down(db, dialect),
    },
    '0018-kept-answers': { up: (db) => m0018.up(db), down: (db) => m0018.down(db) },
    '0019-kept-answers-benchmark-since': {
      up: (db) => m0019.up(db),
      down: (db) => m0019.down(db),
    },
    '0020-market-clock': {
      up: (db) => m0020.up(db, dialect),
      down: (db) => m0020.down(db, dialect),
    },
    '0021-last-login': { up: (db) => m0021.up(db), down: (db) => m0021.down(db) },
  };
}

/** Applies the pending migrations; returns their names (none when already up to date). */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: SqlDialect,
): Promise<string[]> {
  const all = migrations(dialect);
  // Kysely looks for its bookkeeping tables in every schema unless told one; pinning the
  // current schema keeps databases that live side by side in one PostgreSQL apart.
  const schema = dialect === 'postgres' ? await currentSchema(db) : undefined;
  if (await upToDate(db, schema, Object.keys(all))) return [];
  const provider: MigrationProvider = { getMigrations: () => Promise.resolve(all) };
  const migrator = new Migrator({
    db,
    provider,
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((r) => r.status === 'Error')?.migrationName;
    const reason = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(
      failed
        ? `Database migration ${failed} failed: ${reason}`
        : `Database migrations could not run: ${reason}`,
      { cause: error },
    );
  }
  return results.filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Whether the migrations run are exactly these: one read, where Kysely's migrator reads the
 * catalogue four times (the schemas and twice every table's columns) and takes its lock, at every
 * start, the heaviest of a new PostgreSQL backend's first statements (docs/benchmarks.md, CI,
 * pg12). Anything else (no table yet, a migration to run, one this code does not know) is the
 * migrator's to do or to refuse.
 */
async function upToDate(
  db: Kysely<Database>,
  schema: string | undefined,
  names: string[],
): Promise<boolean> {
  const table = schema === undefined ? sql.id(MIGRATION_TABLE) : sql.id(schema, MIGRATION_TABLE);
  try {
    const { rows } = await sql<{ name: string }>`select name from ${table}`.execute(db);
    const run = new Set(rows.map((row) => row.name));
    return run.size === names.length && names.every((name) => run.has(name));
  } catch {
    return false;
  }
}

async function currentSchema(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(
    db,
  );
  const schema = rows[0]?.schema;
  // Null when no schema on the search path exists; then no table could be created either.
  if (!schema) throw new Error('Database migrations could not run: no current schema');
  return schema;
}
