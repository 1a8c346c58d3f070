// The rules of the Buy, Sell, Dividend and Stock Split forms (product-spec sections 2, 4, 5, 8),
// shared by the create form (create-event.machine.ts) and the correction form
// (edit-event.machine.ts): the fields of each kind, their limits, a keystroke, the total shown
// before saving, and the call's body. Pure: tested with tables in
// tests/unit/domain/form-rules.test.ts.
import type { EventPayload } from '../../api';
import { dayOf } from '../../domain/dates';
import {
  fieldText,
  formatExactShares,
  formatSplitRatio,
  parseDecimal,
  type DecimalMark,
  readQuantity,
  type Quantity,
} from '../../domain/numbers';
import type { EnteredEvent, EventKind, Transaction, TransactionType } from '../../domain/types';
import { dateRule } from '../forms/date-rule';
import type { FormErrors } from '../forms/form-errors';
import {
  amount,
  amountRule,
  check,
  optionalAmount,
  optionalAmountRule,
  requiredText,
} from '../forms/form-rules';

export const EVENT_FIELDS = [
  'date',
  'shares',
  'share_price',
  'fee',
  'currency_code',
  'amount',
  'shares_after',
  'sold_shares',
  'sold_share_price',
  'withholding_tax',
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];
export type EventValues = Record<EventField, string>;

/** The fields each form shows, in order. */
export const FIELDS_OF: Record<EventKind, readonly EventField[]> = {
  buy: ['date', 'shares', 'share_price', 'fee', 'currency_code'],
  sell: ['date', 'shares', 'share_price', 'fee', 'currency_code'],
  dividend: ['date', 'amount', 'withholding_tax', 'currency_code'],
  split: ['date', 'shares_after', 'fee', 'currency_code', 'sold_shares', 'sold_share_price'],
};

export const KIND_OF: Record<TransactionType, EventKind> = {
  buy: 'buy',
  sell: 'sell',
  div: 'dividend',
  split: 'split',
};

export const DEFAULT_EVENT_FEE = '0.00';

/** What the rules need to know of a form besides its values. */
export interface EventSetting {
  kind: EventKind;
  /** Shares held now: the limit of a sale, and the "before" of a split. */
  currentShares: number;
  /** The user's local day (YYYY-MM-DD): the latest date allowed. */
  today: string;
}

export interface EventForm {
  values: EventValues;
  fieldErrors: FormErrors<EventField>;
}

export function heldMessage(held: number): string {
  if (held === 1) return 'You can sell at most the 1 share you hold.';
  return `You can sell at most the ${formatExactShares(held, 'en-US')} shares you hold.`;
}

/** A typed number within the contract's limits, or undefined. */
function entered(text: string, quantity: Quantity): number | undefined {
  const entry = readQuantity(text, quantity);
  return 'value' in entry ? entry.value : undefined;
}

/** The sold-shares part of a split applies only when the holding shrinks. */
export function soldSharesEnabled(values: EventValues, currentShares: number): boolean {
  const after = parseDecimal(values.shares_after);
  return after !== null && after < currentShares;
}

/** Shares after the split as typed; 0 until it is a number (the ratio then reads 1:1). */
export function sharesAfterSplit(values: EventValues): number {
  return entered(values.shares_after, 'shares') ?? 0;
}

/** "from:to", e.g. 1:2 when 10 shares become 20; 1:1 until shares after split is a number. */
export function splitRatio(values: EventValues, currentShares: number): string {
  return formatSplitRatio(currentShares, sharesAfterSplit(values));
}

/** A form's start; its numbers are written with the reader's decimal `mark` ("0,00" in Danish). */
export function emptyValues(today: string, currency = 'DKK', mark?: DecimalMark): EventValues {
  return {
    date: today,
    shares: '',
    share_price: '',
    fee: fieldText(DEFAULT_EVENT_FEE, mark),
    currency_code: currency,
    amount: '',
    shares_after: '',
    sold_shares: '',
    sold_share_price: '',
    withholding_tax: '',
  };
}

/**
 * The input rules of one kind. `heldLimit` caps a sale (the holding now); it is left out where the
 * holding on the event's day is not known here (a back-dated sale, a correction): the server
 * checks those against that day and names it.
 */
