// The deletion of a cash entry in a portfolio's Cash section (cash.machine.ts), a row's Delete on
// the save flow's parts (save-flow-parts.ts `removalStates`), as a typed price's is: the DELETE
// goes at once, "Cash entry deleted · Undo" shows for the window, and Undo books the entry again
// (the API has no undelete) with a key made when it is pressed.
import { assign, sendParent } from 'xstate';
import type { CashEntry } from '../../api';
import { messageOf } from '../../api/errors';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import { saveFlowSetup, type EmbeddedInput, type SaveFlowContext } from '../forms/save-flow';
import { removalStates } from '../forms/save-flow-parts';
import { NO_FIELDS } from '../forms/save-flow-spec';
import { saveFlowContext } from '../forms/save-flow-submitting';
import { nothingDeleted } from '../forms/form-errors';
import { CASH_NOTICES, entryNotRestored, entryPayloadOf } from './cash.rules';

export type CashRemovalEvent = { type: 'delete.requested'; entry: CashEntry };

export type CashRemovalInput = EmbeddedInput & { portfolioId: Id };

/** The entry deleted last: what Undo books again. */
type Deleted = { deleted: CashEntry | undefined };

type Context = SaveFlowContext<CashRemovalInput, Record<never, never>, never> & Deleted;

const moved = (notice: string) => ({ announce: changed('cash.changed'), notice });

/** A row's Delete, from the list or while the last one's Undo is offered. */
const DELETE = {
  'delete.requested': { target: '#cashRemoval.deleting', actions: 'noteDeleted' as const },
};

const spec = { types: { input: {} as CashRemovalInput }, rules: NO_FIELDS, keyed: false };

export const cashRemovalMachine = saveFlowSetup<
  CashRemovalInput,
  Record<never, never>,
  never,
  undefined,
  unknown,
  Deleted,
  Record<never, never>,
  CashRemovalEvent
>(spec, { events: {} as CashRemovalEvent })
  .extend({
    actions: {
      noteDeleted: assign(({ event }) => ('entry' in event ? { deleted: event.entry } : {})),
      reloadList: sendParent({ type: 'cash.changed' }),
    },
  })
  .createMachine({
    id: 'cashRemoval',
    context: ({ input }) =>
      saveFlowContext(
        { values: () => ({}), extra: (): Deleted => ({ deleted: undefined }) },
        input,
      ),
    initial: 'idle',
    // The view is gone: what is on its way finishes (its Undo window included), then the flow ends.
    on: { 'flow.detached': { actions: 'detach' } },
    states: {
      idle: {
        always: { guard: 'detached', target: 'released' },
        on: DELETE,
      },
      ...removalStates<Context, 'reloadList', typeof DELETE>(
        'cashRemoval',
        {
          call: ({ input, deleted }) =>
            input.api.cash().then((calls) => calls.deleteCashEntry(deleted!.id)),
          removed: () => moved(CASH_NOTICES.deleted),
          undo: {
            offered: () => true,
            restoring: () => CASH_NOTICES.restoring,
            restore: async ({ input, deleted }, idempotencyKey) => {
              const calls = await input.api.cash();
              await calls.addCashEntry(input.portfolioId, entryPayloadOf(deleted!), {
                idempotencyKey,
              });
              return moved(CASH_NOTICES.restored);
            },
            failed: (_, error) => entryNotRestored(messageOf(error)),
          },
        },
        {
          asks: false,
          over: 'idle',
          refused: nothingDeleted,
          told: ['reloadList'],
          undoable: DELETE,
        },
      ),
      released: { type: 'final' },
    },
  });
