// The entities of the /api/v1 contract (product-spec section 3, decisions section 1).
// Field names are the wire's, mixed case included. All money is DKK.

export const PERIODS = ['Day', 'Week', 'Month', 'Year', 'Forever'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 'Day';

export type Id = string;

export interface User {
  name: string;
  email: string;
}

export interface Positions {
  lifetime: number;
  realised: number;
  unrealised: number;
}

export interface ValueChange {
  value: number;
  change: number;
  changeRatio: number;
}

export interface Valuation {
  value: ValueChange;
  positions: Positions;
}

export interface Portfolio extends ValueChange {
  id: Id;
  name: string;
  change_percentage: number;
  /** How many investments the portfolio holds. */
  investments: number;
  positions: Positions;
}

export interface Investment extends ValueChange {
  id: Id;
  name: string;
  portfolio_id: Id;
  shares: number;
  change_percentage: number;
  positions: Positions;
  /** Formue's addition to the spec's answer; a backend without it still works (no allocation by type or currency). */
  instrument?: HeldInstrument;
}

export const INSTRUMENT_TYPES = ['stock', 'crypto'] as const;
export type InstrumentType = (typeof INSTRUMENT_TYPES)[number];

/** What an instrument is to its owner: the wire's type `stock` covers stocks and funds. */
export const ASSET_CLASSES = ['stock', 'fund', 'crypto'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];

/** The instrument an investment holds, as the investments answer describes it. */
export interface HeldInstrument {
  type: InstrumentType;
  /** ISIN, or the crypto symbol. */
  isin: string;
  asset_class: AssetClass;
  /** The listing currency (crypto: USD). */
  currency: string;
}

export const TRANSACTION_TYPES = ['buy', 'sell', 'split', 'div'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** An event as listed by GET /investments/events. */
export interface Transaction {
  id: Id;
  investment_id: Id;
  type: TransactionType;
  stock_name: string;
  /** DKK: shares x price for buy and sell, the amount for a dividend, cash received for a split. */
  total_value: number;
  /** DKK per share (0 for a dividend). */
  stock_price: number;
  shares: number;
  /** ISO-8601. */
  date: string;
  /** Splits only: shares before and after; null otherwise. */
  from_shares: number | null;
  to_shares: number | null;
}

/**
 * An event as entered (GET /investments/events/{id}): its kind's payload, amounts in its own
 * currency, fee included; the fields of other kinds are absent.
 */
export interface EnteredEvent {
  id: Id;
  type: TransactionType;
  /** ISO-8601. */
  date: string;
  currency_code: string;
  shares?: number;
  share_price?: number;
  fee?: number;
  amount?: number;
  shares_after?: number;
  sold_shares?: number;
  sold_share_price?: number;
}

export interface Statistics {
  shares: number;
  costs: number;
  fees: number;
  dividends: number;
  lifetime: number;
  realised: number;
  unrealised: number;
}

export interface ChartPoint {
  /** ISO-8601. */
  time: string;
  value: number;
}

export const CHART_TYPES = ['user', 'portfolio', 'investment'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

// Request payloads (product-spec section 3 and 7).
/** Every event may carry the day it happened (YYYY-MM-DD); without it, it happened now. */
export interface Dated {
  date?: string;
}

export interface TradePayload extends Dated {
  shares: number;
  share_price: number;
  fee: number;
  currency_code: string;
}

export interface DividendPayload extends Dated {
  amount: number;
  currency_code: string;
}

export interface SplitPayload extends Dated {
  shares_after: number;
  fee: number;
  currency_code: string;
  sold_shares: number;
  sold_share_price: number;
  hide: boolean;
}

export interface CreateInvestmentPayload {
  investment: { portfolio_id: Id; name: string };
  instrument: { type: InstrumentType; isin: string };
  buy_event: TradePayload;
}

export interface CreatePortfolioPayload {
  name: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  name: string;
}

export interface ProfileUpdate {
  name: string;
  email: string;
  password?: string;
  /** Needed to change the password or the e-mail address. */
  current_password?: string;
}

export type EventKind = 'buy' | 'sell' | 'dividend' | 'split';
