// The two forms of a portfolio's Cash section (cash.machine.ts), save flows (save-flow.ts) the
// section opens and closes: a new deposit, withdrawal, interest or fee; and the switch, which turns
// cash on from an opening balance (booked as a deposit when above 0) or off (the entries stay).
import type { CashEntry } from '../../api';
import type { Id, Portfolio } from '../../domain/types';
import { changed } from '../data/changes';
import { sameKeys } from '../forms/form-errors';
import { saveFlow, type EmbeddedInput } from '../forms/save-flow';
import {
  CASH_NOTICES,
  ENTRY_FIELDS,
  entryPayload,
  entryRules,
  newEntry,
  OPENING_KEYS,
  openingRules,
  switchOn,
  type OpeningValues,
} from './cash.rules';

export type CashFormInput = EmbeddedInput & {
  portfolioId: Id;
  /** The user's local day: the entry's default and latest day. */
  today: string;
};

export const entryFormMachine = saveFlow({
  id: 'cashEntryForm',
  types: { input: {} as CashFormInput },
  values: (input) => newEntry(input.today),
  rules: {
    keys: sameKeys(ENTRY_FIELDS),
    check: ({ input, values }) => entryRules(values, input.today),
    body: ({ values }) => entryPayload(values),
  },
  keyed: true,
  submit: ({ context: { input }, body, idempotencyKey }) =>
    input.api
      .cash()
      .then((calls) => calls.addCashEntry(input.portfolioId, body, { idempotencyKey })),
  saved: (_, _entry: CashEntry) => ({
    announce: changed('cash.changed'),
    notice: CASH_NOTICES.added,
  }),
});

export type SwitchFormInput = CashFormInput & {
  /** Cash comes on (the form asks for the opening balance) or goes off (it only confirms). */
  on: boolean;
};

export const switchFormMachine = saveFlow({
  id: 'cashSwitchForm',
  types: { input: {} as SwitchFormInput },
  values: (): OpeningValues => ({ amount: '0', currency_code: 'DKK' }),
  rules: {
    keys: OPENING_KEYS,
    check: ({ input, values }) => (input.on ? openingRules(values) : {}),
    body: ({ input, values }) => (input.on ? switchOn(values) : { cash: false as const }),
  },
  // Repeatable as it is: a second PATCH finds the switch already thrown and books nothing.
  keyed: false,
  submit: ({ context: { input }, body }) =>
    input.api.cash().then((calls) => calls.switchCash(input.portfolioId, body)),
  saved: ({ input }, _portfolio: Portfolio) => ({
    announce: changed('cash.changed'),
    notice: input.on ? CASH_NOTICES.on : CASH_NOTICES.off,
  }),
});
