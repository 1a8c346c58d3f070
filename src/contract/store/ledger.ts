// The ledger: a user's portfolios, their investments and the investments' events.
import type { PortfolioKind } from '../../domain/tax';
import type { InstrumentType } from '../../domain/types';

export interface PortfolioRow {
  id: number;
  userId: number;
  name: string;
  /** Absent: `free` (a portfolio made before kinds, or without one). */
  kind?: PortfolioKind;
  /** Keeps cash (issue 38); absent or false: holdings only. */
  cash?: boolean;
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
  | {
      kind: 'dividend';
      /** Gross. */
      amount: number;
      /** The tax withheld of `amount`, in `currency`; absent when none. */
      withholdingTax?: number;
    }
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

export interface LedgerStore {
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
  /**
   * One investment's events, in the order they were entered: what a replay reads, one
   * investment at a time rather than the whole account at once.
   */
  investmentEvents(investmentId: number): Promise<EventRow[]>;
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
}
