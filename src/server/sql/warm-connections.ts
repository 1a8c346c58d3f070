// A fresh PostgreSQL backend loads each table's and index's catalogue entries on its first query
// of it, and parses each statement once per connection (connect.ts names the selects): on the
// cold home that took 5-100 ms a table and connection (issue 37, pg11's query log). At start,
// every kept connection runs the reads of a home's calls once, through the store's own code (so
// the statements are the ones requests send), with values that match no row; and opens the
// out-of-line storage (TOAST) of the kept answers and checkpoints, by one character of one row.
import { sql, type Kysely } from 'kysely';
import { priceStore } from './market';
import type { Database, SqlDialect } from './schema';
import { SqlStore } from './sql-store';
import { sqlKeptAnswers } from './store/kept-answers';

/** How long a connection waits for the others to be held: the pool may have fewer to give. */
const GATHER_MS = 1_000;

/**
 * Runs the home's reads on `connections` connections at once, each held by one pass (so every
 * kept connection gets one); resolves to how many passes ran whole. SQLite has nothing to warm.
 */
export async function warmConnections(
  db: Kysely<Database>,
  dialect: SqlDialect,
  connections: number,
): Promise<number> {
  if (dialect !== 'postgres' || connections <= 0) return 0;
  let held = 0;
  let gathered!: () => void;
  const all = new Promise<void>((resolve) => (gathered = resolve));
  const timer = setTimeout(gathered, GATHER_MS);
  const passes = Array.from({ length: connections }, () =>
    db.connection().execute(async (connection) => {
      held += 1;
      if (held === connections) gathered();
      await all;
      await homeReads(connection);
    }),
  );
  const settled = await Promise.allSettled(passes);
  clearTimeout(timer);
  return settled.filter((pass) => pass.status === 'fulfilled').length;
}

/** No row has id 0 or key '' (ids start at 1; keys are `provider:symbol`). */
const NONE = 0;
const NO_KEY = '';

async function homeReads(db: Kysely<Database>): Promise<void> {
  const store = new SqlStore(db, 'postgres');
  const request = store.forRequest();
  const prices = priceStore(db, 'postgres');
  const kept = sqlKeptAnswers(db);
  // One after the other: they share the one connection.
  await request.session(NO_KEY);
  await store.userById(NONE);
  await store.portfolios(NONE);
  await store.investments(NONE);
  await store.benchmark(NONE);
  await store.cashEvents([NONE]);
  await store.manualPrices([NONE]);
  await store.replayCheckpoints([{ investmentId: NONE, version: NONE }]);
  await store.investmentEvents(NONE);
  await kept.marketVersions([NO_KEY]);
  // A page's calls look for their answers together, one to three keys a statement.
  for (const keys of [1, 2, 3])
    await Promise.all(Array.from({ length: keys }, (_, key) => kept.keptAnswer(NONE, `${key}`)));
  await prices.syncStates([NO_KEY]);
  await prices.listings([NO_KEY]);
  await prices.closeSeriesOf([NO_KEY]);
  await prices.quotes([NO_KEY]);
  await prices.euroRates([NO_KEY]);
  // A kept answer's body and a checkpoint are stored out of line: their first read on a backend
  // opened that storage and its index (6-17 ms each under load), as a row matching nothing does not.
  await sql`select substr(body, 1, 1) from kept_answers limit 1`.execute(db);
  await sql`select substring(data from 1 for 1) from replay_checkpoints limit 1`.execute(db);
}
