// A portfolio's Cash section's entry form (cash.machine.ts): a new deposit, withdrawal, interest
// or fee, a save flow (save-flow.ts) the section opens and closes.
import type { CashEntry } from '../../api';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import { saveFlow, type EmbeddedInput } from '../forms/save-flow';
import { sameKeys } from '../forms/form-errors';
import { CASH_NOTICES, ENTRY_FIELDS, entryPayload, entryRules, newEntry } from './cash.rules';

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
