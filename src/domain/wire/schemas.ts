// The wire's shapes, each written once as a valibot schema (docs/decisions.md): src/api decodes
// every answer with them, the warm start checks the figures it kept with them, the types of
// ./types are inferred from them and docs/openapi.yaml's answers are generated from them. Lenient
// where Laravel is (numeric strings, numeric ids), strict everywhere else. Each message says what a
// value is not ("portfolios[0].value is not a number"), for the decode error.
// Its imports carry their extensions: vite.config.ts loads it (through remembered-figures.ts).
import * as v from 'valibot';
import { ASSET_CLASSES, CASH_KINDS, INSTRUMENT_TYPES, TRANSACTION_TYPES } from '../kinds.ts';
import type { Instrument, UnidentifiedInstrument } from '../market';
import { day, decimal, flag, id, list, object, oneOf, text } from './wire-fields.ts';
import { PORTFOLIO_KINDS } from '../tax/kinds.ts';

export { day, decimal, flag, id, list, text } from './wire-fields.ts';
export * from '../tax/wire.ts';

/** The message of an event type the app does not know: the spec's error. */
export const NO_SUCH_TRANSACTION = 'NO SUCH TRANSACTION';

export const user = object({ name: text, email: text });

export const positions = object({ lifetime: decimal, realised: decimal, unrealised: decimal });

const valueChangeEntries = { value: decimal, change: decimal, changeRatio: decimal };
export const valueChange = object(valueChangeEntries);

/** `since`: an ISO instant, when Day's start moved back to the close before markets closed. */
export const valuation = object({ value: valueChange, positions, since: v.optional(text) });

/** A balance of a portfolio's cash in one currency (negative: a margin account). */
export const cashBalance = object({ currency_code: text, amount: decimal });

/** A portfolio's cash: its balance per currency and their sum in DKK, counted in its value. */
export const portfolioCash = object({ balances: list(cashBalance), value: decimal });

/** `cash` (issue 38): present when the portfolio keeps cash; absent (or null) otherwise. */
export const portfolio = v.pipe(
  object({
    ...valueChangeEntries,
    id,
    name: text,
    change_percentage: decimal,
    /** How many investments the portfolio holds. */
    investments: decimal,
    positions,
    /** As the valuation's, over the portfolio's own holdings. */
    since: v.optional(text),
    /** Formue's addition (issue 39); absent from a backend without kinds: `free`. */
    kind: v.optional(oneOf(PORTFOLIO_KINDS)),
    cash: v.nullish(portfolioCash),
  }),
  v.transform(({ cash, ...figures }) => ({ ...figures, ...(cash && { cash }) })),
);

/** The instrument an investment holds, as the investments answer describes it. */
export const heldInstrument = object({
  type: oneOf(INSTRUMENT_TYPES),
  /** ISIN, or the crypto symbol. */
  isin: text,
  asset_class: oneOf(ASSET_CLASSES),
  /** The listing currency (crypto: USD). */
  currency: text,
});

/** The price an investment is valued at now: per unit in `currency`, for the day `date`. */
export const quote = object({
  price: decimal,
  currency: text,
  price_dkk: decimal,
  date: day,
  /** Kept as sent, so a new source shows by its name. */
  source: text,
});

/** A split the provider reports and the investment has not recorded. */
const splitEntries = {
  /** The ex-day. */
  date: day,
  /** `numerator` shares after for `denominator` before. */
  numerator: decimal,
  denominator: decimal,
  shares_before: decimal,
  shares_after: decimal,
};

/** The newest split the provider reports that the investment has not recorded. */
export const pendingSplit = object(splitEntries);

/**
 * An investment with its figures. `instrument`, `quote` and `pending_split` (the newest split
 * the provider reports that it has not recorded) are Formue's additions: absent (or
 * null) from a backend that keeps to the spec's fields, and then left out.
 */
