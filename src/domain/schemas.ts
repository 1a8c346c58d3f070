// The wire's shapes, each written once as a valibot schema (docs/decisions.md): src/api decodes
// every answer with them, the warm start checks the figures it kept with them, the types of
// ./types are inferred from them and docs/openapi.yaml's answers are generated from them. Lenient
// where Laravel is (numeric strings, numeric ids), strict everywhere else. Each message says what a
// value is not ("portfolios[0].value is not a number"), for the decode error.
// Its imports carry their extensions: vite.config.ts loads it (through remembered-figures.ts).
import * as v from 'valibot';
import { isDay } from './dates.ts';
import { ASSET_CLASSES, INSTRUMENT_TYPES, TRANSACTION_TYPES } from './kinds.ts';
import type { Instrument, UnidentifiedInstrument } from './market';
import { numericValue } from './numbers.ts';

/** A finite number, from a number or a numeric string as Laravel's decimal casts send it. */
export const decimal = v.pipe(
  v.custom<number | string>((value) => numericValue(value) !== undefined, 'a number'),
  v.transform(Number),
);

/** An id as a string, from a JSON integer or a non-blank string. */
export const id = v.pipe(
  v.custom<number | string>(
    (value) => Number.isInteger(value) || (typeof value === 'string' && value.trim() !== ''),
    'an id',
  ),
  v.transform(String),
);

export const text = v.string('a string');
export const flag = v.boolean('a boolean');

/** A calendar day, YYYY-MM-DD. */
export const day = v.custom<string>((value) => typeof value === 'string' && isDay(value), 'a day');

const object = <E extends v.ObjectEntries>(entries: E) => v.object(entries, 'an object');
export const list = <T extends v.GenericSchema>(item: T) => v.array(item, 'a list');
const oneOf = <T extends readonly string[]>(values: T) => v.picklist(values, values.join(' or '));

/** The message of an event type the app does not know: the spec's error. */
export const NO_SUCH_TRANSACTION = 'NO SUCH TRANSACTION';

export const user = object({ name: text, email: text });

export const positions = object({ lifetime: decimal, realised: decimal, unrealised: decimal });

const valueChangeEntries = { value: decimal, change: decimal, changeRatio: decimal };
export const valueChange = object(valueChangeEntries);

/** `since`: an ISO instant, when Day's start moved back to the close before markets closed. */
export const valuation = object({ value: valueChange, positions, since: v.optional(text) });

export const portfolio = object({
  ...valueChangeEntries,
  id,
  name: text,
  change_percentage: decimal,
  /** How many investments the portfolio holds. */
  investments: decimal,
  positions,
});

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
