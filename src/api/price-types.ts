// Formue's additions to the contract for real prices: the quote an investment is valued at, the
// price of each day, typed prices, listings and the provider's splits and dividends. A backend
// that keeps to the spec's API has none of them (no quote; the calls answer 404).
import type { Investment } from '../domain/types';

/**
 * Where a price comes from: a provider, typed by the user, the demo's made-up market, or the last
 * trade's price when none is known. Sources are kept as sent, so a new one shows by its name.
 */
export type PriceSource = 'yahoo' | 'coingecko' | 'manual' | 'synthetic' | 'trade';

/** The price an investment is valued at now. */
export interface Quote {
  /** Per unit, in `currency`. */
  price: number;
  currency: string;
  price_dkk: number;
  /** YYYY-MM-DD: the day the price is for. */
  date: string;
  source: string;
}

/** An investment as GET /investments lists it; `quote` is absent before its first trade. */
export type QuotedInvestment = Investment & { quote?: Quote };

/** The price in force on one day. */
export interface DayPrice {
  /** YYYY-MM-DD. */
  date: string;
  price: number;
  currency_code: string;
  source: string;
}

/** A price the user types for a day; a second one on the same day replaces it. */
export interface PricePayload {
  date: string;
  price: number;
  currency_code: string;
}

/** Both days YYYY-MM-DD and included; the server's default is the 31 days up to today. */
export interface PriceRange {
  from: string;
  to: string;
}

/** A place the investment's instrument trades, whose prices it can be valued at. */
export interface Listing {
  id: string;
  symbol: string;
  name: string;
  exchange: string;
  /** Null when the provider has not said. */
  currency: string | null;
  selected: boolean;
}

export interface SplitSuggestion {
  kind: 'split';
  /** The ex-day, YYYY-MM-DD. */
  date: string;
  /** `numerator` shares after for `denominator` before. */
  numerator: number;
  denominator: number;
  shares_before: number;
  shares_after: number;
}

export interface DividendSuggestion {
  kind: 'dividend';
  date: string;
  per_share: number;
  currency_code: string;
  shares: number;
  amount: number;
}

/** A split or dividend the provider reports and the investment has not recorded. */
export type Suggestion = SplitSuggestion | DividendSuggestion;

/** What dismissing a suggestion names. */
export type SuggestionRef = Pick<Suggestion, 'kind' | 'date'>;
