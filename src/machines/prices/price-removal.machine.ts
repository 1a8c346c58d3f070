// The deletion of a typed price in an investment's Prices section (prices.machine.ts), a row's
// Delete on the save flow's parts (save-flow-parts.ts `removalStates`): the DELETE goes at once,
// "Price deleted · Undo" shows for the window, and Undo types the price again (the API has no
// undelete) with a key made when it is pressed. Each change is announced to the data actor and
// tells the section (its parent) to read its list again. What the user confirmed goes on after a
// new login, and after its view has gone, until the window is over.
import { assign, sendParent } from 'xstate';
import type { DayPrice } from '../../api';
import { messageOf } from '../../api/errors';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import {
  isTyped,
  notDeletedNotice,
  notRestoredNotice,
  PRICE_NOTICES,
  pricePayload,
  priceValuesOf,
} from './price.rules';
import { saveFlowSetup, type EmbeddedInput, type SaveFlowContext } from '../forms/save-flow';
import { removalStates } from '../forms/save-flow-parts';
import { NO_FIELDS } from '../forms/save-flow-spec';
import { saveFlowContext } from '../forms/save-flow-submitting';

/** A row's Delete; Undo and the flow's events are the save flow's. */
export type PriceRemovalEvent = { type: 'delete.requested'; price: DayPrice };

export type PriceRemovalInput = EmbeddedInput & { investmentId: Id };

/** The typed price deleted last: what Undo types again. */
type Deleted = { deleted: DayPrice | undefined };

type Context = SaveFlowContext<PriceRemovalInput, Record<never, never>, never> & Deleted;

/** A typed price changes what it values (the data actor) and the section's list. */
const repriced = (notice: string) => ({ announce: changed('investment.repriced'), notice });

/** A typed price's Delete, from the list or while the last one's Undo is offered. */
const DELETE = {
  'delete.requested': {
    guard: 'typed' as const,
    target: '#priceRemoval.deleting',
    actions: 'noteDeleted' as const,
  },
};

const spec = { types: { input: {} as PriceRemovalInput }, rules: NO_FIELDS, keyed: false };

export const priceRemovalMachine = saveFlowSetup<
  PriceRemovalInput,
  Record<never, never>,
  never,
  undefined,
  unknown,
  Deleted,
  Record<never, never>,
  PriceRemovalEvent
>(spec, { events: {} as PriceRemovalEvent })
  .extend({
    actions: {
      noteDeleted: assign(({ event }) => ('price' in event ? { deleted: event.price } : {})),
      reloadList: sendParent({ type: 'prices.changed' }),
    },
    guards: { typed: ({ event }) => 'price' in event && isTyped(event.price) },
  })
  .createMachine({
    id: 'priceRemoval',
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
      // Only a typed price's Delete leads here, and it noted the price.
      ...removalStates<Context, 'reloadList', typeof DELETE>(
        'priceRemoval',
        {
          call: ({ input, deleted }) =>
            input.api
              .prices()
              .then((calls) => calls.deletePrice(input.investmentId, deleted!.date)),
          removed: () => repriced(PRICE_NOTICES.deleted),
          undo: {
            offered: () => true,
            restoring: () => PRICE_NOTICES.restoring,
            restore: async ({ input, deleted }, idempotencyKey) => {
              const calls = await input.api.prices();
              const payload = pricePayload(priceValuesOf(deleted!));
              await calls.addPrice(input.investmentId, payload, { idempotencyKey });
              return repriced(PRICE_NOTICES.restored);
            },
            failed: (_, error) => notRestoredNotice(messageOf(error)),
          },
        },
        {
          asks: false,
          over: 'idle',
          refused: (error) => notDeletedNotice(messageOf(error)),
          told: ['reloadList'],
          // Another deletion: this one is final, the new one's notice replaces its own.
          undoable: DELETE,
        },
      ),
      released: { type: 'final' },
    },
  });
