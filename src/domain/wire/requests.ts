// The requests' bodies, each written once as a valibot schema from the fields of
// ./request-fields.ts: the contract reads the bodies through them (src/contract/read-request.ts)
// and scripts/openapi.ts generates the document's request schemas from them (the fields' exports
// are this module's too); the prose is in scripts/openapi/.
import * as v from 'valibot';
import { AMOUNT_RULES } from '../rules/amount-rules';
import { CASH_KINDS } from '../kinds';
import { EARLIEST_DAY, isDay } from '../dates';
import { CURRENCIES } from '../market';
import { INSTRUMENT_TYPES } from '../types';
import { INCOME_KINDS, PORTFOLIO_KINDS, TAXATIONS } from '../tax/kinds';
import {
  MAX_IDENTIFIER,
  MESSAGES,
  typed,
  text,
  name,
  email,
  password,
  newPassword,
  oneOf,
  flag,
  id,
  amount,
  amountOr,
  optionalAmount,
  day,
  eventDay,
} from './request-fields';

export * from './request-fields';

const RULES = AMOUNT_RULES;

const tradeEntries = {
  shares: amount(RULES.shares),
  share_price: amount(RULES.share_price),
  fee: amountOr(RULES.fee),
  currency_code: oneOf(CURRENCIES),
};

// Fields in the order they are checked: the first message of a 422 is the first field's.

/** events/buy and events/sell: a trade on `date`, today when absent. */
export const tradeInput = v.object(
  { date: eventDay, ...tradeEntries, exchange_rate: optionalAmount(RULES.exchange_rate) },
  MESSAGES.required,
);

/** A dividend: its gross amount, and the tax withheld of it (Laravel's `lte:amount`). */
export const dividendInput = v.pipe(
  v.object(
    {
      date: eventDay,
      amount: amount(RULES.amount),
      currency_code: oneOf(CURRENCIES),
      exchange_rate: optionalAmount(RULES.exchange_rate),
      withholding_tax: optionalAmount(RULES.withholding_tax),
    },
    MESSAGES.required,
  ),
  v.forward(
    v.partialCheck(
      [['amount'], ['withholding_tax']],
      (input) => input.withholding_tax == null || input.withholding_tax <= input.amount,
      (issue) => MESSAGES.atMostField((issue.input as { amount: number }).amount),
    ),
    ['withholding_tax'],
  ),
);

export const splitInput = v.object(
  {
    date: eventDay,
    shares_after: amount(RULES.shares_after),
    fee: amountOr(RULES.fee),
    currency_code: oneOf(CURRENCIES),
    sold_shares: amountOr(RULES.sold_shares),
    sold_share_price: amountOr(RULES.sold_share_price),
    hide: flag,
    exchange_rate: optionalAmount(RULES.exchange_rate),
  },
  MESSAGES.required,
);

/** The first buy of a new investment: a trade at the reference rate, its day checked last. */
export const firstBuyInput = v.object({ ...tradeEntries, date: eventDay }, MESSAGES.required);

export const instrumentType = oneOf(INSTRUMENT_TYPES);
/** An ISIN or a crypto symbol, as sent; the market says whether it knows it. */
export const identifier = text(MAX_IDENTIFIER);

/** POST /investments: the portfolio's ownership and the instrument are checked by the route. */
export const createInvestment = v.object(
  {
    investment: v.object({ portfolio_id: id, name }, MESSAGES.required),
    instrument: v.object(
      {
        type: instrumentType,
        isin: identifier,
        listing: v.nullish(v.pipe(v.unknown(), v.metadata({ type: 'string' }))),
      },
      MESSAGES.required,
    ),
    buy_event: firstBuyInput,
  },
  MESSAGES.required,
);

export const nameInput = v.object({ name }, MESSAGES.required);

export const priceInput = v.object(
  { date: day, price: amount(RULES.price), currency_code: oneOf(CURRENCIES) },
  MESSAGES.required,
);

export const listingChoice = v.object({ listing: text() }, MESSAGES.required);

export const suggestionDismissal = v.object(
  {
    kind: oneOf(['split', 'dividend'] as const),
    date: v.pipe(text(10), v.check(isDay, MESSAGES.dayFormat), v.metadata({ format: 'date' })),
  },
  MESSAGES.required,
);

export const instrumentInput = v.object(
  { isin: identifier, type: instrumentType },
  MESSAGES.required,
);

export const credentials = v.object(
  // Breeze's LoginRequest: required|string|email and required|string, no length rule.
  { email, password: password(0), remember: flag },
  MESSAGES.required,
);

