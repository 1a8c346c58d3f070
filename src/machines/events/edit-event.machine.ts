// Correcting or deleting one recorded event (a transaction row's overlay): a save flow
// (save-flow.ts) that first reads the event as entered (`load`) and has Delete with Undo
// (`remove`). The form is the create form of its kind, filled in; Save sends PUT, Delete asks
// first, then DELETE. After either, the data actor is told the event was updated or deleted
// (changes.ts) and the overlay closes. A refused change keeps everything and says why. A
// deletion's toast offers Undo, which re-creates the event as entered (the contract has no
// undelete), under an Idempotency-Key made when Undo is pressed, announced as a new event is.
import type { SnapshotFrom } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import type { DecimalMark } from '../../domain/numbers';
import type { EventKind, Id, Transaction } from '../../domain/types';
import { changed } from '../data/changes';
import type { DataRef } from '../data/data.machine';
import type { SessionRef } from '../app/flow';
import { formFailure, sameKeys } from '../forms/form-errors';
import {
  acceptsChange,
  changeValues,
  enteredValues,
  eventPayload,
  eventRules,
  EVENT_FIELDS,
  KIND_OF,
  valuesOf,
  type EventValues,
} from './event.rules';
import {
  eventNotice,
  notRestoredNotice,
  restoringNotice,
  type NoticesRef,
} from '../app/notices.machine';
import type { OverlayRef } from '../app/overlay.machine';
import { saveFlow } from '../forms/save-flow';
import type { KeyMaker } from '../forms/submission';

export interface EditEventInput {
  api: Api;
  data: DataRef;
  session: SessionRef;
  notices: NoticesRef;
  overlay: OverlayRef;
  transaction: Transaction;
  /** The user's local day (YYYY-MM-DD): the latest date allowed. */
  today: string;
  /** Makes the Idempotency-Key of Undo's re-creation; a random UUID by default. */
  newKey?: KeyMaker;
  /** The reader's decimal mark, which the numbers the form fills in are written with. */
  decimalMark?: DecimalMark;
}

/** What the correction keeps beside its values. */
export interface EditedEvent {
  eventId: Id;
  investmentId: Id;
  kind: EventKind;
  /**
   * The event as entered, once loaded: what Undo re-creates after a deletion. Without it (the
   * load failed) the form holds DKK figures without a fee, so no Undo is offered.
   */
  entered: EventValues | undefined;
  /** The broker's rate the event was booked at (an import's), which Undo sends back. */
  exchangeRate: number | undefined;
  /** The day the event was booked on; an unchanged day is not sent, so its time stays. */
  originalDate: string;
  /** A split's holding before it; 0 for other kinds (no sale limit is checked on a correction). */
  currentShares: number;
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
export function deleteQuestion(context: Pick<EditedEvent, 'kind' | 'originalDate'>): string {
  return `Delete the ${QUESTION_NOUNS[context.kind]} of ${context.originalDate}?`;
}

const KEYS = sameKeys(EVENT_FIELDS);

export const editEventMachine = saveFlow({
  id: 'editEvent',
  types: { input: {} as EditEventInput },
  values: (input) => valuesOf(input.transaction, input.today, input.decimalMark),
  extra: ({ transaction, today }): EditedEvent => ({
    eventId: transaction.id,
    investmentId: transaction.investment_id,
    kind: KIND_OF[transaction.type],
    entered: undefined,
    exchangeRate: undefined,
    originalDate: valuesOf(transaction, today).date,
    currentShares: transaction.from_shares ?? 0,
  }),
  // The list has no fee and only DKK amounts: the event as entered is read first.
  load: {
    call: async ({ input, eventId }) => {
      const event = await input.api.getEvent(eventId);
      const values = enteredValues(event, input.today, input.decimalMark);
      return { values, entered: values, exchangeRate: event.exchange_rate ?? undefined };
    },
    failed: () => ({ formError: NOT_LOADED }),
  },
  rules: {
    keys: KEYS,
    accepts: (context, field) => acceptsChange(context, context.values, field),
    change: (context, field, value) =>
      changeValues({ ...context, today: context.input.today }, context, field, value),
    // No sale limit: the holding on the event's day is the server's to check.
    check: (context) =>
      eventRules({ ...context, today: context.input.today }, context.values, undefined),
    body: ({ kind, values, originalDate }) =>
      eventPayload(kind, values, values.date === originalDate ? undefined : values.date),
  },
  keyed: false,
  submit: ({ context, body }) =>
    context.input.api.editEvent(context.eventId, context.kind, body, { validateOnly: false }),
  saved: ({ kind }) => ({
    announce: changed('event.updated'),
    notice: eventNotice(kind, 'corrected'),
  }),
  failure: (error) => formFailure(error, KEYS),
  remove: {
    call: ({ input, eventId }) => input.api.deleteEvent(eventId),
    removed: ({ kind }) => ({
      announce: changed('event.deleted'),
      notice: eventNotice(kind, 'deleted'),
    }),
    undo: {
      offered: ({ entered }) => entered !== undefined,
      restoring: ({ kind }) => restoringNotice(kind),
      restore: async ({ input, investmentId, kind, entered, exchangeRate }, idempotencyKey) => {
        // Only `offered` leads to Undo, and it needs the event as entered.
        const payload = {
          ...eventPayload(kind, entered!, entered!.date),
          ...(exchangeRate === undefined ? {} : { exchange_rate: exchangeRate }),
        };
        const event = await input.api.createEvent(investmentId, kind, payload, { idempotencyKey });
        // The create flow's announcement: the events list gets it back in its place.
        return {
          announce: { type: 'event.created', event },
          notice: eventNotice(kind, 'restored'),
        };
      },
      failed: ({ kind }, error) => notRestoredNotice(kind, messageOf(error)),
    },
  },
});

export type EditEventSnapshot = SnapshotFrom<typeof editEventMachine>;
