// Replay checkpoints over SQL: one row per investment, its latest.
import type { ReplayCheckpointStore } from '../../../contract/store';
import type { SqlContext } from './context';

export function sqlCheckpoints(ctx: SqlContext): ReplayCheckpointStore {
  return {
    async replayCheckpoint(investmentId: number, version: number) {
      const row = await ctx.db
        .selectFrom('replay_checkpoints')
        .select('data')
        .where('investment_id', '=', investmentId)
        .where('version', '=', version)
        .executeTakeFirst();
      return row?.data;
    },

    async keepReplayCheckpoint(investmentId: number, version: number, data: Uint8Array) {
      // Both drivers take a Buffer for a blob or bytea.
      const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      await ctx.db
        .insertInto('replay_checkpoints')
        .values({ investment_id: investmentId, version, data: bytes })
        .onConflict((c) => c.column('investment_id').doUpdateSet({ version, data: bytes }))
        .execute();
    },
  };
}
