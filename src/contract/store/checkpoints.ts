// Replay checkpoints (issue 37): what a replay of an investment's events left, kept under the
// investment's version, so that a fresh process reads one row instead of all its events.

export interface ReplayCheckpointStore {
  /** The checkpoint kept for the investment at `version`; undefined if none is, or an older one. */
  replayCheckpoint(investmentId: number, version: number): Promise<Uint8Array | undefined>;
  /** Keeps `data` as the investment's checkpoint at `version`, replacing the one kept before. */
  keepReplayCheckpoint(investmentId: number, version: number, data: Uint8Array): Promise<void>;
}
