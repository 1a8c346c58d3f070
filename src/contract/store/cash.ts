// A portfolio's cash (issue 38): whether it keeps cash, and its deposits, withdrawals, interest
// and fees. The cash side of its trades and dividends is read from the ledger's events.
import type { CashKind } from '../../domain/cash';

export interface CashEventRow {
  id: number;
  portfolioId: number;
  kind: CashKind;
  /** Epoch ms, booked as an event's day is (requests.ts, `eventTime`). */
  time: number;
  currency: string;
  /** Positive, in `currency`; the kind says which way it moves. */
  amount: number;
  /** Absent for a typed one; an import's batch and the broker's own id of its row. */
  origin?: { batchId: number; source: string; externalId?: string };
}

export type CashEventDraft = Omit<CashEventRow, 'id'>;

export interface CashStore {
  /** Switches the portfolio's cash on or off; its cash events are kept either way. */
  setCash(portfolioId: number, on: boolean): Promise<void>;
  /** The cash events of these portfolios, by time, then in the order they were entered. */
  cashEvents(portfolioIds: readonly number[]): Promise<CashEventRow[]>;
  addCashEvent(draft: CashEventDraft): Promise<CashEventRow>;
  /** Adds these in order (an import's), as `addCashEvent` one by one would. */
  addCashEvents(drafts: readonly CashEventDraft[]): Promise<void>;
  deleteCashEvent(id: number): Promise<void>;
}
