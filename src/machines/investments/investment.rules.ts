// The rules of the Add investment form (create-investment.machine.ts): its two pages' fields, their
// limits, a keystroke, a chosen or identified instrument, the identifier's verdict, which page a
// refusal belongs to, and the call's body. Pure: tested with tables in
// tests/unit/domain/form-rules.test.ts and through the machine in
// tests/machines/investments/create-investment.test.ts.
import type { Instrument, SuggestedInstrument } from '../../domain/market';
import type { IdentifierVerdict } from './identifier-check.machine';
import { fieldText, type DecimalMark } from '../../domain/numbers';
import type { CreateInvestmentPayload, InstrumentType } from '../../domain/types';
import { dateRule } from '../forms/date-rule';
import { formFailure, hasErrors, type FormErrors } from '../forms/form-errors';
import {
  amount,
  amountRule,
  check,
  nameRule,
  optionalAmount,
  optionalAmountRule,
  requiredText,
} from '../forms/form-rules';

export const PAGE_FIELDS = {
  instrument: ['portfolio_id', 'type', 'name', 'isin'],
  details: ['date', 'shares', 'share_price', 'fee', 'currency_code'],
} as const;

export type InstrumentField = (typeof PAGE_FIELDS.instrument)[number];
export type DetailsField = (typeof PAGE_FIELDS.details)[number];
export type InvestmentField = InstrumentField | DetailsField;

export interface InvestmentValues {
  portfolio_id: string;
  type: InstrumentType;
  name: string;
  /** ISIN for stock, symbol for crypto; upper-cased as typed. */
  isin: string;
  /** The day of the first buy, YYYY-MM-DD; today by default. */
  date: string;
  shares: string;
  share_price: string;
  fee: string;
  currency_code: string;
}

export const DEFAULT_FEE = '0.00';
export const DEFAULT_CURRENCY = 'DKK';

/** Server keys (product-spec section 5) to fields. */
export const SERVER_KEYS: Record<string, InvestmentField> = {
  'investment.portfolio_id': 'portfolio_id',
  'investment.name': 'name',
  'instrument.type': 'type',
  'instrument.isin': 'isin',
  'buy_event.date': 'date',
  'buy_event.shares': 'shares',
  'buy_event.share_price': 'share_price',
  'buy_event.fee': 'fee',
  'buy_event.currency_code': 'currency_code',
};

/** The form's start: a stock, today's first buy in DKK without a fee; `portfolioId` preselected. */
export function startValues(today: string, portfolioId = '', mark?: DecimalMark): InvestmentValues {
  return {
    portfolio_id: portfolioId,
    type: 'stock',
    name: '',
    isin: '',
    date: today,
    shares: '',
    share_price: '',
    fee: fieldText(DEFAULT_FEE, mark),
    currency_code: DEFAULT_CURRENCY,
  };
}

export function instrumentTypeOf(value: string): InstrumentType {
  return value === 'crypto' ? 'crypto' : 'stock';
}

export function isInstrumentField(field: InvestmentField): field is InstrumentField {
  return (PAGE_FIELDS.instrument as readonly string[]).includes(field);
}

export function investmentPayload(values: InvestmentValues): CreateInvestmentPayload {
  return {
    investment: { portfolio_id: values.portfolio_id, name: values.name.trim() },
    instrument: { type: values.type, isin: values.isin.trim() },
    buy_event: {
      date: values.date,
      shares: amount(values.shares),
      share_price: amount(values.share_price),
      fee: optionalAmount(values.fee),
      currency_code: values.currency_code,
    },
  };
}

export function instrumentRules(values: InvestmentValues): FormErrors<InvestmentField> {
  return check<InvestmentField>({
    portfolio_id: () => requiredText(values.portfolio_id),
    name: () => nameRule(values.name),
    isin: () => requiredText(values.isin),
  });
}

export function detailsRules(values: InvestmentValues, today: string): FormErrors<InvestmentField> {
  return check<InvestmentField>({
    date: () => dateRule(values.date, today),
    shares: () => amountRule(values.shares, { positive: true }),
    share_price: () => amountRule(values.share_price, { positive: false, quantity: 'money' }),
    fee: () => optionalAmountRule(values.fee, 'money'),
    currency_code: () => requiredText(values.currency_code),
  });
}

