// The Buy, Sell, Dividend and Stock Split forms (product-spec sections 2, 4, 5, 8): a save flow
// (save-flow.ts) over the event rules (forms/event.rules.ts), shared with the correction form.
// The call carries the submission's Idempotency-Key; after success the data actor is told of the
// new event (changes.ts) and the overlay closes.
import type { Api } from '../api';
import type { EventKind, Id, Transaction } from '../domain/types';
import type { DataRef } from './data.machine';
import type { SessionRef } from './flow';
import { sameKeys } from './form-errors';
import {
  acceptsChange,
  changeValues,
  emptyValues,
  EVENT_FIELDS,
  eventPayload,
  eventRules,
  type EventValues,
} from './forms/event.rules';
import { eventNotice, type NoticesRef } from './notices.machine';
import type { OverlayRef } from './overlay.machine';
import { saveFlow } from './save-flow';
import type { KeyMaker } from './submission';

export interface CreateEventInput {
  api: Api;
  data: DataRef;
  session: SessionRef;
  notices: NoticesRef;
  /** The overlay the form sits in; closed after success. */
  overlay: OverlayRef;
  investmentId: Id;
  kind: EventKind;
  /** Shares held now: the limit of a sale, and the "before" of a split. */
  currentShares: number;
  currency?: string;
  /** The user's local day (YYYY-MM-DD): the default date and the latest allowed. */
  today: string;
  /** Values the form starts with instead of the defaults (a suggestion's Record). */
  prefill?: Partial<EventValues>;
  /** Makes the submission's Idempotency-Key; a random UUID by default. */
  newKey?: KeyMaker;
}

export const createEventMachine = saveFlow({
  id: 'createEvent',
  types: { input: {} as CreateEventInput },
  values: (input) => ({ ...emptyValues(input.today, input.currency), ...input.prefill }),
  rules: {
    keys: sameKeys(EVENT_FIELDS),
    accepts: ({ input, values }, field) => acceptsChange(input, values, field),
    change: (context, field, value) => changeValues(context.input, context, field, value),
    // The holding now limits a sale of today; the server checks a back-dated one.
    check: ({ input, values }) =>
      eventRules(input, values, values.date === input.today ? input.currentShares : undefined),
    body: ({ input, values }) => eventPayload(input.kind, values, values.date),
  },
  keyed: true,
  submit: ({ context: { input }, body, idempotencyKey }) =>
    input.api.createEvent(input.investmentId, input.kind, body, { idempotencyKey }),
  saved: ({ input }, event: Transaction) => ({
    announce: { type: 'event.created', event },
    notice: eventNotice(input.kind, 'saved'),
  }),
});
