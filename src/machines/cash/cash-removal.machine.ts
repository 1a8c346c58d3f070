// The deletion of a cash entry in a portfolio's Cash section (cash.machine.ts), a row's Delete
// with Undo (forms/row-removal.ts), as a typed price's is: Undo books the entry again.
import type { CashEntry } from '../../api';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import type { EmbeddedInput } from '../forms/save-flow';
import { rowRemovalMachine } from '../forms/row-removal';
import { CASH_NOTICES, entryNotRestored, entryPayloadOf } from './cash.rules';

export type CashRemovalInput = EmbeddedInput & { portfolioId: Id };

export const cashRemovalMachine = rowRemovalMachine({
  id: 'cashRemoval',
  key: 'entry',
  reload: { type: 'cash.changed' },
  announce: changed('cash.changed'),
  notices: CASH_NOTICES,
  notRestored: entryNotRestored,
  call: async (input: CashRemovalInput, entry: CashEntry) =>
    (await input.api.cash()).deleteCashEntry(entry.id),
  restore: async (input, entry, idempotencyKey) =>
    (await input.api.cash()).addCashEntry(input.portfolioId, entryPayloadOf(entry), {
      idempotencyKey,
    }),
});
