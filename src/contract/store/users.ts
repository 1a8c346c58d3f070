// Accounts and how their holders are recognised: sessions, "Remember me" and reset tokens.

export interface UserRow {
  id: number;
  name: string;
  email: string;
  /** Produced by the deployment's PasswordHasher (bcrypt on the server). */
  passwordHash: string;
}

/** Laravel's session: its cookie's id, the CSRF token and the logged-in user, if any. */
export interface Session {
  id: string;
  token: string;
  userId: number | null;
  /** Epoch ms of the last request; sessions idle longer than the lifetime are gone. */
  lastSeen: number;
}

/** A "Remember me" login: the digest of its cookie's token (never the token) and its end. */
export interface RememberToken {
  hash: string;
  userId: number;
  /** Epoch ms. */
  expiresAt: number;
  /** Epoch ms of its first use, after which a new token replaces it; null while unused. */
  usedAt: number | null;
}

/**
 * A password reset link's token: its digest, one per (lower-cased) e-mail address and one per
 * account. It belongs to the account it was made for, not to the address.
 */
export interface ResetToken {
  userId: number;
  email: string;
  hash: string;
  /** Epoch ms; the link expires an hour later. */
  createdAt: number;
}

export interface UserStore {
  userById(id: number): Promise<UserRow | undefined>;
  /** Case-insensitive, as e-mail addresses are stored lower-cased. */
  userByEmail(email: string): Promise<UserRow | undefined>;
  createUser(user: Omit<UserRow, 'id'>): Promise<UserRow>;
  updateUser(user: UserRow): Promise<void>;
}

export interface SessionStore {
  session(id: string): Promise<Session | undefined>;
  saveSession(session: Session): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of the user but `keep`. */
  deleteUserSessions(userId: number, keep: string): Promise<void>;
  /** Removes sessions last seen before `before` (epoch ms). */
  pruneSessions(before: number): Promise<void>;
  /**
   * Notes that the user logged in at `time`: whom a start prepares (the Node server's store;
   * absent where nothing is prepared).
   */
  recordLogin?(userId: number, time: number): Promise<void>;

  saveRememberToken(token: RememberToken): Promise<void>;
  /**
   * Marks the token of that digest used at `now` unless it was already, in one statement: the
   * token after it, with the time of its first use.
   */
  useRememberToken(hash: string, now: number): Promise<RememberToken | undefined>;
  deleteRememberToken(hash: string): Promise<void>;
  deleteUserRememberTokens(userId: number): Promise<void>;
  /** Removes tokens that expired before `expiredBefore`, or were used before `usedBefore`. */
  pruneRememberTokens(expiredBefore: number, usedBefore: number): Promise<void>;

  /** Adds the account's token, replacing the one the account or the address had. */
  saveResetToken(token: ResetToken): Promise<void>;
  /** Removes the address's token if it has that digest and answers it, atomically (single use). */
  takeResetToken(email: string, hash: string): Promise<ResetToken | undefined>;
  /** Ends the account's reset link: its address or password changed. */
  deleteUserResetTokens(userId: number): Promise<void>;
}