export const investment = v.pipe(
  object({
    ...valueChangeEntries,
    id,
    name: text,
    portfolio_id: id,
    shares: decimal,
    change_percentage: decimal,
    positions,
    instrument: v.nullish(heldInstrument),
    quote: v.nullish(quote),
    /** As the valuation's, over this holding alone. */
    since: v.optional(text),
    pending_split: v.nullish(pendingSplit),
  }),
  v.transform(({ instrument, quote, pending_split, ...figures }) => ({
    ...figures,
    ...(instrument && { instrument }),
    ...(quote && { quote }),
    ...(pending_split && { pending_split }),
  })),
);

/** Event types are matched case-insensitively; an unknown one is the spec's error. */
const transactionType = v.pipe(
  text,
  v.toLowerCase(),
  v.picklist(TRANSACTION_TYPES, NO_SUCH_TRANSACTION),
);

/** A transaction's price and value as entered, in the currency it was entered in. */
export const enteredAmounts = object({
  currency_code: text,
  stock_price: decimal,
  total_value: decimal,
  /** A dividend's tax withheld, in its currency; absent when none. */
  withholding_tax: v.optional(decimal),
});

/**
 * An event as listed by GET /investments/events, amounts in DKK. `entered` is Formue's addition:
 * absent (or null) from a backend that keeps to the spec's fields, and then left out.
 */
export const transaction = v.pipe(
  object({
    id,
    investment_id: id,
    type: transactionType,
    stock_name: text,
    /** Shares x price for buy and sell, the amount for a dividend, cash received for a split. */
    total_value: decimal,
    /** Per share (0 for a dividend). */
    stock_price: decimal,
    shares: decimal,
    /** ISO-8601. */
    date: text,
    /** Splits only: shares before and after; null otherwise. */
    from_shares: v.nullish(decimal, null),
    to_shares: v.nullish(decimal, null),
    entered: v.nullish(enteredAmounts),
    /** A dividend's tax withheld of `total_value` (gross), in DKK; absent when none. */
    withholding_tax: v.optional(decimal),
  }),
  v.transform(({ entered, ...transaction }) => ({ ...transaction, ...(entered && { entered }) })),
);

/**
 * An event as entered (GET /investments/events/{id}): its kind's payload, amounts in its own
 * currency, fee included; the fields of other kinds are absent.
 */
export const enteredEvent = object({
  id,
  type: transactionType,
  /** ISO-8601. */
  date: text,
  currency_code: text,
  shares: v.optional(decimal),
  share_price: v.optional(decimal),
  fee: v.optional(decimal),
  amount: v.optional(decimal),
  shares_after: v.optional(decimal),
  sold_shares: v.optional(decimal),
  sold_share_price: v.optional(decimal),
  /** DKK per unit of its currency as the broker charged it (an import); null when none. */
  exchange_rate: v.nullish(decimal, null),
  /** A dividend's tax withheld, in its currency; absent when none. */
  withholding_tax: v.optional(decimal),
});

export const statistics = object({
  shares: decimal,
  costs: decimal,
  fees: decimal,
  /** Not in the spec's call table; a backend without it reports none received. */
  dividends: v.optional(decimal, 0),
  lifetime: decimal,
  realised: decimal,
  unrealised: decimal,
});

export const chartPoint = object({
  /** ISO-8601. */
  time: text,
  value: decimal,
});

/** An entry of GET /instruments (Formue's own call): the catalogue's fields, `isin` as `code`. */
export const catalogueInstrument = v.pipe(
  object({ type: oneOf(INSTRUMENT_TYPES), isin: text, name: text, currency: text }),
  v.transform(({ isin, ...rest }): Instrument => ({ ...rest, code: isin })),
);

/** A listing the market data names without an ISIN: `isin` null, its ticker and exchange. */
export const unidentifiedInstrument = v.pipe(
  object({
    type: oneOf(INSTRUMENT_TYPES),
    isin: v.null(),
    name: text,
    currency: text,
    ticker: text,
    exchange: text,
  }),
  v.transform(({ isin, ...rest }): UnidentifiedInstrument => ({ ...rest, code: isin })),
);

