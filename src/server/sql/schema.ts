// The tables as Kysely sees them: snake_case columns, mapped to the store port's rows in sql-store.
import type { Generated } from 'kysely';
import type { InstrumentType } from '../../domain/types';
import type { EventRow } from '../../contract/store';

/** Which SQL the queries run on; only a few statements differ. */
export type SqlDialect = 'sqlite' | 'postgres';

export interface UsersTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased, unique. */
  email: string;
  password_hash: string;
}

export interface PortfoliosTable {
  id: Generated<number>;
  user_id: number;
  name: string;
}

export interface InvestmentsTable {
  id: Generated<number>;
  user_id: number;
  portfolio_id: number;
  name: string;
  type: InstrumentType;
  code: string;
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
}

export interface SessionsTable {
  id: string;
  token: string;
  user_id: number | null;
  /** Epoch ms. */
  last_seen: number;
}

export interface LoginAttemptsTable {
  key: string;
  count: number;
  /** Epoch ms. */
  reset_at: number;
}

export interface Database {
  users: UsersTable;
  portfolios: PortfoliosTable;
  investments: InvestmentsTable;
  events: EventsTable;
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
}
