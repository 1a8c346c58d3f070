// Formue's additions to the contract for real prices: the quote an investment is valued at, the
// price of each day, typed prices, listings and the provider's splits and dividends. A backend
// that keeps to the spec's API has none of them (no quote; the calls answer 404).
import type * as v from 'valibot';
import type * as schemas from '../domain/wire/schemas';

/**
 * Where a price comes from: a provider, typed by the user, the demo's made-up market, or the last
 * trade's price when none is known. Sources are kept as sent, so a new one shows by its name.
 */
export type PriceSource = 'yahoo' | 'coingecko' | 'manual' | 'synthetic' | 'trade';

/** The price an investment is valued at now. */
export type Quote = v.InferOutput<typeof schemas.quote>;

/** The price in force on one day. */
export type DayPrice = v.InferOutput<typeof schemas.dayPrice>;

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
export type Listing = v.InferOutput<typeof schemas.listing>;

/** A split or dividend the provider reports and the investment has not recorded. */
export type Suggestion = v.InferOutput<typeof schemas.suggestion>;
export type SplitSuggestion = Extract<Suggestion, { kind: 'split' }>;
export type DividendSuggestion = Extract<Suggestion, { kind: 'dividend' }>;

/** What dismissing a suggestion names. */
export type SuggestionRef = Pick<Suggestion, 'kind' | 'date'>;