export function eventRules(
  { kind, today }: Pick<EventSetting, 'kind' | 'today'>,
  values: EventValues,
  heldLimit: number | undefined,
): FormErrors<EventField> {
  const currency_code = () => requiredText(values.currency_code);
  const date = () => dateRule(values.date, today);
  switch (kind) {
    case 'buy':
    case 'sell':
      return check<EventField>({
        date,
        shares: () => {
          const message = amountRule(values.shares, { positive: true });
          if (message || kind === 'buy' || heldLimit === undefined) return message;
          return amount(values.shares) > heldLimit ? heldMessage(heldLimit) : undefined;
        },
        share_price: () => amountRule(values.share_price, { positive: false, quantity: 'money' }),
        fee: () => optionalAmountRule(values.fee, 'money'),
        currency_code,
      });
    case 'dividend':
      return check<EventField>({
        date,
        amount: () => amountRule(values.amount, { positive: true, quantity: 'money' }),
        withholding_tax: () => withholdingRule(values),
        currency_code,
      });
    case 'split':
      return check<EventField>({
        date,
        shares_after: () => amountRule(values.shares_after, { positive: true }),
        fee: () => optionalAmountRule(values.fee, 'money'),
        currency_code,
        sold_shares: () => optionalAmountRule(values.sold_shares),
        sold_share_price: () => optionalAmountRule(values.sold_share_price, 'money'),
      });
  }
}

const WITHHELD_MESSAGE = 'Must not be more than the dividend.';

/** Optional, and at most the dividend (when that is a number). */
function withholdingRule(values: EventValues): string | undefined {
  const message = optionalAmountRule(values.withholding_tax, 'money');
  if (message || values.withholding_tax.trim() === '') return message;
  const gross = entered(values.amount, 'money');
  return gross !== undefined && optionalAmount(values.withholding_tax) > gross
    ? WITHHELD_MESSAGE
    : undefined;
}

/** Only the form's fields take input; the sold part of a split only when it applies. */
export function acceptsChange(
  setting: Pick<EventSetting, 'kind' | 'currentShares'>,
  values: EventValues,
  field: EventField,
): boolean {
  return (
    FIELDS_OF[setting.kind].includes(field) &&
    (!field.startsWith('sold_') || soldSharesEnabled(values, setting.currentShares))
  );
}

/**
 * One keystroke: the field's old error goes; a date is checked at once, so a future day is
 * flagged next to the field before Add or Save. A split that no longer shrinks the holding
 * empties its sold part.
 */
export function changeValues(
  setting: EventSetting,
  form: EventForm,
  field: EventField,
  value: string,
): EventForm {
  const values = { ...form.values, [field]: value };
  const fieldErrors = { ...form.fieldErrors };
  delete fieldErrors[field];
  if (field === 'date') {
    const message = dateRule(value, setting.today);
    if (message) fieldErrors.date = [message];
  }
  if (setting.kind === 'split' && !soldSharesEnabled(values, setting.currentShares)) {
    values.sold_shares = '';
    values.sold_share_price = '';
    delete fieldErrors.sold_shares;
    delete fieldErrors.sold_share_price;
  }
  return { values, fieldErrors };
}

/**
 * What a buy costs (shares x price + fee) or a sale brings in (shares x price - fee), in the
 * form's currency; undefined until shares and price are numbers, and for other kinds. Add
 * investment's first purchase shows it too.
 */
export function tradeTotal(
  kind: EventKind,
  values: Pick<EventValues, 'shares' | 'share_price' | 'fee'>,
): number | undefined {
  if (kind !== 'buy' && kind !== 'sell') return undefined;
  // Only numbers the form would send: no total of 400 digits (Infinity).
  const shares = entered(values.shares, 'shares');
  const price = entered(values.share_price, 'money');
  if (shares === undefined || price === undefined) return undefined;
  const fee = values.fee.trim() === '' ? 0 : entered(values.fee, 'money');
  if (fee === undefined) return undefined;
  return shares * price + (kind === 'buy' ? fee : -fee);
}

/** A buy's or sale's price more than this factor from the market's close asks "Did you mean …?". */
export const PRICE_FACTOR = 3;

/** The market's price of a day, in its listing's currency. */
export interface MarketClose {
  price: number;
  currency: string;
}

/**
 * The market's close in place of a typed price more than PRICE_FACTOR from it (USD 25 typed for
 * a close of USD 185.50, or a USD price typed as DKK); undefined when it is near, or cannot be
 * compared: `dkkPer` is the DKK rate of the close's currency, for a price typed in DKK.
 */
