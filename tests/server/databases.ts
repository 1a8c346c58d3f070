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
