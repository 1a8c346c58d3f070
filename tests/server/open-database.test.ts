// @vitest-environment node
// Opening a database from its URL, and a read of no investments that asks the database nothing.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import { describe, expect, test } from 'vitest';
import { openDatabase } from '../../src/server/sql/connect';
import type { Database } from '../../src/server/sql/schema';
import { SqlStore } from '../../src/server/sql/sql-store';

test('events of no investments asks the database nothing', async () => {
  const unreachable = new Kysely<Database>({
    dialect: new SqliteDialect({ database: () => Promise.reject(new Error('queried')) }),
  });
  expect(await new SqlStore(unreachable, 'sqlite').events([])).toEqual([]);
  await expect(new SqlStore(unreachable, 'sqlite').events([1])).rejects.toThrow('queried');
});

describe('openDatabase', () => {
  test('refuses an unknown scheme, naming the accepted forms but not the password', async () => {
    const refused = openDatabase('mysql://user:secret@localhost/formue');
    await expect(refused).rejects.toThrow(
      /"mysql:".*sqlite:<path>.*postgres:\/\/.*postgresql:\/\//,
    );
    await expect(refused).rejects.not.toThrow(/secret/);
    await expect(openDatabase('sqlite:')).rejects.toThrow(/accepted/);
  });

  test('opens a SQLite file in WAL mode with foreign keys, creating its folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-sql-'));
    try {
      const file = join(dir, 'nested', 'formue.sqlite');
      const first = await openDatabase(`sqlite:${file}`);
      expect(existsSync(file)).toBe(true);
      const value = async (query: RawBuilder<Record<string, unknown>>) => {
        const { rows } = await query.execute(first.db);
        return Object.values(rows[0] ?? {})[0];
      };
      expect(await value(sql`pragma journal_mode`)).toBe('wal');
      expect(await value(sql`pragma foreign_keys`)).toBe(1);
      expect(await value(sql`pragma busy_timeout`)).toBe(5000);
      const ann = await new SqlStore(first.db, first.dialect).createUser({
        name: 'Ann',
        email: 'ann@example.com',
        passwordHash: 'h',
      });
      // A portfolio of nobody: foreign keys are enforced.
      await expect(
        new SqlStore(first.db, first.dialect).createPortfolio({ userId: 999, name: 'x' }),
      ).rejects.toThrow(/FOREIGN KEY/);
      await first.close();

      const again = await openDatabase(`sqlite:${file}`);
      expect(await new SqlStore(again.db, again.dialect).userById(ann.id)).toEqual(ann);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('refuses a database migrated by newer code, and opens one migrated by its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-sql-'));
    try {
      const url = `sqlite:${join(dir, 'formue.sqlite')}`;
      const first = await openDatabase(url);
      await sql`insert into kysely_migration (name, timestamp) values ('9999-newer', '')`.execute(
        first.db,
      );
      await first.close();
      await expect(openDatabase(url)).rejects.toThrow(/9999-newer is missing/);

      const second = await openDatabase(url.replace('formue.sqlite', 'other.sqlite'));
      await second.close();
      const again = await openDatabase(url.replace('formue.sqlite', 'other.sqlite'));
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(
        again.db,
      );
      expect(rows.map((row) => row.name)).toContain('0019-kept-answers-benchmark-since');
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
