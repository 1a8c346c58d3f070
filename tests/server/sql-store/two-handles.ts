// Two handles on one database, standing for two server processes, on SQLite and (with
// DATABASE_URL) PostgreSQL; and a handle that records every statement sent through it, for tests
// that count them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CompiledQuery, Kysely } from 'kysely';
import { afterEach } from 'vitest';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import type { Database } from '../../../src/server/sql/schema';
import { freshDatabaseUrl, postgresUrl } from '../databases';

/**
 * The databases to run on (`describe.each`) and `open`, two handles on a fresh one of them: all
 * closed and removed after each test.
 */
export function twoHandles(prefix: string) {
  const opened: OpenedDatabase[] = [];
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((database) => database.close()));
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });
  const backends = [
    {
      name: 'SQLite',
      url: () => {
        const folder = mkdtempSync(join(tmpdir(), prefix));
        folders.push(folder);
        return Promise.resolve(`sqlite:${join(folder, 'formue.sqlite')}`);
      },
    },
    ...(postgresUrl ? [{ name: 'PostgreSQL', url: freshDatabaseUrl }] : []),
  ];
  const open = async (url: string) => {
    const one = await openDatabase(url);
    opened.push(one);
    const two = await openDatabase(url);
    opened.push(two);
    return { one, two };
  };
  return { backends, open };
}

/**
 * Kysely's handle with every statement it sends recorded: those it builds (its plugin sees them
 * compiled) and those compiled once and run again (`CompiledOnce`, through `executeQuery`).
 * `held`: what each built statement's result waits for once the database has answered, so a test
 * can keep a read in flight.
 */
export function recorded(
  db: Kysely<Database>,
  held: () => Promise<void> = () => Promise.resolve(),
) {
  const statements: string[] = [];
  const executor = db.getExecutor();
  const compiled = new Set<unknown>();
  const spied = db.withPlugin({
    transformQuery: (args) => {
      const query: CompiledQuery = executor.compileQuery(args.node, args.queryId);
      statements.push(query.sql);
      compiled.add(args.node);
      return args.node;
    },
    transformResult: (args) => held().then(() => args.result),
  });
  const handle = new Proxy(spied, {
    get(target, property) {
      if (property === 'executeQuery')
        return (query: CompiledQuery) => {
          // Built here (and so recorded) unless its node was compiled before, and it runs again.
          if (!compiled.delete(query.query)) statements.push(query.sql);
          return target.executeQuery(query);
        };
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as () => unknown).bind(target) : value;
    },
  });
  return { spied: handle, statements };
}
