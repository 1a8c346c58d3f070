// Queries every request runs (its session, the held listings' sync states) compiled once and
// run again with the request's values: Kysely builds and compiles a query anew each time, which
// cost about as long as SQLite took to run these (issue 37, warm home).
import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';

/** Shapes kept per query: one per count of values (an `in` list's length). */
const SHAPES_KEPT = 64;

export class CompiledOnce<DB> {
  private readonly kept = new Map<string, CompiledQuery | false>();

  constructor(private readonly db: Kysely<DB>) {}

  /**
   * `build(values)`'s rows. Its compiled query is kept under `name` and the count of `values`
   * when its parameters are exactly `values`, in order (a query whose SQL holds no other value),
   * and then run again with the next call's values in their places; otherwise built each time.
   */
  async rows<R>(
    name: string,
    values: readonly unknown[],
    build: (values: readonly unknown[]) => Compilable<R>,
  ): Promise<R[]> {
    const shape = `${name}/${values.length}`;
    const kept = this.kept.get(shape);
    if (kept) {
      const query: CompiledQuery<R> = { ...(kept as CompiledQuery<R>), parameters: values };
      return (await this.db.executeQuery(query)).rows;
    }
    const compiled = build(values).compile();
    if (kept === undefined && this.kept.size < SHAPES_KEPT)
      this.kept.set(shape, sameValues(compiled.parameters, values) && compiled);
    const result: QueryResult<R> = await this.db.executeQuery(compiled);
    return result.rows;
  }
}

function sameValues(parameters: readonly unknown[], values: readonly unknown[]): boolean {
  return (
    parameters.length === values.length &&
    parameters.every((parameter, index) => Object.is(parameter, values[index]))
  );
}
