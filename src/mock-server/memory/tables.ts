// The demo's database: plain JSON tables, so the whole of it persists as one localStorage value.
import type {
  Attempts,
  BenchmarkRow,
  CashEventRow,
  EventRow,
  ImportBatchRow,
  InvestmentRow,
  KeptRequest,
  ManualPriceRow,
  PortfolioRow,
  RememberToken,
  ResetToken,
  Session,
  TaxClassRow,
  TaxSettings,
  UserRow,
} from '../../contract/store';

/** Versions are not stored: each load of the tables starts them afresh (see `versionOf`). */
export type StoredInvestment = Omit<InvestmentRow, 'version'>;

export interface Tables {
  users: UserRow[];
  portfolios: PortfolioRow[];
  investments: StoredInvestment[];
  events: EventRow[];
  /** Typed prices; absent in data kept before they existed. */
  prices?: ManualPriceRow[];
  /** `investmentId:kind:day` of dismissed provider actions; absent in older data. */
  dismissed?: string[];
  /** Portfolios' cash events; absent in older data. */
  cash?: CashEventRow[];
  /** Committed imports; absent in older data. */
  imports?: ImportBatchRow[];
  /** Idempotency keys by `userId:key`; absent in older data. */
  requests?: Record<string, KeptRequest & { createdAt: number }>;
  sessions: Session[];
  /** "Remember me" tokens and password reset tokens, by digest; absent in older data. */
  remembered?: RememberToken[];
  /** Tokens kept before they had an owner have none, and are refused. */
  resets?: (Omit<ResetToken, 'userId'> & { userId?: number })[];
  attempts: Record<string, Attempts>;
  nextId: number;
  /** The tax year's overrides and settings (issue 39); absent in older data. */
  taxClasses?: (TaxClassRow & { userId: number })[];
  taxSettings?: Record<number, TaxSettings>;
  /** Each user's chosen benchmark; absent in older data. */
  benchmarks?: (BenchmarkRow & { userId: number })[];
}

export const emptyTables = (): Tables => ({
  users: [],
  portfolios: [],
  investments: [],
  events: [],
  prices: [],
  sessions: [],
  attempts: {},
  nextId: 1,
});
