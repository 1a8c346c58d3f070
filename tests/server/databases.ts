// The database a server test runs on: SQLite in memory, or a schema of DATABASE_URL's PostgreSQL
// emptied first, so every test starts from the same state. Each vitest worker has its own
// schema, since test files run in parallel.
import pg from 'pg';

export const postgresUrl = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;

export async function freshDatabaseUrl(): Promise<string> {
  if (!postgresUrl) return 'sqlite::memory:';
  const schema = `formue_test_${process.env.VITEST_POOL_ID ?? process.pid}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${schema} cascade; create schema ${schema}`);
  } finally {
    await client.end();
  }
  const scoped = new URL(postgresUrl);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  return scoped.toString();
}

/**
 * Ends the connections the servers hold to DATABASE_URL's PostgreSQL, as a restart or a failover
 * would (the servers' pools connect without an application name); how many it ended.
 */
export async function endServerConnections(): Promise<number> {
  const admin = new pg.Client({ connectionString: postgresUrl, application_name: 'formue-test' });
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
