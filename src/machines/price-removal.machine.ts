// The deletion of a typed price in an investment's Prices section (prices.machine.ts): the DELETE
// goes at once, "Price deleted · Undo" shows for the window, and Undo types the price again (the
// API has no undelete) with a key made when it is pressed. Each change is announced to the data
// actor and tells the section (its parent) to read its list again. What the user confirmed goes
// on after a new login, and after its view has gone, until the window is over.
import { assign, fromPromise, sendParent, sendTo, setup } from 'xstate';
import type { Api, DayPrice } from '../api';
import { messageOf } from '../api/errors';
import type { Id } from '../domain/types';
import { changed } from './changes';
import type { DataRef } from './data.machine';
import { UNDO_MS } from './undo';
import * as flow from './flow';
import {
  isTyped,
  notDeletedNotice,
  notRestoredNotice,
  PRICE_NOTICES,
  pricePayload,
  priceValuesOf,
} from './forms/price.rules';
import { posted, type NoticesRef, type UndoEvent } from './notices.machine';
import type { KeyMaker } from './submission';

export type PriceRemovalEvent =
  { type: 'delete.requested'; price: DayPrice } | UndoEvent | flow.FlowEvent;

export interface PriceRemovalInput {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  investmentId: Id;
  newKey: KeyMaker;
}

interface PriceRemovalContext extends PriceRemovalInput {
  /** False once the view has gone: the flow ends when nothing is on its way any more. */
  attached: boolean;
  /** The typed price deleted last: what Undo types again. */
  deleted: DayPrice | undefined;
  /** Undo's key: made when it is pressed, sent again when the call is resent after a login. */
  restoreKey: string | undefined;
}

type Step = 'delete' | 'restore';

/** A step's call, and what it says when refused. */
const STEPS = {
  delete: {
    call: (context: PriceRemovalContext, price: DayPrice) =>
      context.api.prices().then((calls) => calls.deletePrice(context.investmentId, price.date)),
    refused: notDeletedNotice,
  },
  restore: {
    call: (context: PriceRemovalContext, price: DayPrice) =>
      context.api.prices().then((calls) =>
        calls.addPrice(context.investmentId, pricePayload(priceValuesOf(price)), {
          idempotencyKey: context.restoreKey,
        }),
      ),
    refused: notRestoredNotice,
  },
} as const;

/** The step's call; the price looks busy behind the password dialog and is sent once it succeeds. */
const calling = (step: Step, done: '#priceRemoval.undoable' | '#priceRemoval.idle') => ({
  initial: 'calling' as const,
  states: {
    calling: {
      invoke: {
        src: 'call' as const,
        input: ({ context }: { context: PriceRemovalContext }) => ({ context, step }),
        onDone: {
          target: done,
          actions: [
            'announceRepriced' as const,
            'reloadList' as const,
            ...(step === 'restore'
              ? [{ type: 'post' as const, params: { text: PRICE_NOTICES.restored } }]
              : []),
          ],
        },
        onError: [
          flow.WAIT_FOR_SESSION,
          {
            target: '#priceRemoval.idle',
            actions: {
              type: 'refused' as const,
              params: ({ event }: { event: { error: unknown } }) => ({ step, error: event.error }),
            },
          },
        ],
      },
    },
    awaitingSession: flow.awaitingSession<'deleting'>('calling'),
  },
});

export const priceRemovalMachine = setup({
  types: {
    context: {} as PriceRemovalContext,
    events: {} as PriceRemovalEvent,
    input: {} as PriceRemovalInput,
    tags: {} as 'deleting',
  },
  actors: {
    // Only a deletion leads to a call, and it noted what it deleted.
    call: fromPromise<unknown, { context: PriceRemovalContext; step: Step }>(({ input }) =>
      STEPS[input.step].call(input.context, input.context.deleted!),
    ),
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    noteDeleted: assign((_, params: { price: DayPrice }) => ({ deleted: params.price })),
    makeRestoreKey: assign({ restoreKey: ({ context }) => context.newKey() }),
    // A typed price changes what it values (the data actor) and the section's list.
    announceRepriced: sendTo(({ context }) => context.data, changed('investment.repriced')),
    reloadList: sendParent({ type: 'prices.changed' }),
    post: sendTo(
      ({ context }) => context.notices,
      (_, params: { text: string }) => posted(params.text),
    ),
    refused: sendTo(
      ({ context }) => context.notices,
      (_, params: { step: Step; error: unknown }) =>
        posted(STEPS[params.step].refused(messageOf(params.error))),
    ),
    // The deletion's notice stays while Undo is offered and while the price is typed again.
    holdNotice: sendTo(
      ({ context }) => context.notices,
      ({ self }, params: { undo: boolean }) =>
        posted(params.undo ? PRICE_NOTICES.deleted : PRICE_NOTICES.restoring, {
          owner: self,
          undo: params.undo,
        }),
    ),
    withdrawNotice: sendTo(
      ({ context }) => context.notices,
      ({ self }) => ({ type: 'notice.withdrawn' as const, owner: self }),
    ),
    detach: assign({ attached: false }),
  },
  guards: {
    typed: (_, params: { price: DayPrice }) => isTyped(params.price),
    detached: ({ context }) => !context.attached,
    sessionLost: flow.sessionLostIn,
  },
  delays: { undoWindow: UNDO_MS },
}).createMachine({
  id: 'priceRemoval',
  context: ({ input }) => ({ ...input, attached: true, deleted: undefined, restoreKey: undefined }),
  initial: 'idle',
  // The view is gone: what is on its way finishes (its Undo window included), then the flow ends.
  on: { 'flow.detached': { actions: 'detach' } },
  states: {
    idle: {
      always: { guard: 'detached', target: 'released' },
      on: {
        'delete.requested': {
          guard: { type: 'typed', params: ({ event }) => event },
          target: 'deleting',
          actions: { type: 'noteDeleted', params: ({ event }) => event },
        },
      },
    },
    deleting: { tags: 'deleting', ...calling('delete', '#priceRemoval.undoable') },
    undoable: {
      entry: { type: 'holdNotice', params: { undo: true } },
      after: { undoWindow: { target: 'idle', actions: 'withdrawNotice' } },
      on: {
        'undo.requested': { target: 'restoring', actions: 'makeRestoreKey' },
        // Another deletion: this one is final, the new one's notice replaces its own.
        'delete.requested': {
          guard: { type: 'typed', params: ({ event }) => event },
          target: 'deleting',
          actions: { type: 'noteDeleted', params: ({ event }) => event },
        },
      },
    },
    restoring: {
      // The notice keeps saying "Restoring…" until the price is typed again.
      entry: { type: 'holdNotice', params: { undo: false } },
      ...calling('restore', '#priceRemoval.idle'),
    },
    released: { type: 'final' },
  },
});
