// A database handle that records every statement sent through it, for tests that count them.
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from '../../../src/server/sql/schema';

/**
 * Kysely's handle with every statement it sends recorded: those it builds (its plugin sees them
 * compiled) and those compiled once and run again (`CompiledOnce`, through `executeQuery`).
 */
export function recorded(db: Kysely<Database>) {
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
    transformResult: (args) => Promise.resolve(args.result),
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
