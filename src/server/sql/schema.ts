// The tables as Kysely sees them: snake_case columns, mapped to the store port's rows in store/.
import type { Generated } from 'kysely';
import type { CashKind } from '../../domain/cash';
import type { AssetClass, InstrumentType } from '../../domain/types';
import type { EventRow } from '../../contract/store';
import type { IncomeKind, PortfolioKind, Taxation } from '../../domain/tax';

/** Which SQL the queries run on; only a few statements differ. */
export type SqlDialect = 'sqlite' | 'postgres';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased, unique. */
  email: string;
  password_hash: string;
  /** Raised with every write of the user's portfolios, investments and benchmark (migration 0017). */
  version: Generated<number>;
  /** Epoch ms of the last login, null before one (migration 0021). */
  last_login: Generated<number | null>;
}

export interface PortfoliosTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  /** Migration 0013: `free`, `aktiesparekonto` or `pension`. */
  kind: Generated<PortfolioKind>;
  /** Migration 0012: 1 when the portfolio keeps cash. */
  cash: Generated<number>;
}

/** Migration 0012: a portfolio's deposits, withdrawals, interest and fees. */
export interface CashEventsTable {
  id: Generated<number>;
  portfolio_id: number;
  kind: CashKind;
  /** Epoch ms. */
  time: number;
  currency: string;
  amount: number;
  import_id: number | null;
  source: string | null;
  external_id: string | null;
}

export interface InvestmentsTable {
  id: Generated<number>;
  user_id: number;
  portfolio_id: number;
  name: string;
  type: InstrumentType;
  code: string;
  /** `provider:symbol` of its listing (migration 0003). */
  listing: string | null;
  /** Raised with every change to the investment's events (migration 0002). */
  version: Generated<number>;
}

/** One table for every kind; a check constraint requires the columns of the row's kind, the others are null. */
export interface EventsTable {
  id: Generated<number>;
  investment_id: number;
  kind: EventRow['kind'];
  /** Epoch ms. */
  time: number;
  currency: string;
  shares: number | null;
  price: number | null;
  fee: number | null;
  amount: number | null;
  shares_after: number | null;
  sold_shares: number | null;
  sold_price: number | null;
  /** 0 or 1: integers read the same on both databases. */
  hide: number | null;
  from_shares: number | null;
  /** Migration 0006: the broker's rate, the import, the broker's id of the row, corrected since. */
  exchange_rate: number | null;
  import_id: number | null;
  source: string | null;
  external_id: string | null;
  external_portfolio_id: number | null;
  edited: Generated<number>;
  /** Migration 0011: a dividend's tax withheld, in its currency; null when none. */
  withholding_tax: number | null;
}

export interface ImportsTable {
  id: Generated<number>;
  user_id: number;
  portfolio_id: number;
  source: string;
  file_name: string | null;
  /** Epoch ms. */
  created_at: number;
  imported: number;
  duplicates: number;
  skipped: number;
  errors: number;
  /** JSON of ImportBatchRow['created']. */
  created: string;
  /** Migration 0009: the broker's account of the file. */
  account: string | null;
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: number | null;
  /** Epoch ms. */
  last_seen: number;
}

// Migration 0007: tokens by their SHA-256 digest.
export interface RememberTokensTable {
  hash: string;
  user_id: number;
  /** Epoch ms. */
  expires_at: number;
  used_at: number | null;
}

export interface PasswordResetTokensTable {
  /** Migration 0008; null for a token made before, which is refused. */
  user_id: number | null;
  email: string;
  hash: string;
  /** Epoch ms. */
  created_at: number;
}

export interface LoginAttemptsTable {
  key: string;
  count: number;
  /** Epoch ms. */
  reset_at: number;
}

// Market data (migration 0003). Decimals read back as text on both databases.
export interface ManualPricesTable {
  investment_id: number;
  day: string;
  price: string;
  currency: string;
}