/** Only the errors of `fields` (a page's). */
export function only(
  errors: FormErrors<InvestmentField>,
  fields: readonly InvestmentField[],
): FormErrors<InvestmentField> {
  return Object.fromEntries(fields.filter((f) => errors[f]).map((f) => [f, errors[f]]));
}

/** What a keystroke and a chosen instrument change. */
export interface InvestmentForm {
  today: string;
  values: InvestmentValues;
  fieldErrors: FormErrors<InvestmentField>;
  /** Fields the user has changed: a found instrument fills only the others. */
  edited: readonly InvestmentField[];
}

/**
 * One keystroke: the field's old error goes; a date is checked at once, so a future day is
 * flagged next to the field; an identifier is upper-cased as typed.
 */
export function changeInvestment(
  form: InvestmentForm,
  field: InvestmentField,
  value: string,
): Pick<InvestmentForm, 'values' | 'fieldErrors' | 'edited'> {
  const fieldErrors = { ...form.fieldErrors };
  delete fieldErrors[field];
  const dateMessage = field === 'date' ? dateRule(value, form.today) : undefined;
  if (dateMessage) fieldErrors.date = [dateMessage];
  const values =
    field === 'type'
      ? { ...form.values, type: instrumentTypeOf(value) }
      : { ...form.values, [field]: field === 'isin' ? value.toUpperCase() : value };
  const edited = form.edited.includes(field) ? form.edited : [...form.edited, field];
  return { values, fieldErrors, edited };
}

/** A suggestion chosen: it fills name, identifier, type and listing currency. */
export function chooseInstrument(
  form: Pick<InvestmentForm, 'values' | 'fieldErrors'>,
  instrument: SuggestedInstrument,
): Pick<InvestmentForm, 'values' | 'fieldErrors'> {
  const fieldErrors = { ...form.fieldErrors };
  for (const field of ['name', 'isin', 'type', 'currency_code'] as const) delete fieldErrors[field];
  return {
    values: {
      ...form.values,
      name: instrument.name,
      // None for a listing named without one: the user types it.
      isin: instrument.code ?? '',
      type: instrument.type,
      currency_code: instrument.currency,
    },
    fieldErrors,
  };
}

/** Whether a page can be left forward: its rules pass and none of its fields shows an error. */
export function pageComplete(
  page: keyof typeof PAGE_FIELDS,
  form: Pick<InvestmentForm, 'values' | 'fieldErrors' | 'today'>,
): boolean {
  const rules =
    page === 'instrument' ? instrumentRules(form.values) : detailsRules(form.values, form.today);
  return !hasErrors(rules) && !hasErrors(only(form.fieldErrors, PAGE_FIELDS[page]));
}

/** A refusal's errors on page 1's fields: page 1 is where it is shown. */
export function instrumentRefusal(error: unknown): FormErrors<InvestmentField> {
  return only(formFailure(error, SERVER_KEYS).fieldErrors, PAGE_FIELDS.instrument);
}

/** A refusal that names fields only (page 2's, when page 1's are fine): no form message. */
export function onlyFieldsRefused(error: unknown): boolean {
  const failure = formFailure(error, SERVER_KEYS);
  return hasErrors(failure.fieldErrors) && failure.formError === undefined;
}

/** The identifier's verdict under its field: its message and what is wrong, or nothing. */
export function verdictErrors(
  fieldErrors: FormErrors<InvestmentField>,
  verdict: IdentifierVerdict,
): FormErrors<InvestmentField> {
  const errors = { ...fieldErrors };
  if (verdict.status === 'invalid' && verdict.message)
    errors.isin = verdict.detail ? [verdict.message, verdict.detail] : [verdict.message];
  else delete errors.isin;
  return errors;
}

/** An identified instrument: what the user typed stays; only an empty name and an untouched currency are filled. */
export function identifiedValues(
  form: Pick<InvestmentForm, 'values' | 'edited'>,
  instrument: Instrument,
): InvestmentValues {
  const { values } = form;
  return {
    ...values,
    name: values.name.trim() === '' ? instrument.name : values.name,
    currency_code: form.edited.includes('currency_code')
      ? values.currency_code
      : instrument.currency,
  };
}
