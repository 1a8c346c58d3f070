// Replay checkpoints over SQL: one row per investment, its latest (deflated on PostgreSQL).
import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import { sql } from 'kysely';
import type { ReplayCheckpointStore } from '../../../contract/store';
import type { SqlContext } from './context';

const deflated = promisify(deflate);
const inflated = promisify(inflate);

/** Inflated in one pass per checkpoint (about 680 kB at 5,000 events), not 16 kB ones. */
const CHUNK = 1 << 20;

export function sqlCheckpoints(ctx: SqlContext): ReplayCheckpointStore {
  // PostgreSQL sends a bytea as hex text: 27 MB of checkpoints at 200k events took 1.2-1.5 s to
  // read (issue 37), deflated (a third) and inflated off the event loop 0.3-0.6 s. SQLite hands
  // over its blobs as they are, faster than inflating them.
  const deflating = ctx.dialect === 'postgres';
  return {
    async replayCheckpoint(investmentId: number, version: number) {
      const query = ctx.db
        .selectFrom('replay_checkpoints')
        .where('investment_id', '=', investmentId)
        .where('version', '=', version);
      if (!deflating) return (await query.select('data').executeTakeFirst())?.data;
      // As base64 text, a third longer than its bytes, where node-postgres's bytea is hex, twice
      // as long and slower to turn back into bytes (issue 37: 580 ms of CPU at 200k events).
      const row = await query
        .select(sql<string>`encode(data, 'base64')`.as('data'))
        .executeTakeFirst();
      if (!row) return undefined;
      // A row kept before checkpoints were deflated is none: the events are read instead.
      return inflated(Buffer.from(row.data, 'base64'), { chunkSize: CHUNK }).catch(() => undefined);
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
