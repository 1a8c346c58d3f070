// The market-data port: what Formue asks of a price or rate provider, free of any transport.
// Adapters (src/market/providers) turn one service's requests and answers into these shapes;
// the server gives them an HttpClient with its rate limiter, timeout and circuit breaker.

/** A calendar day, `YYYY-MM-DD`: for prices the exchange-local trading day. */
export type Day = string;

/** An exact decimal as text ("612.4", "0.000123"): prices are never stored as floats. */
export type DecimalText = string;

/** Where a price shown to the user came from (the investments answer's `quote.source`). */
export const PRICE_SOURCES = ['yahoo', 'coingecko', 'manual', 'synthetic', 'trade'] as const;
export type PriceSourceName = (typeof PRICE_SOURCES)[number];

/** The providers that price listings; `synthetic` is the demo's deterministic market. */
export type QuoteProviderId = 'yahoo' | 'coingecko' | 'synthetic';

/** One place an instrument trades, as a provider names it. */
export interface ListingCandidate {
  provider: QuoteProviderId;
  /** The provider's own symbol: `NOVO-B.CO` on Yahoo, `bitcoin` on CoinGecko. */
  symbol: string;
  name: string;
  /** The exchange as people know it ("Copenhagen", "NASDAQ"), or the provider's code. */
  exchange: string;
  /** ISO 10383 market identifier when known (XCSE), for picking the ISIN country's exchange. */
  mic?: string;
  /** As quoted, minor units included (`GBp`); undefined when the source does not say. */
  currency?: string;
  /** What the provider says it is (Yahoo's quoteType), when it says. */
  kind?: 'stock' | 'fund' | 'crypto';
}

/** A daily close as the provider gives it (Yahoo's are split-adjusted as of the fetch). */
export interface ProviderClose {
  day: Day;
  close: DecimalText;
}

/** A split on `day` (its ex-date): `numerator` shares after for `denominator` before. */
export interface ProviderSplit {
  day: Day;
  numerator: number;
  denominator: number;
}

/** A dividend per share on its ex-day, in the listing's quote currency. */
export interface ProviderDividend {
  day: Day;
  amount: DecimalText;
}

export interface ProviderHistory {
  /** As quoted, minor units included (`GBp`). */
  currency: string;
  /** IANA zone of the exchange, for turning instants into trading days. */
  timezone: string;
  /** Ascending, one per day; days without a close (a `null` in the answer) are left out. */
  closes: ProviderClose[];
  splits: ProviderSplit[];
  dividends: ProviderDividend[];
}

/** The latest price and, where the provider has them, the day's intraday points. */
export interface ProviderQuote {
  price: DecimalText;
  currency: string;
  /** Epoch ms of the price. */
  time: number;
  /** The exchange-local day of `time`. */
  day: Day;
  /** Ascending [epoch ms, price] of the latest trading day; empty when not offered. */
  intraday: { time: number; price: DecimalText }[];
}

/** What goes wrong, typed, so the caller can back off, mark a listing unknown or try later. */
export type MarketErrorKind =
  /** The symbol or identifier is unknown or delisted. */
  | 'not-found'
  /** The symbol exists but has no data in the range asked for. */
  | 'no-data'
  /** 429: `retryAfterMs` says how long to wait when the provider told. */
  | 'rate-limited'
  /** 5xx, a timeout, a refused connection, or the circuit breaker is open. */
  | 'unavailable'
  /** An answer that does not have the expected shape. */
  | 'bad-response';

export class MarketDataError extends Error {
  constructor(
    readonly kind: MarketErrorKind,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'MarketDataError';
  }
}

/** Prices and history of listings of one provider. */
export interface QuoteProvider {
  readonly id: QuoteProviderId;
  /** Daily closes, splits and dividends from `from` to `to`, both included. */
  history(symbol: string, from: Day, to: Day): Promise<ProviderHistory>;
  /** The latest price (with intraday points where offered). */
  latest(symbol: string): Promise<ProviderQuote>;
}

/** Ways from an identifier or a name to listings. */
export interface ListingFinder {
  /** Listings of an ISIN; empty when the source knows none. */
  byIsin(isin: string): Promise<ListingCandidate[]>;
}

/** A listing found by free text, with its ISIN where the source gives one. */
export type ListingFound = ListingCandidate & { isin?: string };

/** Finds listings by free text (Add investment's suggestions). */
export interface ListingSearch {
  search(query: string): Promise<ListingFound[]>;
}

/** A listing found by name with no ISIN (OpenFIGI's search): its exchange's ticker beside it. */
export type NamedListing = ListingCandidate & { ticker: string };

/** Finds listings by name where the source names no ISIN. */
export interface NameSearch {
  byName(query: string): Promise<NamedListing[]>;
}

/** Crypto coins by ticker: the coin with the best market-cap rank wins a shared ticker. */
export interface CoinFinder {
  bySymbol(symbol: string): Promise<ListingCandidate | undefined>;
}

/** A euro reference rate: units of `currency` per 1 EUR on `day`. */
export interface EuroRate {
  day: Day;
  currency: string;
  perEuro: DecimalText;
}

export interface FxProvider {
  /**
   * Rates of every day on or after `since`; `undefined` asks for the whole history. The adapter
   * picks the smallest file that covers the range.
   */
  rates(since: Day | undefined): Promise<EuroRate[]>;
}

/** An HTTP exchange, as the server's guarded client performs it. */
export interface HttpRequest {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** Header lookup, case-insensitive. */
  header(name: string): string | undefined;
  text: string;
}

/**
 * Sends one request. The server's client adds the provider's rate limit, a timeout and a
 * circuit breaker, and throws MarketDataError('unavailable') when it cannot get an answer.
 */
export type HttpClient = (request: HttpRequest) => Promise<HttpResponse>;