export interface ListingsTable {
  key: string;
  provider: string;
  symbol: string;
  name: string;
  exchange: string;
  mic: string | null;
  asset_class: AssetClass;
  currency: string;
  quote_currency: string;
  timezone: string;
  /** The ISIN it was resolved from (migration 0010); null for coins and earlier listings. */
  isin: string | null;
}

export interface DailyClosesTable {
  listing: string;
  day: string;
  close: string;
}

export interface LatestQuotesTable {
  listing: string;
  price: string;
  /** Epoch ms. */
  time: number;
  day: string;
}

export interface IntradayPricesTable {
  listing: string;
  time: number;
  price: string;
}

export interface CorporateActionsTable {
  listing: string;
  day: string;
  kind: 'split' | 'dividend';
  numerator: number | null;
  denominator: number | null;
  amount: string | null;
}

export interface FxRatesTable {
  currency: string;
  day: string;
  per_euro: string;
}

export interface MarketSyncTable {
  key: string;
  version: Generated<number>;
  history_from: string | null;
  last_attempt: number | null;
  last_success: number | null;
  quote_success: number | null;
  errors_in_row: Generated<number>;
  last_error: string | null;
  next_attempt: number | null;
}

/** One row (id 1): raised by the database with every write of `market_sync` (migration 0020). */
export interface MarketClockTable {
  id: number;
  version: number;
}

export interface DismissedActionsTable {
  investment_id: number;
  day: string;
  kind: 'split' | 'dividend';
}

export interface HealthChecksTable {
  id: number;
  checked_at: number;
}

export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: number;
  /** Migration 0008: epoch ms until which the claim's process holds it (null: lapsed). */
  locked_until: number | null;
  /** 1 once the claimed request's write is stored (in that write's transaction). */
  saved: Generated<number>;
}

// Migration 0013: the tax year's records.
export interface InvestmentTaxClassesTable {
  investment_id: number;
  user_id: number;
  taxation: Taxation;
  income: IncomeKind;
  reason: string;
}

export interface TaxSettingsTable {
  user_id: number;
  /** 0 or 1. */
  married: number;
}

/** Migration 0014: each user's benchmark. */
export interface BenchmarksTable {
  user_id: number;
  type: InstrumentType;
  code: string;
  name: string;
  listing: string | null;
}

/** Migration 0015: replay checkpoints (issue 37), the bytes of `encodeCheckpoint`. */
export interface ReplayCheckpointsTable {
  investment_id: number;
  /** The investment's version the checkpoint is of. */
  version: number;
  data: Uint8Array;
}

/** Migration 0018: the home's answers kept exactly (src/contract/kept-answers.ts). */
export interface KeptAnswersTable {
  user_id: number;
  key: string;
  fingerprint: string;
  made_at: number;
  now_until: number;
  /** Null: Infinity. */
  start_until: number | null;
  body: string;
  /** Migration 0019: a chart's kept without a benchmark line, the day its default is wanted from. */
  benchmark_since: string | null;
}

/** Migration 0016: a listing's closes as the bytes of `encodeCloseSeries` (issue 37). */
export interface CloseSeriesTable {
  listing: string;
  data: Uint8Array;
}

export interface Database {
  users: UsersTable;
  portfolios: PortfoliosTable;
  investments: InvestmentsTable;
  events: EventsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  remember_tokens: RememberTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  manual_prices: ManualPricesTable;
  listings: ListingsTable;
  daily_closes: DailyClosesTable;
  latest_quotes: LatestQuotesTable;
  intraday_prices: IntradayPricesTable;
  corporate_actions: CorporateActionsTable;
  fx_rates: FxRatesTable;
  market_sync: MarketSyncTable;
  market_clock: MarketClockTable;
  dismissed_actions: DismissedActionsTable;
  health_checks: HealthChecksTable;
  idempotency_keys: IdempotencyKeysTable;
  imports: ImportsTable;
  investment_tax_classes: InvestmentTaxClassesTable;
  tax_settings: TaxSettingsTable;
  benchmarks: BenchmarksTable;
  cash_events: CashEventsTable;
  replay_checkpoints: ReplayCheckpointsTable;
  close_series: CloseSeriesTable;
  kept_answers: KeptAnswersTable;
}
