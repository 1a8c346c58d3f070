// Reads asked in one turn of the event loop, sent together once the turn's callbacks have run
// (issue 37): a page's calls, sent at once, each asking its session and its kept answer, would
// otherwise each cost a statement, a round trip and a socket write on the loop.

/**
 * `read` for one asked value, sharing a `send` with every other asked in the same turn. `send`
 * answers each asked value, in order. A value asked after a send left is asked in the next one,
 * never joined to one in flight, so it sees whatever was committed before it was asked.
 */
export function inOneTurn<A, R>(
  send: (asked: readonly A[]) => Promise<readonly R[]>,
): (asked: A) => Promise<R> {
  let waiting: { asked: A; resolve(result: R): void; reject(error: unknown): void }[] = [];
  const flush = () => {
    const reads = waiting;
    waiting = [];
    send(reads.map((read) => read.asked)).then(
      (results) => reads.forEach((read, index) => read.resolve(results[index])),
      (error: unknown) => reads.forEach((read) => read.reject(error)),
    );
  };
  return (asked) =>
    new Promise<R>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ asked, resolve, reject });
    });
}
