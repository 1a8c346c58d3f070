// Replay checkpoints in the demo: in memory only, as its investments' versions are (they never
// repeat within the page, so a checkpoint of replaced tables matches no investment of the new).
import type { CheckpointAsked, ReplayCheckpointStore } from '../../contract/store';

export function memoryCheckpoints(): ReplayCheckpointStore {
  const kept = new Map<number, { version: number; data: Uint8Array }>();
  return {
    replayCheckpoints(asked: readonly CheckpointAsked[]) {
      return Promise.resolve(
        asked.map(({ investmentId, version }) => {
          const found = kept.get(investmentId);
          return found?.version === version ? found.data : undefined;
        }),
      );
    },

    keepReplayCheckpoint(investmentId: number, version: number, data: Uint8Array) {
      const before = kept.get(investmentId);
      if (before === undefined || before.version <= version)
        kept.set(investmentId, { version, data });
      return Promise.resolve();
    },
  };
}
