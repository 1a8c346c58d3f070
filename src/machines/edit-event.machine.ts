// Correcting or deleting one recorded event (a transaction row's overlay). The form is the create
// form of its kind, filled in; Save sends PUT, Delete asks first, then DELETE. After either, the
// data actor is told the event was updated or deleted (changes.ts) and the overlay closes. A
// refused change keeps everything and says why. A deletion's toast offers Undo, which re-creates
// the event as entered (the contract has no undelete), under an Idempotency-Key made when Undo is
// pressed (submission.ts), and is announced as a new event is.
import { assign, enqueueActions, fromPromise, sendTo, setup, type SnapshotFrom } from 'xstate';
import type { Api, EventPayload } from '../api';
import { messageOf } from '../api/errors';
import type { EnteredEvent, EventKind, Id, Transaction } from '../domain/types';
import {
  acceptsChange,
  changeValues,
  enteredValues,
  eventPayload,
  eventRules,
  EVENT_FIELDS,
  KIND_OF,
  valuesOf,
  type EventField,
  type EventValues,
} from './forms/event.rules';
import type { OverlayRef } from './overlay.machine';
import type { DataRef } from './data.machine';
import { changed } from './changes';
import * as flow from './flow';
import { UNDO_MS } from './delete-valuable.machine';
import { formFailure, hasErrors, sameKeys, type FormErrors } from './form-errors';
import {
  eventNotice,
  notRestoredNotice,
  posted,
  restoringNotice,
  type NoticesRef,
  type UndoEvent,
} from './notices.machine';
import { randomKey, type KeyMaker } from './submission';

export type EditEventEvent =
  | { type: 'form.changed'; field: EventField; value: string }
  /** Save. */
  | { type: 'form.submitted' }
  /** Delete: asks before anything is deleted. */
  | { type: 'delete.requested' }
  | { type: 'delete.confirmed' }
  | { type: 'delete.cancelled' }
  | UndoEvent
  | flow.FlowEvent;

export interface EditEventInput {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  overlay: OverlayRef;
  transaction: Transaction;
  /** The user's local day (YYYY-MM-DD): the latest date allowed. */
  today: string;
  /** Makes the Idempotency-Key of Undo's re-creation; a random UUID by default. */
  newKey?: KeyMaker;
}

export interface EditEventContext {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  overlay: OverlayRef;
  /** False once the overlay has gone: a call in flight still tells the data actor, but closes nothing. */
  attached: boolean;
  eventId: Id;
  investmentId: Id;
  kind: EventKind;
  /**
   * The event as entered, once loaded: what Undo re-creates after a deletion. Without it (the
   * load failed) the form holds DKK figures without a fee, so no Undo is offered.
   */
  entered: EventValues | undefined;
  /** The day the event was booked on; an unchanged day is not sent, so its time stays. */
  originalDate: string;
  /** A split's holding before it; 0 for other kinds (no sale limit is checked on a correction). */
  currentShares: number;
  today: string;
  values: EventValues;
  fieldErrors: FormErrors<EventField>;
  formError: string | undefined;
  newKey: KeyMaker;
  /** Undo's key: made when it is pressed, sent again when the call is resent after a login. */
  restoreKey: string | undefined;
}

/** Said when the event as entered cannot be read: the form then holds the listed DKK figures. */
export const NOT_LOADED =
  'Its fee and currency could not be loaded, so it shows in DKK without a fee. Check them before saving.';

const QUESTION_NOUNS: Record<EventKind, string> = {
  buy: 'purchase',
  sell: 'sale',
  dividend: 'dividend',
  split: 'stock split',
};

/** "Delete the purchase of 2024-01-15?" */
export function deleteQuestion(context: Pick<EditEventContext, 'kind' | 'originalDate'>): string {
  return `Delete the ${QUESTION_NOUNS[context.kind]} of ${context.originalDate}?`;
}

interface SaveInput {
  api: Api;
  eventId: Id;
  kind: EventKind;
  payload: EventPayload<EventKind>;
}

interface RestoreInput {
  api: Api;
  investmentId: Id;
  kind: EventKind;
  payload: EventPayload<EventKind>;
  idempotencyKey: string | undefined;
}