export function priceSuggestion(
  values: Pick<EventValues, 'share_price' | 'currency_code'>,
  close: MarketClose,
  dkkPer: number | undefined,
  mark?: DecimalMark,
): Pick<EventValues, 'share_price' | 'currency_code'> | undefined {
  const typed = entered(values.share_price, 'money');
  if (typed === undefined || typed <= 0 || !(close.price > 0)) return undefined;
  const comparable =
    values.currency_code === close.currency
      ? close.price
      : values.currency_code === 'DKK' && dkkPer !== undefined
        ? close.price * dkkPer
        : undefined;
  if (comparable === undefined) return undefined;
  const factor = typed / comparable;
  if (factor <= PRICE_FACTOR && factor >= 1 / PRICE_FACTOR) return undefined;
  return { share_price: fieldText(close.price, mark), currency_code: close.currency };
}

/** The call's body; `date` is sent only when given (a correction keeps its time otherwise). */
export function eventPayload(
  kind: EventKind,
  values: EventValues,
  date?: string,
): EventPayload<EventKind> {
  const dated = date === undefined ? {} : { date };
  switch (kind) {
    case 'buy':
    case 'sell':
      return {
        ...dated,
        shares: amount(values.shares),
        share_price: amount(values.share_price),
        fee: optionalAmount(values.fee),
        currency_code: values.currency_code,
      };
    case 'dividend':
      return {
        ...dated,
        amount: amount(values.amount),
        currency_code: values.currency_code,
        // Left out when empty, as a dividend entered before the field.
        ...(values.withholding_tax.trim() !== '' && {
          withholding_tax: optionalAmount(values.withholding_tax),
        }),
      };
    case 'split':
      return {
        ...dated,
        shares_after: amount(values.shares_after),
        fee: optionalAmount(values.fee),
        currency_code: values.currency_code,
        sold_shares: optionalAmount(values.sold_shares),
        sold_share_price: optionalAmount(values.sold_share_price),
        hide: false,
      };
  }
}

/**
 * The form's values from the listed transaction, shown while the event as entered loads:
 * transactions carry DKK amounts and no fee. A split: shares after = to_shares, sold shares =
 * shares, sold price = stock_price.
 */
export function valuesOf(t: Transaction, today: string, mark?: DecimalMark): EventValues {
  const values: EventValues = { ...emptyValues(today, 'DKK', mark), date: dayOf(t.date) || today };
  const text = (n: number) => fieldText(n, mark);
  switch (KIND_OF[t.type]) {
    case 'buy':
    case 'sell':
      // The fee is not listed with a transaction; it is kept as 0.00 unless the user enters one.
      return { ...values, shares: text(t.shares), share_price: text(t.stock_price) };
    case 'dividend':
      return {
        ...values,
        amount: text(t.total_value),
        withholding_tax: t.withholding_tax ? text(t.withholding_tax) : '',
      };
    case 'split':
      return {
        ...values,
        shares_after: text(t.to_shares ?? 0),
        sold_shares: t.shares > 0 ? text(t.shares) : '',
        sold_share_price: t.shares > 0 ? text(t.stock_price) : '',
      };
  }
}

/** The form's values for the event as entered: its currency, fee and own amounts. */
export function enteredValues(
  entered: EnteredEvent,
  today: string,
  mark?: DecimalMark,
): EventValues {
  const values: EventValues = {
    ...emptyValues(today, entered.currency_code, mark),
    date: dayOf(entered.date) || today,
  };
  const text = (n: number | undefined) => (n === undefined ? '' : fieldText(n, mark));
  const fee = entered.fee ? text(entered.fee) : values.fee;
  switch (KIND_OF[entered.type]) {
    case 'buy':
    case 'sell':
      return {
        ...values,
        shares: text(entered.shares),
        share_price: text(entered.share_price),
        fee,
      };
    case 'dividend':
      return {
        ...values,
        amount: text(entered.amount),
        withholding_tax: entered.withholding_tax ? text(entered.withholding_tax) : '',
      };
    case 'split': {
      const sold = (entered.sold_shares ?? 0) > 0;
      return {
        ...values,
        shares_after: text(entered.shares_after),
        fee,
        sold_shares: sold ? text(entered.sold_shares) : '',
        sold_share_price: sold ? text(entered.sold_share_price) : '',
      };
    }
  }
}
