// A portfolio's Cash section's entry form (cash.machine.ts): a new deposit, withdrawal, interest
// or fee, a save flow (save-flow.ts) the section opens and closes. A deposit into an
// aktiesparekonto over the year's room warns as a Buy does (deposit-room.ts), never refuses.
import type { CashEntry } from '../../api';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import { saveFlow, type EmbeddedInput } from '../forms/save-flow';
import { sameKeys } from '../forms/form-errors';
import { amount } from '../forms/form-rules';
import { readDepositRoom, roomExceeded, type DepositRoom } from '../reports';
import {
  CASH_NOTICES,
  ENTRY_FIELDS,
  entryPayload,
  entryRules,
  newEntry,
  type EntryValues,
} from './cash.rules';

export type CashFormInput = EmbeddedInput & {
  portfolioId: Id;
  /** The user's local day: the entry's default and latest day. */
  today: string;
  /** The portfolio is an aktiesparekonto: a deposit warns of its deposit ceiling. */
  aktiesparekonto?: boolean;
};

/**
 * The room left when the deposit as typed takes the aktiesparekonto over this year's ceiling;
 * undefined otherwise, and for a deposit in another currency than DKK (no rate is at hand).
 */
export function depositOverRoom({
  values,
  depositRoom,
}: {
  values: EntryValues;
  depositRoom?: DepositRoom;
}): number | undefined {
  if (values.type !== 'deposit' || values.currency_code !== 'DKK') return undefined;
  return roomExceeded(depositRoom, values.date, amount(values.amount));
}

export const entryFormMachine = saveFlow({
  id: 'cashEntryForm',
  types: { input: {} as CashFormInput },
  values: (input) => newEntry(input.today),
  extra: (): { depositRoom?: DepositRoom } => ({}),
  rules: {
    keys: sameKeys(ENTRY_FIELDS),
    check: ({ input, values }) => entryRules(values, input.today),
    body: ({ values }) => entryPayload(values),
  },
  keyed: true,
  // Read while the user types; the form works without it.
  meanwhile: async ({ input }) =>
    input.aktiesparekonto
      ? {
          depositRoom: await readDepositRoom(
            input.api,
            input.portfolioId,
            Number(input.today.slice(0, 4)),
          ),
        }
      : {},
  submit: ({ context: { input }, body, idempotencyKey }) =>
    input.api
      .cash()
      .then((calls) => calls.addCashEntry(input.portfolioId, body, { idempotencyKey })),
  saved: (_, _entry: CashEntry) => ({
    announce: changed('cash.changed'),
    notice: CASH_NOTICES.added,
  }),
});
