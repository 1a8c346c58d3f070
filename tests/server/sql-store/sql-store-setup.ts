// The SQL store tests' databases: SQLite in memory, and PostgreSQL when DATABASE_URL names one,
// a fresh schema for each test in the worker's own database: Kysely's migrator looks at every
// schema of its database, and one dropped beside it by another worker failed its migrations
// ("schema ... does not exist").
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, test } from 'vitest';
import { openDatabase } from '../../../src/server/sql/connect';
import type { OpenedDatabase } from '../../../src/server/sql/connect';
import { SqlStore } from '../../../src/server/sql/sql-store';
import { workerDatabaseUrl } from '../databases';

const PG_URL = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '')
  ? process.env.DATABASE_URL
  : undefined;

export const backends = [
  { name: 'SQLite', url: 'sqlite::memory:' },
  { name: 'PostgreSQL', url: PG_URL },
];

let schemaCount = 0;
// Apart from the schemas an earlier run that ended midway left in the worker's database.
const RUN = randomBytes(4).toString('hex');

/** A new empty database: SQLite in memory, or a schema of its own on PostgreSQL. */
async function freshDatabase(url: string): Promise<OpenedDatabase> {
  if (url.startsWith('sqlite:')) return openDatabase(url);
  const schema = `formue_test_${RUN}_${schemaCount++}`;
  const database = (await workerDatabaseUrl()).toString();
  const admin = new pg.Client({ connectionString: database });
  await admin.connect();
  const name = admin.escapeIdentifier(schema);
  await admin.query(`create schema ${name}`);
  const scoped = new URL(database);
  scoped.searchParams.set('options', `-c search_path=${schema}`);
  try {
    const opened = await openDatabase(scoped.toString());
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await admin.query(`drop schema ${name} cascade`);
        await admin.end();
      },
    };
  } catch (error) {
    await admin.query(`drop schema ${name} cascade`);
    await admin.end();
    throw error;
  }
}

/**
 * Called in a backend's `describe`: each test gets a store over a fresh database (`sql.store`),
 * and `it` skips where the backend is not configured.
 */
export function sqlStoreEachTest(url: string | undefined) {
  let opened: OpenedDatabase | undefined;
  let store: SqlStore | undefined;

  beforeEach(async () => {
    if (url === undefined) return;
    opened = await freshDatabase(url);
    store = new SqlStore(opened.db, opened.dialect);
  });

  afterEach(async () => {
    await opened?.close();
    opened = undefined;
    store = undefined;
  });

  const sql = {
    get store(): SqlStore {
      if (!store) throw new Error('no store outside a test');
      return store;
    },
    get opened() {
      return opened;
    },
    /** A user with one portfolio. */
    async owner(email = 'ann@example.com') {
      const user = await sql.store.createUser({ name: 'Ann', email, passwordHash: 'hash' });
      const portfolio = await sql.store.createPortfolio({ userId: user.id, name: 'Pension' });
      return { user, portfolio };
    },
  };
  return { it: test.skipIf(url === undefined), sql };
}
