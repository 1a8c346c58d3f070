// The contract's market port: which instruments a backend accepts, where their listings are,
// and what it keeps of their prices. The demo and MARKET_DATA=synthetic use the deterministic
// market (synthetic-market.ts); the server's live market reads the prices it stored from real
// providers (src/server/market). Reading a snapshot never calls a provider.
import type { InstrumentType } from '../../domain/types';
import type { InstrumentFacts, MarketSnapshot } from './pricing';
import type { InvestmentRow } from '../store';

/** A place an instrument trades, as the listing picker shows it. */
export interface ListingOption {
  /** `provider:symbol`, what an investment's `listing` holds. */
  id: string;
  symbol: string;
  name: string;
  exchange: string;
  /** Major units; null when the provider has not said yet. */
  currency: string | null;
}

/** An identifier a market accepts: its listings and the one it picks. */
export interface Accepted {
  code: string;
  name?: string;
  /** The picked listing's id, or null when no source knows the instrument. */
  listing: string | null;
  listings: ListingOption[];
}

/** Why an identifier is refused: the detail under the spec's field message. */
export interface Refused {
  refusal: string;
}

/** A suggestion for Add investment's instrument field. */
export type InstrumentSuggestion =
  | { type: InstrumentType; isin: string; name: string; currency: string }
  /** A listing the market data names without its ISIN (OpenFIGI's search): one must be typed. */
  | {
      type: InstrumentType;
      isin: null;
      name: string;
      currency: string;
      ticker: string;
      exchange: string;
    };

/** A split or dividend a provider reports for a listing. */
export type ProviderAction =
  | { kind: 'split'; day: string; numerator: number; denominator: number }
  | { kind: 'dividend'; day: string; amount: number; currency: string };

export interface Market {
  /** What valuing these investments needs, from what the market keeps. */
  snapshot(investments: readonly InvestmentRow[]): Promise<MarketSnapshot>;
  /** Whether an identifier is accepted, and its listings; may ask providers (on creation only). */
  resolve(type: InstrumentType, code: string): Promise<Accepted | Refused>;
  /**
   * Where an instrument trades as far as the market knows, asking no provider: for an answer that
   * must not wait on one. Undefined while it does not know; it then finds out in the background
   * at once, with the history from `since` (YYYY-MM-DD) on.
   */
  placed(type: InstrumentType, code: string, since: string): Promise<Accepted | undefined>;
  /** Instruments matching a name or identifier, best first. */
  search(query: string): Promise<InstrumentSuggestion[]>;
  /** The listings of an investment's instrument, for choosing another. */
  listings(investment: InvestmentRow): Promise<ListingOption[]>;
  /**
   * Told that `listing` is now held from `since` (YYYY-MM-DD): its history is loaded if missing.
   * Waits a bounded time, so a slow provider costs the user a short wait at most.
   */
  held(listing: string, since: string): Promise<void>;
  /** Splits and dividends the provider reports for a listing, oldest first. */
  actions(listing: string): Promise<ProviderAction[]>;
  /** The instrument an investment holds, as the investments answer describes it. */
  facts: (investment: InvestmentRow) => InstrumentFacts;
}
