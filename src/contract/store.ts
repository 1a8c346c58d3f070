// The store port: everything the contract reads and writes. The mock implements it in memory,
// the server over SQL (SQLite or PostgreSQL). Rows belong to users; the contract asks only for
// a user's own rows, so another user's ids behave as unknown.
import type { InstrumentType } from '../domain/types';
import type { KeptRequest } from './idempotency';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  /** Produced by the deployment's PasswordHasher (bcrypt on the server). */
  passwordHash: string;
}

export interface PortfolioRow {
  id: number;
  userId: number;
  name: string;
}

export interface InvestmentRow {
  id: number;
  userId: number;
  portfolioId: number;
  name: string;
  type: InstrumentType;
  /** ISIN or crypto symbol, normalised (trimmed, upper-cased). */
  code: string;
  /**
   * The listing its prices come from, as `provider:symbol` (`yahoo:NOVO-B.CO`); null when no
   * provider knows the instrument (then typed prices and trades value it) or the market is
   * the demo's, which prices by code.
   */
  listing: string | null;
  /**
   * Changes whenever the investment's events do, never back to an earlier value: what a replay
   * of them is cached under, also across server processes.
   */
  version: number;
}

/** An investment before the store gives it an id; without a listing it has none. */
export type NewInvestment = Omit<InvestmentRow, 'id' | 'version' | 'listing'> & {
  listing?: string | null;
};

/** Where an imported event came from: its batch, and the broker's own id of its row. */
export interface EventOrigin {
  batchId: number;
  source: string;
  /** Unique per portfolio and source (the store's unique index). */
  externalId?: string;
  /** The portfolio `externalId` is unique in. */
  portfolioId: number;
}

/**
 * An event as entered: amounts in `currency`, converted to DKK at `time` when read, or at
 * `exchangeRate` (DKK per unit, the broker's) when the event has one.
 */
export type EventRow = {
  id: number;
  investmentId: number;
  time: number;
  currency: string;
  exchangeRate?: number;
  /** Absent for a typed event. */
  origin?: EventOrigin;
  /** Changed by a correction since it was entered or imported. */
  edited?: boolean;
} & (
  | { kind: 'buy' | 'sell'; shares: number; price: number; fee: number }
  | { kind: 'dividend'; amount: number }
  | {
      kind: 'split';
      sharesAfter: number;
      fee: number;
      soldShares: number;
      soldPrice: number;
      hide: boolean;
      /** Shares held just before the split, kept for the transaction list. */
      fromShares: number;
    }
);

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** An event before the store gives it an id. */
export type EventDraft = DistributiveOmit<EventRow, 'id'>;

/** What an event says, whichever investment it belongs to. */
export type EventFacts = DistributiveOmit<EventRow, 'id' | 'investmentId'>;

/** A price the user typed for one day of an investment: it wins over a provider's that day. */
export interface ManualPriceRow {
  investmentId: number;
  /** YYYY-MM-DD. */
  day: string;
  /** Exact decimal text, per unit, in `currency`. */
  price: string;
  currency: string;
}

/** What a committed import is counted as, and what it created (its undo may remove them). */
export interface ImportBatchRow {
  id: number;
  userId: number;
  portfolioId: number;
  source: string;
  fileName: string | null;
  /** The broker's account the file was of (Nordnet `Depot`), or null. */
  account: string | null;
  /** Epoch ms. */
  createdAt: number;
  counts: { imported: number; duplicates: number; skipped: number; errors: number };
  created: { portfolios: number[]; investments: number[] };
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

/** Failed attempts under one throttle key within its window. */
export interface Attempts {
  count: number;
  /** Epoch ms when the window (and the lock) ends. */
  resetAt: number;
}

export interface Store {
  userById(id: number): Promise<UserRow | undefined>;
  /** Case-insensitive, as e-mail addresses are stored lower-cased. */
  userByEmail(email: string): Promise<UserRow | undefined>;
  createUser(user: Omit<UserRow, 'id'>): Promise<UserRow>;
  updateUser(user: UserRow): Promise<void>;

  portfolios(userId: number): Promise<PortfolioRow[]>;
  createPortfolio(portfolio: Omit<PortfolioRow, 'id'>): Promise<PortfolioRow>;
  renamePortfolio(id: number, name: string): Promise<void>;

  investments(userId: number): Promise<InvestmentRow[]>;
  /** The investment's version now (see InvestmentRow.version); undefined once it is deleted. */
  investmentVersion(id: number): Promise<number | undefined>;
  /** The investment and its first event, together or not at all. */
  createInvestment(investment: NewInvestment, first: EventFacts): Promise<InvestmentRow>;
  renameInvestment(id: number, name: string): Promise<void>;
  /** Points the investment at another listing (`provider:symbol`), or none. */
  setListing(id: number, listing: string | null): Promise<void>;
  /** The investment with its events. */
  deleteInvestment(id: number): Promise<void>;
  /** The portfolio with its investments and their events. */
  deletePortfolio(id: number): Promise<void>;

