// Replay checkpoints (issue 37): what a replay of an investment's events left, kept under the
// investment's version, so that a fresh process reads one row instead of all its events.

/** An investment's checkpoint asked for at the investment's version. */
export interface CheckpointAsked {
  investmentId: number;
  version: number;
}

export interface ReplayCheckpointStore {
  /**
   * The checkpoints kept for these investments, each at its `version`, in one read (a build's
   * whole list: issue 37), answered in the order asked: each undefined if none is kept, or one
   * at another version. An investment asked twice gets its answer twice.
   */
  replayCheckpoints(asked: readonly CheckpointAsked[]): Promise<(Uint8Array | undefined)[]>;
  /**
   * Keeps `data` as the investment's checkpoint at `version`, replacing the one kept before unless
   * that one is of a newer version (a slower build of an older one, written after it).
   */
  keepReplayCheckpoint(investmentId: number, version: number, data: Uint8Array): Promise<void>;
}
