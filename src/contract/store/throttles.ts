// Throttles: failed attempts (logins, reset requests) counted per key within a window.

/** Failed attempts under one throttle key within its window. */
export interface Attempts {
  count: number;
  /** Epoch ms when the window (and the lock) ends. */
  resetAt: number;
}

export interface ThrottleStore {
  attempts(key: string): Promise<Attempts | undefined>;
  /**
   * Counts one attempt under `key`, atomically (parallel requests each see their own count),
   * starting a new window of `windowMs` when the last one has ended; the count after it.
   */
  hitAttempt(key: string, now: number, windowMs: number): Promise<Attempts>;
  clearAttempts(key: string): Promise<void>;
}
