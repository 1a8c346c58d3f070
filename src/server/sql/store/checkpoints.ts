// Replay checkpoints over SQL: one row per investment, its latest (deflated on PostgreSQL).
import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import { sql } from 'kysely';
import type { ReplayCheckpointStore } from '../../../contract/store';
import { inOneTurn } from '../one-turn';
import type { SqlContext } from './context';

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
   * One statement for the reads asked in one turn (a cold home asks four at once, and four more
   * as those are answered): each is a round trip and a socket write on the loop (issue 37). As
   * base64 text, a third longer than its bytes, where node-postgres's bytea is hex, twice as long
   * and slower to turn back into bytes (580 ms of CPU at 200k events). Binary results would send
   * the bytes as they are, but node-postgres (pg-protocol 1.16) decodes every field of a row as
   * UTF-8 text before any type parser sees it, so a bytea's bytes come back changed.
   */
  const read = inOneTurn(async (asked: readonly { investmentId: number; version: number }[]) => {
    const ids = [...new Set(asked.map((one) => one.investmentId))];
    const rows = await ctx.db
      .selectFrom('replay_checkpoints')
      .select(['investment_id', 'version', sql<string>`encode(data, 'base64')`.as('data')])
      .where('investment_id', '=', sql<number>`any(${ids})`)
      .execute();
    const found = new Map(rows.map((row) => [row.investment_id, row]));
    // Inflated together, and answered together: the reads asked next come in one turn again.
    return Promise.all(
      asked.map(({ investmentId, version }) => {
        const row = found.get(investmentId);
        if (row?.version !== version) return Promise.resolve(undefined);
        const bytes = Buffer.from(row.data, 'base64');
        // A row kept before checkpoints were deflated is none: the events are read instead.
        return inflated(bytes, { chunkSize: chunkFor(bytes.length) }).catch(() => undefined);
      }),
    );
  });

  return {
    async replayCheckpoint(investmentId: number, version: number) {
      if (!deflating) {
        return (
          await ctx.db
            .selectFrom('replay_checkpoints')
            .select('data')
            .where('investment_id', '=', investmentId)
            .where('version', '=', version)
            .executeTakeFirst()
        )?.data;
      }
      return read({ investmentId, version });
    },

    async keepReplayCheckpoint(investmentId: number, version: number, data: Uint8Array) {
      const bytes = deflating
        ? await deflated(data, { level: constants.Z_BEST_SPEED })
        : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await ctx.db
        .insertInto('replay_checkpoints')
        .values({ investment_id: investmentId, version, data: bytes })
        .onConflict((c) => c.column('investment_id').doUpdateSet({ version, data: bytes }))
        .execute();
    },
  };
}
