// The home's kept answers over SQL (migrations 0018 and 0019), and the market's sync versions
// they are fingerprinted with: the `market_sync` versions the live market's snapshot reads
// (PriceStore's `currentStates`), without the listings' prices, kept under the market's clock
// with them (migration 0020), so the request's snapshot then reads none.
import type { Kysely } from 'kysely';
import type { KeptAnswerRow, KeptAnswerStore } from '../../../contract/store/kept-answers';
import { marketClockOf } from '../market/clock';
import { inOneTurn } from '../one-turn';
import type { Database } from '../schema';

/** Infinity as SQL's null: neither database's float column round-trips it through both drivers. */
const finiteOrNull = (time: number) => (Number.isFinite(time) ? time : null);

export function sqlKeptAnswers(db: Kysely<Database>): KeptAnswerStore {
  const market = marketClockOf(db);
  /** A page's calls each look for their answer in the same turn: one statement per user. */
  const read = inOneTurn(async (asked: readonly { userId: number; key: string }[]) => {
    const keysOf = new Map<number, Set<string>>();
    for (const { userId, key } of asked)
      keysOf.set(userId, (keysOf.get(userId) ?? new Set()).add(key));
    const rows = (
      await Promise.all(
        [...keysOf].map(([userId, keys]) =>
          db
            .selectFrom('kept_answers')
            .selectAll()
            .where('user_id', '=', userId)
            .where('key', 'in', [...keys])
            .execute(),
        ),
      )
    ).flat();
    return asked.map(({ userId, key }) => {
      const row = rows.find((one) => one.user_id === userId && one.key === key);
      return (
        row && {
          userId,
          key,
          fingerprint: row.fingerprint,
          madeAt: Number(row.made_at),
          nowUntil: Number(row.now_until),
          startUntil: row.start_until === null ? Infinity : Number(row.start_until),
          body: row.body,
          ...(row.benchmark_since !== null && { benchmarkSince: row.benchmark_since }),
        }
      );
    });
  });
  return {
    keptAnswer: (userId, key) => read({ userId, key }),

    async keepAnswer(row: KeptAnswerRow) {
      const values = {
        fingerprint: row.fingerprint,
        made_at: row.madeAt,
        now_until: row.nowUntil,
        start_until: finiteOrNull(row.startUntil),
        body: row.body,
        benchmark_since: row.benchmarkSince ?? null,
      };
      await db
        .insertInto('kept_answers')
        .values({ user_id: row.userId, key: row.key, ...values })
        .onConflict((c) => c.columns(['user_id', 'key']).doUpdateSet(values))
        .execute();
    },

    async marketVersions(keys) {
      const states = await market.statesOf(keys);
      return new Map([...states].map(([key, state]) => [key, state.version]));
    },
  };
}
