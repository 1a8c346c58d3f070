// The entities of the /api/v1 contract (product-spec section 3, decisions section 1).
// Field names are the wire's, mixed case included. All money is DKK.
import type * as v from 'valibot';
import type { InstrumentType } from './kinds.ts';
import type { PortfolioKind } from './tax/kinds';
import type * as schemas from './wire/schemas';

export {
  ASSET_CLASSES,
  INSTRUMENT_TYPES,
  TRANSACTION_TYPES,
  type AssetClass,
  type InstrumentType,
  type TransactionType,
} from './kinds.ts';

export const PERIODS = ['Day', 'Week', 'Month', 'Year', 'Forever'] as const;
export type Period = (typeof PERIODS)[number];
export const DEFAULT_PERIOD: Period = 'Day';

export type Id = string;

// The answers' shapes are their schemas' (./schemas), so a decoded answer has exactly its type.
type Wire<S extends v.GenericSchema> = v.InferOutput<S>;

export type User = Wire<typeof schemas.user>;
export type Positions = Wire<typeof schemas.positions>;
export type ValueChange = Wire<typeof schemas.valueChange>;
export type Valuation = Wire<typeof schemas.valuation>;
export type Portfolio = Wire<typeof schemas.portfolio>;
/** With Formue's additions, which a backend without them leaves out: `instrument` and `quote`. */
export type Investment = Wire<typeof schemas.investment>;

export type HeldInstrument = Wire<typeof schemas.heldInstrument>;

/** An event as listed by GET /investments/events. */
export type Transaction = Wire<typeof schemas.transaction>;
export type EnteredAmounts = Wire<typeof schemas.enteredAmounts>;
/** An event as entered (GET /investments/events/{id}). */
export type EnteredEvent = Wire<typeof schemas.enteredEvent>;
export type Statistics = Wire<typeof schemas.statistics>;
export type ChartPoint = Wire<typeof schemas.chartPoint>;
export type Income = Wire<typeof schemas.income>;
export type IncomeFigures = Wire<typeof schemas.incomeFigures>;
export type IncomeMonth = Wire<typeof schemas.incomeMonth>;
/** The instrument the user's money is compared with (issue 38). */
export type Benchmark = Wire<typeof schemas.benchmark>;
/** The benchmark's line beside a user's or portfolio's chart. */
export type BenchmarkLine = Wire<typeof schemas.benchmarkLine>;
/** A chart answer: its points, and the benchmark's beside them when the backend sends it. */
export interface Chart {
  points: ChartPoint[];
  benchmark?: BenchmarkLine;
}

export const CHART_TYPES = ['user', 'portfolio', 'investment'] as const;
export type ChartType = (typeof CHART_TYPES)[number];

// Request payloads (product-spec section 3 and 7).
/** Every event may carry the day it happened (YYYY-MM-DD); without it, it happened now. */
export interface Dated {
  date?: string;
  /** DKK per unit of its currency as the broker charged it (an import's); else the reference rate. */
  exchange_rate?: number;
}

export interface TradePayload extends Dated {
  shares: number;
  share_price: number;
  fee: number;
  currency_code: string;
}

export interface DividendPayload extends Dated {
  /** Gross, before the tax withheld. */
  amount: number;
  currency_code: string;
  /** The tax withheld of `amount`, in its currency; net = amount - withholding_tax. */
  withholding_tax?: number;
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
  /** Issue 39: `free` when absent. */
  kind?: PortfolioKind;
}

export interface Credentials {
  email: string;
  password: string;
  /** "Remember me": stay logged in on this browser after the session ends. */
  remember?: boolean;
}

/** A new password set with a reset link's token and address. */
export interface PasswordReset {
  token: string;
  email: string;
  password: string;
  passwordConfirmation: string;
}

export interface Registration extends Credentials {
  name: string;
}

export interface ProfileUpdate {
  name: string;
  email: string;
  password?: string;
  /** A new password again, as Laravel's `confirmed` rule asks. */
  password_confirmation?: string;
  /** Needed to change the password or the e-mail address. */
  current_password?: string;
}

export type EventKind = 'buy' | 'sell' | 'dividend' | 'split';

/** Returns over a span: GET /user/performance and the portfolio's and investment's. */
export type Performance = Wire<typeof schemas.performance>;
export type MonthReturn = Wire<typeof schemas.monthReturn>;
