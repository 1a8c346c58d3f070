// A query compiled once and run again with other values (src/server/sql/compiled-once.ts) reads
// what the query built afresh reads, on SQLite and on DATABASE_URL's PostgreSQL.
import { afterEach, describe, expect, it } from 'vitest';
import { CompiledOnce } from '../../../src/server/sql/compiled-once';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import type { Database } from '../../../src/server/sql/schema';
import { priceStore } from '../../../src/server/sql/market';
import { freshDatabaseUrl } from '../databases';

const opened: OpenedDatabase[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((database) => database.close()));
});

async function withStates(keys: readonly string[]) {
  const database = await openDatabase(await freshDatabaseUrl());
  opened.push(database);
  await database.db
    .insertInto('market_sync')
    .values(keys.map((key, index) => ({ key, version: index + 1, errors_in_row: 0 })))
    .execute();
  return database;
}

describe('CompiledOnce', () => {
  it('reads, with the values of each call, what the query built afresh reads', async () => {
    const keys = ['yahoo:A', 'yahoo:B', 'yahoo:C', 'coingecko:d', 'fx'];
    const { db } = await withStates(keys);
    const queries = new CompiledOnce<Database>(db);
    let built = 0;
    const versions = async (wanted: readonly string[]) => {
      const rows = await queries.rows('versions', wanted, (values) => {
        built++;
        return db
          .selectFrom('market_sync')
          .select(['key', 'version'])
          .where('key', 'in', values.map(String))
          .orderBy('key');
      });
      return rows.map((row) => `${row.key}@${row.version}`);
    };
    expect(await versions(['yahoo:A', 'fx'])).toEqual(['fx@5', 'yahoo:A@1']);
    expect(await versions(['yahoo:C', 'coingecko:d'])).toEqual(['coingecko:d@4', 'yahoo:C@3']);
    expect(await versions(['yahoo:B', 'nothing'])).toEqual(['yahoo:B@2']);
    expect(await versions(['yahoo:B', 'yahoo:C', 'fx'])).toEqual([
      'fx@5',
      'yahoo:B@2',
      'yahoo:C@3',
    ]);
    expect(await versions(['yahoo:A', 'yahoo:B', 'yahoo:C'])).toEqual([
      'yahoo:A@1',
      'yahoo:B@2',
      'yahoo:C@3',
    ]);
    // Compiled once per count of values.
    expect(built).toBe(2);
  });

  it('builds afresh a query holding a value of its own', async () => {
    const { db } = await withStates(['yahoo:A', 'yahoo:B', 'yahoo:C']);
    const queries = new CompiledOnce<Database>(db);
    let built = 0;
    const later = async (key: string) => {
      const rows = await queries.rows('later', [key], ([value]) => {
        built++;
        return db
          .selectFrom('market_sync')
          .select('key')
          .where('key', '>', String(value))
          .where('version', '>', 1)
          .orderBy('key');
      });
      return rows.map((row) => row.key);
    };
    expect(await later('yahoo:A')).toEqual(['yahoo:B', 'yahoo:C']);
    expect(await later('yahoo:B')).toEqual(['yahoo:C']);
    expect(built).toBe(2);
  });

  it("keeps the price store's sync states the database's after a write", async () => {
    const database = await withStates(['yahoo:A', 'yahoo:B']);
    const prices = priceStore(database.db, database.dialect);
    const versionsOf = async (keys: string[]) =>
      [...(await prices.syncStates(keys))].map(([key, state]) => `${key}@${state.version}`).sort();
    expect(await versionsOf(['yahoo:A', 'yahoo:B'])).toEqual(['yahoo:A@1', 'yahoo:B@2']);
    await database.db
      .updateTable('market_sync')
      .set({ version: 7 })
      .where('key', '=', 'yahoo:A')
      .execute();
    expect(await versionsOf(['yahoo:B', 'yahoo:A'])).toEqual(['yahoo:A@7', 'yahoo:B@2']);
    expect(await versionsOf(['yahoo:B'])).toEqual(['yahoo:B@2']);
  });
});
