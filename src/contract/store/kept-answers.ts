// The home's answers kept exactly (issue 37): one row per user and answer, so that a fresh
// process answers from it (kept-answers.ts in the contract says when a row may be used).

export interface KeptAnswerRow {
  userId: number;
  /** Which answer: `valuation Year`, `chart Year`, … */
  key: string;
  /** Everything the answer is made from, but the time (`KeptAnswers.fingerprint`). */
  fingerprint: string;
  /** The instant it was made at. */
  madeAt: number;
  /** The first instant at which what it read at `madeAt` may step. */
  nowUntil: number;
  /** The same at the period's start (Infinity when the start does not move with the time). */
  startUntil: number;
  /** The answer's JSON body. */
  body: string;
  /**
   * A chart made without a benchmark line, none chosen and the default not placed: the day from
   * which the default is wanted (`KeptSources.benchmarkUnplaced`).
   */
  benchmarkSince?: string;
}

export interface KeptAnswerStore {
  keptAnswer(userId: number, key: string): Promise<KeptAnswerRow | undefined>;
  /** Adds or replaces the user's row of `key`. */
  keepAnswer(row: KeptAnswerRow): Promise<void>;
  /** The market's sync version of each key (listings, and the rates' key); 0 for one not synced. */
  marketVersions(keys: readonly string[]): Promise<Map<string, number>>;
}
