// The store port: everything the contract reads and writes, as one small port per aggregate
// (users and sessions, the ledger, imports, prices, idempotency keys, throttles). The mock
// implements it in memory, the server over SQL (SQLite or PostgreSQL). Rows belong to users; the
// contract asks only for a user's own rows, so another user's ids behave as unknown. A module
// that needs a few of the ports takes just those; one that runs requests takes the whole Store.
import type { BenchmarkStore } from './benchmarks';
import type { CashStore } from './cash';
import type { ReplayCheckpointStore } from './checkpoints';
import type { IdempotencyStore } from './idempotency';
import type { ImportStore } from './imports';
import type { LedgerStore } from './ledger';
import type { ManualPriceStore } from './prices';
import type { TaxStore } from './tax';
import type { ThrottleStore } from './throttles';
import type { SessionStore, UserStore } from './users';

export type { BenchmarkRow, BenchmarkStore } from './benchmarks';
export type { CashEventDraft, CashEventRow, CashStore } from './cash';
export type { CheckpointAsked, ReplayCheckpointStore } from './checkpoints';
export type { IdempotencyStore, KeptRequest } from './idempotency';
export type { ImportBatchRow, ImportStore } from './imports';
export type {
  EventDraft,
  EventFacts,
  EventOrigin,
  EventRow,
  InvestmentRow,
  LedgerStore,
  NewInvestment,
  PortfolioRow,
} from './ledger';
export type { ManualPriceRow, ManualPriceStore } from './prices';
export type { Attempts, ThrottleStore } from './throttles';
export type { TaxClassRow, TaxSettings, TaxStore } from './tax';
export type { RememberToken, ResetToken, Session, SessionStore, UserRow, UserStore } from './users';

export interface Store
  extends
    UserStore,
    SessionStore,
    LedgerStore,
    ImportStore,
    ManualPriceStore,
    IdempotencyStore,
    ThrottleStore,
    TaxStore,
    BenchmarkStore,
    CashStore,
    ReplayCheckpointStore {
  /**
   * This store for the request holding the claim: each write of the user's records through it
   * also marks the claim saved, in that write's transaction, so a repeat after its process died
   * never runs the write again.
   */
  forClaim(userId: number, key: string): Store;

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

  /**
   * This store for one request, which may answer its reads of the user's rows from what an
   * earlier request read, while the database says they are unchanged (the SQL store); absent:
   * this store.
   */
  forRequest?(): Store;
}

/** The aggregates' methods: what a store's ports' objects carry, without its transactions. */
export type StorePorts = Omit<Store, 'forClaim' | 'exclusive' | 'transaction' | 'forRequest'>;

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