export const suggestedInstrument = v.union([catalogueInstrument, unidentifiedInstrument]);

// Formue's calls of real prices (their types: src/api/price-types.ts).

/** The price in force on one day, per unit in `currency_code`. */
export const dayPrice = object({ date: day, price: decimal, currency_code: text, source: text });

/** A place the investment's instrument trades, whose prices it can be valued at. */
export const listing = object({
  id,
  symbol: text,
  name: text,
  exchange: text,
  /** Null when the provider has not said. */
  currency: v.nullish(text, null),
  selected: flag,
});

export const splitSuggestion = object({ kind: v.literal('split'), ...splitEntries });

export const dividendSuggestion = object({
  kind: v.literal('dividend'),
  date: day,
  per_share: decimal,
  currency_code: text,
  shares: decimal,
  amount: decimal,
});

/** A split or dividend the provider reports and the investment has not recorded. */
export const suggestion = v.variant(
  'kind',
  [splitSuggestion, dividendSuggestion],
  'split or dividend',
);

/** Dividends in DKK (to the øre): gross, the tax withheld of them, and net = gross − withheld. */
const incomeEntries = { gross: decimal, withheld: decimal, net: decimal };
export const incomeFigures = object(incomeEntries);
export const incomeMonth = object({
  /** YYYY-MM */
  month: text,
  ...incomeEntries,
});

/** GET /income: a year's dividends by month and by holding, and every year's totals. */
export const income = object({
  year: decimal,
  /** The year's twelve months, January first. */
  months: list(incomeMonth),
  /** Each investment with dividends in the year, the largest gross first. */
  holdings: list(
    object({
      investment_id: id,
      portfolio_id: id,
      name: text,
      ...incomeEntries,
      months: list(incomeMonth),
    }),
  ),
  totals: incomeFigures,
  /** Each year with dividends, oldest first. */
  years: list(object({ year: decimal, ...incomeEntries })),
});

/** The instrument the user's money is compared with (Formue's own call, issue 38). */
export const benchmark = object({ type: oneOf(INSTRUMENT_TYPES), isin: text, name: text });

/** A chart's benchmark line: the same money put into the benchmark on the same days. */
export const benchmarkLine = object({
  type: oneOf(INSTRUMENT_TYPES),
  isin: text,
  name: text,
  chart: list(chartPoint),
});

/** A calendar month's time-weighted return; null when nothing was invested in it. */
export const monthReturn = object({ month: text, twr: v.nullable(decimal) });

/**
 * Returns over a span (docs/returns.md): amounts in DKK, ratios as fractions, null where they
 * cannot be known; `monthly`, Formue's addition: each month's TWR in the span, oldest first.
 */
export const performance = object({
  total_return: decimal,
  dividends: decimal,
  withholding_tax: decimal,
  fees: decimal,
  twr: v.nullable(decimal),
  irr: v.nullable(decimal),
  annualised: flag,
  from: day,
  to: day,
  benchmark: v.optional(
    object({ twr: v.nullable(decimal), irr: v.nullable(decimal), value: decimal }),
  ),
  monthly: list(monthReturn),
});

/** A deposit, withdrawal, interest or fee of a portfolio's cash, as entered (issue 38). */
export const cashEvent = object({
  id,
  type: oneOf(CASH_KINDS),
  /** Positive; `type` says which way it moves. */
  amount: decimal,
  currency_code: text,
  /** ISO-8601. */
  date: text,
  /** The import's source (`nordnet`…) it came from; null when typed. */
  source: v.nullish(text, null),
});

/**
 * GET /portfolios/{id}/cash: whether the portfolio keeps cash, its balance per currency (its cash
 * events and the cash side of its trades and dividends) and their sum in DKK, and its cash
 * events, newest first.
 */
export const cashAccount = object({
  enabled: flag,
  balances: list(cashBalance),
  value: decimal,
  events: list(cashEvent),
});
