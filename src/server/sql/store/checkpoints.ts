// Replay checkpoints over SQL: one row per investment, its latest (deflated on PostgreSQL).
import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import { sql } from 'kysely';
import type { CheckpointAsked, ReplayCheckpointStore } from '../../../contract/store';
import { IN_LIST_CHUNK, type SqlContext } from './context';

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/** The largest output buffer an inflate starts with (a checkpoint of 5,000 events is 680 kB). */
const MAX_CHUNK = 1 << 20;
const MIN_CHUNK = 1 << 14;

/**
 * The inflate's output buffer for `deflated` bytes: a checkpoint deflates to about a third, so
 * four times its length mostly fits in one chunk. A 1 MB buffer for every checkpoint cost 30 ms
 * of allocation on the event loop for the 40 small ones of a 20k-event account (issue 37).
 */
export function chunkFor(deflatedLength: number): number {
  let chunk = MIN_CHUNK;
  while (chunk < deflatedLength * 4 && chunk < MAX_CHUNK) chunk *= 2;
  return chunk;
}

export function sqlCheckpoints(ctx: SqlContext): ReplayCheckpointStore {
  // PostgreSQL sends a bytea as hex text: 27 MB of checkpoints at 200k events took 1.2-1.5 s to
  // read (issue 37), deflated (a third) and inflated off the event loop 0.3-0.6 s. SQLite hands
  // over its blobs as they are, faster than inflating them.
  const deflating = ctx.dialect === 'postgres';
  /**
   * A build's checkpoints in one statement (a cold home's 40 were 40 on SQLite and ten on
   * PostgreSQL, four at a time: issue 37), each row's version compared here too. On PostgreSQL as
   * base64 text, a third longer than its bytes, where node-postgres's bytea is hex, twice as long
   * and slower to turn back into bytes (580 ms of CPU at 200k events). Binary results would send
   * the bytes as they are, but node-postgres (pg-protocol 1.16) decodes every field of a row as
   * UTF-8 text before any type parser sees it, so a bytea's bytes come back changed.
   */
  async function rowsOf(asked: readonly CheckpointAsked[]) {
    // Only rows at an asked version: an outdated one's bytes would cross the wire to be dropped.
    if (deflating)
      return ctx.db
        .selectFrom('replay_checkpoints')
        .select(['investment_id', 'version', sql<string>`encode(data, 'base64')`.as('data')])
        .where(
          sql<boolean>`(investment_id, version) in (select * from unnest(${asked.map((one) => one.investmentId)}::int[], ${asked.map((one) => one.version)}::int[]))`,
        )
        .execute();
    const ids = [...new Set(asked.map((one) => one.investmentId))];
    const rows = [];
    // SQLite's statement takes a list of parameters: a few hundred at a time.
    for (let start = 0; start < ids.length; start += IN_LIST_CHUNK)
      rows.push(
        ...(await ctx.db
          .selectFrom('replay_checkpoints')
          .select(['investment_id', 'version', 'data'])
          .where('investment_id', 'in', ids.slice(start, start + IN_LIST_CHUNK))
          .execute()),
      );
    return rows;
  }

  return {
    async replayCheckpoints(asked: readonly CheckpointAsked[]) {
      if (asked.length === 0) return [];
      const rows = await rowsOf(asked);
      const found = new Map<number, { version: number; data: string | Uint8Array }>(
        rows.map((row) => [row.investment_id, row]),
      );
      // Inflated together, off the event loop.
      return Promise.all(
        asked.map(({ investmentId, version }) => {
          const row = found.get(investmentId);
          if (row?.version !== version) return Promise.resolve(undefined);
          if (typeof row.data !== 'string') return Promise.resolve(row.data);
          const bytes = Buffer.from(row.data, 'base64');
          // A row kept before checkpoints were deflated is none: the events are read instead.
          return inflated(bytes, { chunkSize: chunkFor(bytes.length) }).catch(() => undefined);
        }),
      );
    },

    async keepReplayCheckpoint(investmentId: number, version: number, data: Uint8Array) {
      const bytes = deflating
        ? await deflated(data, { level: constants.Z_BEST_SPEED })
        : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await ctx.db
        .insertInto('replay_checkpoints')
        .values({ investment_id: investmentId, version, data: bytes })
        // A slower build of an older version, written after a newer one, leaves it.
        .onConflict((c) =>
          c
            .column('investment_id')
            .doUpdateSet({ version, data: bytes })
            .where('replay_checkpoints.version', '<=', version),
        )
        .execute();
    },
  };
}
