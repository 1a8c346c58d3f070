// The rules of a portfolio's Cash section (cash.machine.ts): the entry form (a deposit, withdrawal,
// interest or fee) and the switch's opening balance. Pure: tested with tables.
import type { CashEntry, CashEntryPayload, CashSwitch } from '../../api';
import { CASH_KINDS, type CashKind } from '../../domain/kinds';
import { dateRule } from '../forms/date-rule';
import type { FormErrors } from '../forms/form-errors';
import { amount, amountRule, check, requiredText } from '../forms/form-rules';

export const ENTRY_FIELDS = ['type', 'amount', 'currency_code', 'date'] as const;
export type EntryField = (typeof ENTRY_FIELDS)[number];
export type EntryValues = Record<EntryField, string>;

export const OPENING_FIELDS = ['amount', 'currency_code'] as const;
export type OpeningField = (typeof OPENING_FIELDS)[number];
export type OpeningValues = Record<OpeningField, string>;

/** The server's keys of the switch's opening balance, to the form's fields. */
export const OPENING_KEYS: Readonly<Record<string, OpeningField>> = {
  'opening_balance.amount': 'amount',
  'opening_balance.currency_code': 'currency_code',
};

/** Said after a change (notices.machine.ts), in English; the UI shows them translated. */
export const CASH_NOTICES = {
  added: 'Cash entry added',
  deleted: 'Cash entry deleted',
  restoring: 'Restoring the cash entry…',
  restored: 'Cash entry restored',
  on: 'Cash switched on',
  off: 'Cash switched off',
} as const;

/** "The cash entry could not be restored. The server had a problem. …" */
export function entryNotRestored(message: string): string {
  return `The cash entry could not be restored. ${message}`;
}

const isKind = (value: string): value is CashKind =>
  (CASH_KINDS as readonly string[]).includes(value);

/** A new entry: a deposit of today, in DKK. */
export const newEntry = (today: string): EntryValues => ({
  type: 'deposit',
  amount: '',
  currency_code: 'DKK',
  date: today,
});

export function entryRules(values: EntryValues, today: string): FormErrors<EntryField> {
  return check<EntryField>({
    type: () => (isKind(values.type) ? undefined : requiredText('')),
    amount: () => amountRule(values.amount, { positive: true, quantity: 'money' }),
    currency_code: () => requiredText(values.currency_code),
    date: () => dateRule(values.date, today),
  });
}

export function entryPayload(values: EntryValues): CashEntryPayload {
  return {
    type: isKind(values.type) ? values.type : 'deposit',
    amount: amount(values.amount),
    currency_code: values.currency_code,
    date: values.date,
  };
}

/** A listed entry as its payload: what Undo of its deletion books again. */
export const entryPayloadOf = (entry: CashEntry): CashEntryPayload => ({
  type: entry.type,
  amount: entry.amount,
  currency_code: entry.currency_code,
  date: entry.date.slice(0, 10),
});

/** The opening balance: 0 or more (0 books nothing), as a fee is. */
export function openingRules(values: OpeningValues): FormErrors<OpeningField> {
  return check<OpeningField>({
    amount: () => amountRule(values.amount, { positive: false, quantity: 'money' }),
    currency_code: () => requiredText(values.currency_code),
  });
}

export const switchOn = (values: OpeningValues): CashSwitch => ({
  cash: true,
  opening_balance: { amount: amount(values.amount), currency_code: values.currency_code },
});
