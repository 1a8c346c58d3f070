// Replay checkpoints over SQL: one row per investment, its latest, deflated.
import { promisify } from 'node:util';
import { constants, deflate, inflate } from 'node:zlib';
import type { ReplayCheckpointStore } from '../../../contract/store';
import type { SqlContext } from './context';

const deflated = promisify(deflate);
const inflated = promisify(inflate);

export function sqlCheckpoints(ctx: SqlContext): ReplayCheckpointStore {
  return {
    async replayCheckpoint(investmentId: number, version: number) {
      const row = await ctx.db
        .selectFrom('replay_checkpoints')
        .select('data')
        .where('investment_id', '=', investmentId)
        .where('version', '=', version)
        .executeTakeFirst();
      if (!row) return undefined;
      // A row kept before checkpoints were deflated is none: the events are read instead.
      return inflated(row.data).catch(() => undefined);
    },

    async keepReplayCheckpoint(investmentId: number, version: number, data: Uint8Array) {
      // Deflated, a third of the bytes (issue 37: 27 MB at 200k events): PostgreSQL sends a
      // bytea as hex text, which cost 1.2-1.5 s to read. Off the event loop, both ways.
      const bytes = await deflated(data, { level: constants.Z_BEST_SPEED });
      await ctx.db
        .insertInto('replay_checkpoints')
        .values({ investment_id: investmentId, version, data: bytes })
        .onConflict((c) => c.column('investment_id').doUpdateSet({ version, data: bytes }))
        .execute();
    },
  };
}