export const forgotPassword = v.object({ email }, MESSAGES.required);

/** The same password again (Laravel's `confirmed`), compared as sent. */
const confirmation = v.optional(v.pipe(v.unknown(), v.metadata({ type: 'string' })));

export const resetPassword = v.pipe(
  v.object(
    {
      token: text(),
      email,
      password: newPassword,
      password_confirmation: confirmation,
    },
    MESSAGES.required,
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password === input.password_confirmation,
      MESSAGES.confirmed,
    ),
    ['password'],
  ),
);

export const registration = v.object({ name, email, password: newPassword }, MESSAGES.required);

/**
 * PUT /user. `current_password` is required (by the route) only to change the password or the
 * e-mail address; an absent or empty password keeps the current one.
 */
export const profileUpdate = v.pipe(
  v.object(
    {
      name,
      email,
      password: v.nullish(newPassword),
      password_confirmation: confirmation,
      // Read by the route, and only when the change needs it.
      current_password: confirmation,
    },
    MESSAGES.required,
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['password_confirmation']],
      (input) => input.password == null || input.password === input.password_confirmation,
      MESSAGES.confirmed,
    ),
    ['password'],
  ),
);

/** `current_password`: required|string when the change needs it; not trimmed. */
export const currentPassword = password(0);

/** Fields Laravel's TrimStrings leaves as sent (ConvertEmptyStringsToNull still empties them). */
export const UNTRIMMED = ['password', 'password_confirmation', 'current_password'];

/** PUT /user/benchmark: the market says whether it knows the instrument. */
export const benchmarkChoice = v.object(
  { type: instrumentType, isin: identifier },
  MESSAGES.required,
);
/** The first calendar year figures can cover: the earliest day's. */
export const EARLIEST_YEAR = Number(EARLIEST_DAY.slice(0, 4));

/**
 * `?year=YYYY`, a calendar year's figures instead of the selected period's: digits:4 and
 * min:1970 (the route checks it is not after the current year); empty or absent: none.
 */
export const yearQuery = v.object({
  year: v.nullish(
    v.pipe(
      v.string(typed(MESSAGES.string)),
      v.regex(/^\d{4}$/, 'The :attribute field must be 4 digits.'),
      v.transform(Number),
      v.minValue(EARLIEST_YEAR, MESSAGES.atLeast(EARLIEST_YEAR)),
    ),
  ),
});

// The tax year (issue 39).

/** Laravel's required|boolean: true, false, 1, 0, '1' or '0', read as a boolean. */
const requiredBoolean = () =>
  v.pipe(
    v.union([v.boolean(), v.picklist([1, 0, '1', '0'])], typed(MESSAGES.boolean)),
    v.transform((value) => value === true || value === 1 || value === '1'),
  );

/** POST /portfolios and a portfolio's update: its name, and its kind (`free` when absent). */
export const portfolioInput = v.object(
  { name, kind: v.optional(oneOf(PORTFOLIO_KINDS)) },
  MESSAGES.required,
);

/** PUT /investments/{id}/tax-class: the user's class of an investment, with the reason shown. */
export const taxClassInput = v.object(
  { taxation: oneOf(TAXATIONS), income: oneOf(INCOME_KINDS), reason: text() },
  MESSAGES.required,
);

/** PUT /tax-settings: married doubles the share income limit. required|boolean. */
export const taxSettingsInput = v.object(
  {
    married: requiredBoolean(),
  },
  MESSAGES.required,
);

// Cash per portfolio (issue 38).

/** POST /portfolios/{id}/cash: a deposit, withdrawal, interest or fee on `date`, today when absent. */
export const cashEventInput = v.object(
  {
    type: oneOf(CASH_KINDS),
    amount: amount(RULES.amount),
    currency_code: oneOf(CURRENCIES),
    date: eventDay,
  },
  MESSAGES.required,
);

/**
 * PATCH /portfolios/{id} with `cash`: switches the portfolio's cash on or off, and renames it when
 * `name` is given. Switching it on books `opening_balance` (when above 0) as a deposit.
 */
export const portfolioUpdate = v.object(
  {
    name: v.optional(name),
    cash: requiredBoolean(),
    opening_balance: v.nullish(
      v.object(
        {
          amount: amountOr({ ...RULES.fee }),
          currency_code: v.optional(oneOf(CURRENCIES), 'DKK'),
          date: eventDay,
        },
        MESSAGES.required,
      ),
    ),
  },
  MESSAGES.required,
);