export const editEventMachine = setup({
  types: {
    context: {} as EditEventContext,
    events: {} as EditEventEvent,
    input: {} as EditEventInput,
    tags: {} as 'loading' | 'submitting' | 'deleting',
  },
  actors: {
    loadEvent: fromPromise<EnteredEvent, { api: Api; eventId: Id }>(({ input }) =>
      input.api.getEvent(input.eventId),
    ),
    saveEvent: fromPromise<Transaction | null, SaveInput>(({ input }) =>
      input.api.editEvent(input.eventId, input.kind, input.payload, { validateOnly: false }),
    ),
    deleteEvent: fromPromise<void, { api: Api; eventId: Id }>(({ input }) =>
      input.api.deleteEvent(input.eventId),
    ),
    restoreEvent: fromPromise<Transaction, RestoreInput>(({ input }) =>
      input.api.createEvent(input.investmentId, input.kind, input.payload, {
        idempotencyKey: input.idempotencyKey,
      }),
    ),
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    change: assign(({ context }, params: { field: EventField; value: string }) =>
      changeValues(context, context, params.field, params.value),
    ),
    checkRules: assign(({ context }) => ({
      fieldErrors: eventRules(context, context.values, undefined),
      formError: undefined,
    })),
    clearFormError: assign({ formError: undefined }),
    fillEntered: assign(({ context }, params: { entered: EnteredEvent }) => {
      const values = enteredValues(params.entered, context.today);
      return { values, entered: values };
    }),
    sayNotLoaded: assign({ formError: NOT_LOADED }),
    showFailure: assign((_, params: { error: unknown }) =>
      formFailure(params.error, sameKeys(EVENT_FIELDS)),
    ),
    announce: sendTo(
      ({ context }) => context.data,
      (_, params: { change: 'event.updated' | 'event.deleted' }) => changed(params.change),
    ),
    confirm: sendTo(
      ({ context }) => context.notices,
      ({ context }, params: { done: 'corrected' | 'deleted' }) =>
        posted(eventNotice(context.kind, params.done)),
    ),
    // The deletion's toast stays while Undo is offered and while the event is re-created.
    holdNotice: sendTo(
      ({ context }) => context.notices,
      ({ context, self }, params: { undo: boolean }) =>
        posted(params.undo ? eventNotice(context.kind, 'deleted') : restoringNotice(context.kind), {
          owner: self,
          undo: params.undo,
        }),
    ),
    withdrawNotice: sendTo(
      ({ context }) => context.notices,
      ({ self }) => ({ type: 'notice.withdrawn' as const, owner: self }),
    ),
    confirmRestored: sendTo(
      ({ context }) => context.notices,
      ({ context }) => posted(eventNotice(context.kind, 'restored')),
    ),
    reportNotRestored: sendTo(
      ({ context }) => context.notices,
      ({ context }, params: { error: unknown }) =>
        posted(notRestoredNotice(context.kind, messageOf(params.error))),
    ),
    makeRestoreKey: assign({ restoreKey: ({ context }) => context.newKey() }),
    announceCreated: sendTo(
      ({ context }) => context.data,
      (_, params: { event: Transaction }) => ({
        type: 'event.created' as const,
        event: params.event,
      }),
    ),
    closeOverlay: enqueueActions(({ context, enqueue }) => {
      if (context.attached) enqueue.sendTo(context.overlay, { type: 'overlay.closed' });
    }),
    detach: assign({ attached: false }),
  },
  guards: {
    rulesPass: ({ context }) => !hasErrors(context.fieldErrors),
    restorable: ({ context }) => context.entered !== undefined,
    sessionLost: flow.sessionLostIn,
  },
  delays: { undoWindow: UNDO_MS },
}).createMachine({
  id: 'editEvent',
  context: ({ input }) => {
    const values = valuesOf(input.transaction, input.today);
    return {
      api: input.api,
      data: input.data,
      session: input.session,
      notices: input.notices,
      overlay: input.overlay,
      attached: true,
      eventId: input.transaction.id,
      investmentId: input.transaction.investment_id,
      kind: KIND_OF[input.transaction.type],
      entered: undefined,
      originalDate: values.date,
      currentShares: input.transaction.from_shares ?? 0,
      today: input.today,
      values,
      fieldErrors: {},
      formError: undefined,
      newKey: input.newKey ?? randomKey,
      restoreKey: undefined,
    };
  },
  initial: 'loading',
  // The view is gone: an idle form ends; a save or deletion in flight finishes (see there).
  on: { 'flow.detached': '.released' },
  states: {
    loading: {
      tags: 'loading',
      description: 'Reads the event as entered: the list has no fee and only DKK amounts.',
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            src: 'loadEvent',
            input: ({ context }) => ({ api: context.api, eventId: context.eventId }),
            onDone: {
              target: '#editEvent.editing',
              actions: { type: 'fillEntered', params: ({ event }) => ({ entered: event.output }) },
            },
            onError: [
              flow.WAIT_FOR_SESSION,
              { target: '#editEvent.editing', actions: 'sayNotLoaded' },
            ],
          },
        },
        awaitingSession: flow.awaitingSession('calling'),
      },
    },
    editing: {
      on: {
        'form.changed': {
          guard: ({ context, event }) => acceptsChange(context, context.values, event.field),
          actions: { type: 'change', params: ({ event }) => event },
        },
        'form.submitted': { target: 'checking', actions: 'checkRules' },
        'delete.requested': { target: 'confirmingDelete', actions: 'clearFormError' },
      },
    },
    checking: {
      always: [{ guard: 'rulesPass', target: 'saving' }, { target: 'editing' }],
    },
    saving: {
      tags: 'submitting',
      // The call outlives the overlay, so what it saved always reaches the screens.
      on: { 'flow.detached': { actions: 'detach' } },
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            src: 'saveEvent',
            input: ({ context }) => ({
              api: context.api,
              eventId: context.eventId,
              kind: context.kind,
              payload: eventPayload(
                context.kind,
                context.values,
                context.values.date === context.originalDate ? undefined : context.values.date,
              ),
            }),
            onDone: {
              target: '#editEvent.done',
              actions: [
                { type: 'announce', params: { change: 'event.updated' } },
                'closeOverlay',
                { type: 'confirm', params: { done: 'corrected' } },
              ],
            },
            onError: [
              flow.WAIT_FOR_SESSION,
              {
                target: '#editEvent.editing',
                actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        // Nothing was saved; the user has let go of the form, so detaching drops it.
        awaitingSession: flow.awaitingSession('calling', { dropTo: '#editEvent.released' }),
      },
    },
    confirmingDelete: {
      description: 'Asks "Delete the purchase of 2024-01-15?"; nothing is deleted until confirmed.',
      on: {
        'delete.confirmed': { target: 'deleting' },
        'delete.cancelled': { target: 'editing' },
      },
    },
    deleting: {
      tags: ['submitting', 'deleting'],
      on: { 'flow.detached': { actions: 'detach' } },
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            src: 'deleteEvent',
            input: ({ context }) => ({ api: context.api, eventId: context.eventId }),
            onDone: [
              {
                guard: 'restorable',
                target: '#editEvent.undoable',
                actions: [
                  { type: 'announce', params: { change: 'event.deleted' } },
                  'closeOverlay',
                ],
              },
              {
                target: '#editEvent.done',
                actions: [
                  { type: 'announce', params: { change: 'event.deleted' } },
                  'closeOverlay',
                  { type: 'confirm', params: { done: 'deleted' } },
                ],
              },
            ],
            onError: [
              flow.WAIT_FOR_SESSION,
              // A refusal (422 on `event`: a later event would break) is the form's message.
              {
                target: '#editEvent.editing',
                actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        awaitingSession: flow.awaitingSession('calling', { dropTo: '#editEvent.released' }),
      },
    },
    undoable: {
      description:
        'The DELETE went at once; "Buy deleted · Undo" is shown for the window. The contract has ' +
        'no undelete, so Undo creates the event again as entered: on the same day, with a new id.',
      entry: { type: 'holdNotice', params: { undo: true } },
      after: { undoWindow: { target: 'done', actions: 'withdrawNotice' } },
      on: {
        'flow.detached': { actions: 'detach' },
        // Handled here only: a second press, or one after the window, creates nothing.
        'undo.requested': { target: 'restoring', actions: 'makeRestoreKey' },
      },
    },
    restoring: {
      entry: { type: 'holdNotice', params: { undo: false } },
      on: { 'flow.detached': { actions: 'detach' } },
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            src: 'restoreEvent',
            input: ({ context }) => ({
              api: context.api,
              investmentId: context.investmentId,
              kind: context.kind,
              // Only `restorable` leads to Undo, and it needs the event as entered.
              payload: eventPayload(context.kind, context.entered!, context.entered!.date),
              idempotencyKey: context.restoreKey,
            }),
            onDone: {
              target: '#editEvent.done',
              // The create flow's steps, and the events list, where it goes back in its place.
              actions: [
                { type: 'announceCreated', params: ({ event }) => ({ event: event.output }) },
                'confirmRestored',
              ],
            },
            onError: [
              flow.WAIT_FOR_SESSION,
              {
                target: '#editEvent.done',
                actions: {
                  type: 'reportNotRestored',
                  params: ({ event }) => ({ error: event.error }),
                },
              },
            ],
          },
        },
        // The toast keeps saying "Restoring…"; the same event is sent once after the login.
        awaitingSession: flow.awaitingSession('calling'),
      },
    },
    done: { type: 'final' },
    released: { type: 'final' },
  },
});

export type EditEventSnapshot = SnapshotFrom<typeof editEventMachine>;
