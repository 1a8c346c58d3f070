// PostgreSQL's selects as named statements, one parse per connection (src/server/sql/connect.ts),
// and the kept connections warmed at start with the home's reads (warm-connections.ts): the same
// rows as unnamed statements read, and every kept connection holding the home's statements.
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import type { Database } from '../../../src/server/sql/schema';
import { warmConnections } from '../../../src/server/sql/warm-connections';
import { freshDatabaseUrl, postgresUrl } from '../databases';

const opened: OpenedDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

async function open(keptConnections: number): Promise<OpenedDatabase> {
  const database = await openDatabase(await freshDatabaseUrl(), { keptConnections });
  opened.push(database);
  return database;
}

/** The statements each of `count` connections holds, all held at once (so each is another). */
async function preparedOnEach(db: Kysely<Database>, count: number): Promise<string[][]> {
  let held = 0;
  let gathered!: () => void;
  const all = new Promise<void>((resolve) => (gathered = resolve));
  return Promise.all(
    Array.from({ length: count }, () =>
      db.connection().execute(async (connection) => {
        if (++held === count) gathered();
        await all;
        const { rows } = await sql<{
          statement: string;
        }>`select statement from pg_prepared_statements`.execute(connection);
        return rows.map((row) => row.statement);
      }),
    ),
  );
}

describe.skipIf(!postgresUrl)('PostgreSQL statements', () => {
  it('reads with named selects what each call asks, and names no write', async () => {
    const { db } = await open(1);
    await db
      .insertInto('market_sync')
      .values(['a', 'b', 'c'].map((key, index) => ({ key, version: index + 1, errors_in_row: 0 })))
      .execute();
    const version = async (key: string) =>
      (
        await db
          .selectFrom('market_sync')
          .select('version')
          .where('key', '=', key)
          .executeTakeFirst()
      )?.version;
    // More runs than PostgreSQL's five before it may settle on a generic plan.
    for (let round = 0; round < 4; round++) {
      expect(await version('a')).toBe(1);
      expect(await version('c')).toBe(3);
      expect(await version('none')).toBeUndefined();
    }
    await db.updateTable('market_sync').set({ version: 7 }).where('key', '=', 'c').execute();
    expect(await version('c')).toBe(7);

    const [statements] = await preparedOnEach(db, 1);
    expect(statements).toContain('select "version" from "market_sync" where "key" = $1');
    expect(statements.some((statement) => statement.startsWith('update'))).toBe(false);
    expect(statements.some((statement) => statement.startsWith('insert'))).toBe(false);
  });

  it('warms every kept connection with the home’s reads, which then find nothing', async () => {
    const { db, dialect } = await open(3);
    expect(await warmConnections(db, dialect, 3)).toBe(3);
    const each = await preparedOnEach(db, 3);
    for (const statements of each) {
      expect(statements.some((statement) => statement.includes('from "replay_checkpoints"'))).toBe(
        true,
      );
      expect(statements.some((statement) => statement.includes('from "sessions"'))).toBe(true);
      expect(statements.some((statement) => statement.includes('from "market_sync"'))).toBe(true);
    }
    expect(await db.selectFrom('sessions').select('id').execute()).toEqual([]);
  });
});

describe('warmConnections', () => {
  it('has nothing to warm on SQLite', async () => {
    const database = await openDatabase('sqlite::memory:');
    opened.push(database);
    expect(await warmConnections(database.db, database.dialect, 4)).toBe(0);
  });
});