  /** The events of these investments, in the order they were entered. */
  events(investmentIds: readonly number[]): Promise<EventRow[]>;
  /** One event by its id, whoever's it is (the caller checks the owner). */
  event(id: number): Promise<EventRow | undefined>;
  /** These three change the investment's version with its events. */
  addEvent(event: EventDraft): Promise<EventRow>;
  /** Replaces the event of the same id, keeping its place in entry order. */
  updateEvent(event: EventRow): Promise<void>;
  deleteEvent(id: number): Promise<void>;

  /** Adds events in this order, as `addEvent` one by one would. */
  addEvents(events: readonly EventDraft[]): Promise<void>;
  /** Events of the user with an external id, in these portfolios. */
  externalIds(
    portfolioIds: readonly number[],
  ): Promise<{ portfolioId: number; source: string; externalId: string }[]>;

  /** The user's import batches, by id, with how many events each still holds. */
  imports(userId: number): Promise<(ImportBatchRow & { events: number })[]>;
  createImport(batch: Omit<ImportBatchRow, 'id'>): Promise<ImportBatchRow>;
  /** Records what the batch created, once its events are written. */
  setImportCreated(id: number, created: ImportBatchRow['created']): Promise<void>;
  /** The events a batch created that are still there. */
  importEvents(id: number): Promise<EventRow[]>;
  /** The batch row and its events; the caller removes what it created. */
  deleteImport(id: number): Promise<void>;

  /** Typed prices of these investments, by investment then day. */
  manualPrices(investmentIds: readonly number[]): Promise<ManualPriceRow[]>;
  /** Adds or replaces the price of that day; changes the investment's version. */
  saveManualPrice(price: ManualPriceRow): Promise<void>;
  /** Whether there was a price on that day to delete; changes the investment's version. */
  deleteManualPrice(investmentId: number, day: string): Promise<boolean>;

  /** A provider's split or dividend the user chose not to record: `kind:day` of each. */
  dismissedActions(investmentId: number): Promise<string[]>;
  dismissAction(investmentId: number, kind: 'split' | 'dividend', day: string): Promise<void>;

  session(id: string): Promise<Session | undefined>;
  saveSession(session: Session): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** Ends every session of the user but `keep`. */
  deleteUserSessions(userId: number, keep: string): Promise<void>;
  /** Removes sessions last seen before `before` (epoch ms). */
  pruneSessions(before: number): Promise<void>;

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

  attempts(key: string): Promise<Attempts | undefined>;
  /**
   * Counts one attempt under `key`, atomically (parallel requests each see their own count),
   * starting a new window of `windowMs` when the last one has ended; the count after it.
   */
  hitAttempt(key: string, now: number, windowMs: number): Promise<Attempts>;
  clearAttempts(key: string): Promise<void>;

  /**
   * Claims an idempotency key of a user for a request, held until `leaseUntil`: undefined when
   * it is new (or its last use is older than `expiredBefore`), or when the same request still
   * runs under it with a lease that ended before `now` and nothing saved (its process died: this
   * request takes the claim over); else what is kept of the earlier request. Atomic: of two
   * claims at once, one gets undefined.
   */
  claimRequest(
    userId: number,
    key: string,
    fingerprint: string,
    now: number,
    expiredBefore: number,
    leaseUntil: number,
  ): Promise<KeptRequest | undefined>;
  /** Extends a running claim's lease: its process is alive. */
  renewClaim(userId: number, key: string, leaseUntil: number): Promise<void>;
  /**
   * This store for the request holding the claim: each write of the user's records through it
   * also marks the claim saved, in that write's transaction, so a repeat after its process died
   * never runs the write again.
   */
  forClaim(userId: number, key: string): Store;
  keepAnswer(userId: number, key: string, status: number, body: string | null): Promise<void>;
  /** Forgets a claim whose request failed, so a retry runs it. */
  releaseRequest(userId: number, key: string): Promise<void>;

  /**
   * Runs `work` so that no other write to the same investment interleaves: an event is checked
   * against the ledger and added as one step, so two sells cannot both spend the same shares.
   * `work` must use the store it is given (on SQL, the transaction's).
   */
  exclusive<T>(investmentId: number, work: (store: Store) => Promise<T>): Promise<T>;

  /**
   * Runs `work` as one transaction: all its writes or none. No other write to these portfolios
   * or their investments interleaves (an import checks its rows against them, then writes).
   */
  transaction<T>(portfolioIds: readonly number[], work: (store: Store) => Promise<T>): Promise<T>;
}

/** How passwords are hashed and checked: bcrypt on the server, something lighter in the demo. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(password: string, hash: string): Promise<boolean>;
  /** Takes as long as a `verify` and is false: the answer for an e-mail with no account. */
  verifyNone(password: string): Promise<boolean>;
}

export type ResetDelivery = 'email' | 'log' | 'demo';

/** How a password reset link reaches its user: e-mail on the server, Demo tools in the demo. */
export interface Mailer {
  /**
   * Where the links go: by e-mail, to the server's log (no SMTP_URL: its operator has them), or
   * to Demo tools. Told to every caller alike, as it says nothing about an address.
   */
  readonly delivery: ResetDelivery;
  /** `path` is the app's reset screen with the token and address, e.g. `/reset-password?…`. */
  passwordReset(to: { name: string; email: string }, path: string): Promise<void>;
}
