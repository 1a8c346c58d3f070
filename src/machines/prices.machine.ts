// An investment's Prices section: the price in force on each day, newest first, a month at a
// time; a form to type the price of a day (or correct a typed one: a second price on the same day
// replaces it); and the deletion of a typed price, undone by typing it again within the window
// (the API has no undelete). A typed price is sent with the submission's Idempotency-Key
// (submission.ts). After a change the list is read again, and the data actor is told the
// investment was repriced.
import {
  and,
  assign,
  fromPromise,
  not,
  or,
  raise,
  sendTo,
  setup,
  stateIn,
  type SnapshotFrom,
} from 'xstate';
import type { Api, DayPrice, PricePayload, PriceRange } from '../api';
import { messageOf } from '../api/errors';
import type { Id } from '../domain/types';
import { changed } from './changes';
import type { DataRef } from './data.machine';
import { UNDO_MS } from './delete-valuable.machine';
import * as flow from './flow';
import { formFailure, hasErrors, sameKeys, type FormErrors } from './form-errors';
import {
  changePrice,
  hasOlder,
  isTyped,
  latestRange,
  notDeletedNotice,
  notRestoredNotice,
  olderRange,
  PRICE_FIELDS,
  PRICE_NOTICES,
  pricePayload,
  priceRules,
  priceValuesOf,
  type PriceField,
  type PriceValues,
} from './forms/price.rules';
import { watchEvents, type EventsSeen, type EventsSource } from './investment-events';
import { posted, type NoticesRef, type UndoEvent } from './notices.machine';
import * as idempotency from './submission';

export type PricesEvent =
  | { type: 'older.requested' }
  /** Retry after the first page failed. */
  | { type: 'retry.requested' }
  /** Add price: the form opens on today, in `currency`. */
  | { type: 'form.opened'; currency: string }
  /** Edit on a typed price's row: the form opens with it; saving replaces that day's. */
  | { type: 'edit.opened'; price: DayPrice }
  | { type: 'form.changed'; field: PriceField; value: string }
  | { type: 'form.submitted' }
  | { type: 'form.cancelled' }
  | { type: 'delete.requested'; price: DayPrice }
  /** The investment now takes its prices from another listing. */
  | { type: 'listing.changed' }
  /** Raised after a change of a price here: the list is read again. */
  | { type: 'prices.changed' }
  | EventsSeen
  | UndoEvent
  | flow.FlowEvent;

export interface PricesInput {
  api: Api;
  /** Refreshed after a change; its events are watched (investment-events.ts). */
  data: DataRef & EventsSource;
  session: flow.SessionRef;
  notices: NoticesRef;
  investmentId: Id;
  /** The user's local day (YYYY-MM-DD): the first page's last day, the form's default. */
  today: string;
  /** Makes the Idempotency-Key of each price sent; a random UUID by default. */
  newKey?: idempotency.KeyMaker;
}

export interface PricesContext {
  api: Api;
  data: DataRef & EventsSource;
  session: flow.SessionRef;
  notices: NoticesRef;
  investmentId: Id;
  today: string;
  /** False once the view has gone: a change in flight finishes, then the flow ends. */
  attached: boolean;
  /** Newest first. */
  prices: DayPrice[];
  /** The first day of the oldest page listed. */
  from: string;
  /** The day of the investment's first event: no price is older. Undefined until known. */
  since: string | undefined;
  /** Why the list (or its last page) could not be read. */
  listError: string | undefined;
  /** The day whose typed price the form corrects; undefined for a new price. */
  correcting: string | undefined;
  values: PriceValues;
  fieldErrors: FormErrors<PriceField>;
  formError: string | undefined;
  /** The typed price deleted last: what Undo types again. */
  deleted: DayPrice | undefined;
  newKey: idempotency.KeyMaker;
  /** The form's last price sent, whose key Save sends again while the values are the same. */
  submission: idempotency.Submission | undefined;
  /** Undo's key: made when it is pressed, sent again when the call is resent after a login. */
  restoreKey: string | undefined;
}

interface ListInput {
  api: Api;
  investmentId: Id;
  range: PriceRange;
}

interface SaveInput {
  api: Api;
  investmentId: Id;
  payload: PricePayload;
  idempotencyKey: string | undefined;
}

/** A typed price changes what it values (the data actor) and this list. */
const AFTER_CHANGE = ['announceRepriced', 'reloadList'] as const;

const failure = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const pricesMachine = setup({
  types: {
    context: {} as PricesContext,
    events: {} as PricesEvent,
    input: {} as PricesInput,
    tags: {} as 'loading' | 'loadingOlder' | 'submitting' | 'deleting',
  },
  actors: {
    listPrices: fromPromise<DayPrice[], ListInput>(({ input }) =>
      input.api.prices().then((calls) => calls.getPrices(input.investmentId, input.range)),
    ),
    savePrice: fromPromise<DayPrice, SaveInput>(({ input }) =>
      input.api.prices().then((calls) =>
        calls.addPrice(input.investmentId, input.payload, {
          idempotencyKey: input.idempotencyKey,
        }),
      ),
    ),
    deletePrice: fromPromise<void, { api: Api; investmentId: Id; date: string }>(({ input }) =>
      input.api.prices().then((calls) => calls.deletePrice(input.investmentId, input.date)),
    ),
    watchEvents,
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    showPage: assign((_, params: { prices: DayPrice[]; from: string }) => ({
      prices: params.prices,
      from: params.from,
      listError: undefined,
    })),
    appendPage: assign(({ context }, params: { prices: DayPrice[]; from: string }) => ({
      prices: [...context.prices, ...params.prices],
      from: params.from,
      listError: undefined,
    })),
    showListFailure: assign((_, params: { error: unknown }) => ({
      listError: messageOf(params.error),
    })),
    noteSince: assign((_, params: { since: string | undefined }) => ({ since: params.since })),
    openNew: assign(({ context }, params: { currency: string }) => ({
      correcting: undefined,
      values: { date: context.today, price: '', currency_code: params.currency },
      fieldErrors: {},
      formError: undefined,
    })),
    openTyped: assign((_, params: { price: DayPrice }) => ({
      correcting: params.price.date,
      values: priceValuesOf(params.price),
      fieldErrors: {},
      formError: undefined,
    })),
    change: assign(({ context }, params: { field: PriceField; value: string }) =>
      changePrice(context, params.field, params.value),
    ),
    checkRules: assign(({ context }) => ({
      fieldErrors: priceRules(context.values, context.today),
      formError: undefined,
    })),
    showFailure: assign(({ context }, params: { error: unknown }) => ({
      ...formFailure(idempotency.submissionError(params.error), sameKeys(PRICE_FIELDS)),
      submission: idempotency.afterFailure(context.submission, params.error),
    })),
    takeSubmission: assign({
      submission: ({ context }) =>
        idempotency.submissionFor(context.submission, pricePayload(context.values), context.newKey),
    }),
    // Saved: the same price typed again later is a new submission.
    forgetSubmission: assign({ submission: undefined }),
    makeRestoreKey: assign({ restoreKey: ({ context }) => context.newKey() }),
    noteDeleted: assign((_, params: { price: DayPrice }) => ({ deleted: params.price })),
    reloadList: raise({ type: 'prices.changed' }),
    announceRepriced: sendTo(({ context }) => context.data, changed('investment.repriced')),
    post: sendTo(
      ({ context }) => context.notices,
      (_, params: { text: string }) => posted(params.text),
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
    hasOlder: ({ context }) => hasOlder(context),
    rulesPass: ({ context }) => !hasErrors(context.fieldErrors),
    typed: (_, params: { price: DayPrice }) => isTyped(params.price),
    // A corrected price keeps its day: saving replaces that day's.
    changeable: ({ context }, params: { field: PriceField }) =>
      params.field !== 'date' || context.correcting === undefined,
    missingCall: ({ event }) => 'error' in event && flow.isMissingCall(event.error),
    sessionLost: flow.sessionLostIn,
    detached: ({ context }) => !context.attached,
    eventsChanged: ({ event }) => event.type === 'events.seen' && event.changed,
    // A change the user made is still on its way, or its Undo still offered.
    busy: or([
      stateIn('#prices.active.form.saving'),
      stateIn('#prices.active.removal.deleting'),
      stateIn('#prices.active.removal.undoable'),
      stateIn('#prices.active.removal.restoring'),
    ]),
  },
  delays: { undoWindow: UNDO_MS },
}).createMachine({
  id: 'prices',
  context: ({ input }) => ({
    api: input.api,
    data: input.data,
    session: input.session,
    notices: input.notices,
    investmentId: input.investmentId,
    today: input.today,
    attached: true,
    prices: [],
    from: latestRange(input.today).from,
    since: undefined,
    listError: undefined,
    correcting: undefined,
    values: { date: input.today, price: '', currency_code: 'DKK' },
    fieldErrors: {},
    formError: undefined,
    deleted: undefined,
    newKey: input.newKey ?? idempotency.randomKey,
    submission: undefined,
    restoreKey: undefined,
  }),
  initial: 'active',
  states: {
    active: {
      type: 'parallel',
      invoke: {
        src: 'watchEvents',
        input: ({ context }) => ({ data: context.data, investmentId: context.investmentId }),
      },
      on: {
        'events.seen': [
          {
            // A trade's price is the price of its day: new or changed trades change the list.
            guard: 'eventsChanged',
            actions: [{ type: 'noteSince', params: ({ event }) => event }, 'reloadList'],
          },
          { actions: { type: 'noteSince', params: ({ event }) => event } },
        ],
        'listing.changed': { actions: 'reloadList' },
        // The view is gone: what is on its way finishes, the rest ends now.
        'flow.detached': [{ guard: 'busy', actions: 'detach' }, { target: 'released' }],
      },
      always: { guard: and(['detached', not('busy')]), target: 'released' },
      states: {
        list: {
          initial: 'loading',
          states: {
            loading: {
              tags: 'loading',
              invoke: {
                src: 'listPrices',
                input: ({ context }) => ({
                  api: context.api,
                  investmentId: context.investmentId,
                  range: latestRange(context.today),
                }),
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'showPage',
                    params: ({ context, event }) => ({
                      prices: event.output,
                      from: latestRange(context.today).from,
                    }),
                  },
                },
                onError: [
                  flow.WAIT_FOR_SESSION,
                  { guard: 'missingCall', target: 'unavailable' },
                  { target: 'failed', actions: { type: 'showListFailure', params: failure } },
                ],
              },
              on: { 'prices.changed': { target: 'loading', reenter: true } },
            },
            awaitingSession: flow.awaitingSession('loading'),
            failed: {
              on: { 'retry.requested': 'loading', 'prices.changed': 'loading' },
            },
            ready: {
              on: {
                'older.requested': { guard: 'hasOlder', target: 'loadingOlder' },
                'prices.changed': 'reloading',
              },
            },
            loadingOlder: {
              tags: 'loadingOlder',
              invoke: {
                src: 'listPrices',
                input: ({ context }) => ({
                  api: context.api,
                  investmentId: context.investmentId,
                  range: olderRange(context.from),
                }),
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'appendPage',
                    params: ({ context, event }) => ({
                      prices: event.output,
                      from: olderRange(context.from).from,
                    }),
                  },
                },
                onError: { target: 'ready', actions: { type: 'showListFailure', params: failure } },
              },
              // The older page waits: the pages listed are read again first.
              on: { 'prices.changed': 'reloading' },
            },
            reloading: {
              description: 'Reads every page listed again, in one call, after a change.',
              invoke: {
                src: 'listPrices',
                input: ({ context }) => ({
                  api: context.api,
                  investmentId: context.investmentId,
                  range: { from: context.from, to: context.today },
                }),
                onDone: {
                  target: 'ready',
                  actions: {
                    type: 'showPage',
                    params: ({ context, event }) => ({ prices: event.output, from: context.from }),
                  },
                },
                onError: { target: 'ready', actions: { type: 'showListFailure', params: failure } },
              },
              on: { 'prices.changed': { target: 'reloading', reenter: true } },
            },
            unavailable: {
              description:
                'The backend has no prices (a plain Laravel API): the section is left out.',
            },
          },
        },
        form: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'form.opened': {
                  target: 'editing',
                  actions: { type: 'openNew', params: ({ event }) => event },
                },
                'edit.opened': {
                  guard: { type: 'typed', params: ({ event }) => event },
                  target: 'editing',
                  actions: { type: 'openTyped', params: ({ event }) => event },
                },
              },
            },
            editing: {
              on: {
                'form.changed': {
                  guard: { type: 'changeable', params: ({ event }) => event },
                  actions: { type: 'change', params: ({ event }) => event },
                },
                'form.submitted': { target: 'checking', actions: 'checkRules' },
                'form.cancelled': 'closed',
                // Another row's Edit, or Add price, while the form is open: it starts over.
                'form.opened': { actions: { type: 'openNew', params: ({ event }) => event } },
                'edit.opened': {
                  guard: { type: 'typed', params: ({ event }) => event },
                  actions: { type: 'openTyped', params: ({ event }) => event },
                },
              },
            },
            checking: {
              always: [
                { guard: 'rulesPass', target: 'saving', actions: 'takeSubmission' },
                { target: 'editing' },
              ],
            },
            saving: {
              tags: 'submitting',
              initial: 'calling',
              states: {
                calling: {
                  invoke: {
                    src: 'savePrice',
                    input: ({ context }) => ({
                      api: context.api,
                      investmentId: context.investmentId,
                      payload: pricePayload(context.values),
                      idempotencyKey: context.submission?.key,
                    }),
                    onDone: {
                      target: '#prices.active.form.closed',
                      actions: [
                        'forgetSubmission',
                        ...AFTER_CHANGE,
                        { type: 'post', params: { text: PRICE_NOTICES.saved } },
                      ],
                    },
                    onError: [
                      flow.WAIT_FOR_SESSION,
                      {
                        target: '#prices.active.form.editing',
                        actions: { type: 'showFailure', params: failure },
                      },
                    ],
                  },
                },
                // Looks busy behind the password dialog; the same price is sent once it succeeds.
                awaitingSession: flow.awaitingSession('calling'),
              },
            },
          },
        },
        removal: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'delete.requested': {
                  guard: { type: 'typed', params: ({ event }) => event },
                  target: 'deleting',
                  actions: { type: 'noteDeleted', params: ({ event }) => event },
                },
              },
            },
            deleting: {
              tags: 'deleting',
              initial: 'calling',
              states: {
                calling: {
                  invoke: {
                    src: 'deletePrice',
                    input: ({ context }) => ({
                      api: context.api,
                      investmentId: context.investmentId,
                      date: context.deleted?.date ?? '',
                    }),
                    onDone: { target: '#prices.active.removal.undoable', actions: AFTER_CHANGE },
                    onError: [
                      flow.WAIT_FOR_SESSION,
                      {
                        target: '#prices.active.removal.idle',
                        actions: {
                          type: 'post',
                          params: ({ event }) => ({
                            text: notDeletedNotice(messageOf(event.error)),
                          }),
                        },
                      },
                    ],
                  },
                },
                awaitingSession: flow.awaitingSession('calling'),
              },
            },
            undoable: {
              description:
                'The DELETE went at once; "Price deleted · Undo" shows for the window. Undo types ' +
                'the price again, as the API has no undelete.',
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
              entry: { type: 'holdNotice', params: { undo: false } },
              initial: 'calling',
              states: {
                calling: {
                  invoke: {
                    src: 'savePrice',
                    input: ({ context }) => ({
                      api: context.api,
                      investmentId: context.investmentId,
                      // Only a deletion leads here, and it noted what it deleted.
                      payload: pricePayload(priceValuesOf(context.deleted!)),
                      idempotencyKey: context.restoreKey,
                    }),
                    onDone: {
                      target: '#prices.active.removal.idle',
                      actions: [
                        ...AFTER_CHANGE,
                        { type: 'post', params: { text: PRICE_NOTICES.restored } },
                      ],
                    },
                    onError: [
                      flow.WAIT_FOR_SESSION,
                      {
                        target: '#prices.active.removal.idle',
                        actions: {
                          type: 'post',
                          params: ({ event }) => ({
                            text: notRestoredNotice(messageOf(event.error)),
                          }),
                        },
                      },
                    ],
                  },
                },
                // The notice keeps saying "Restoring…"; the same price is sent after the login.
                awaitingSession: flow.awaitingSession('calling'),
              },
            },
          },
        },
      },
    },
    released: { type: 'final' },
  },
});

export type PricesSnapshot = SnapshotFrom<typeof pricesMachine>;

/** How the section shows its list: 'unavailable' leaves the section out. */
export type PricesStatus = 'loading' | 'failed' | 'ready' | 'unavailable';

export function listStatus(snapshot: PricesSnapshot): PricesStatus {
  if (snapshot.matches({ active: { list: 'failed' } })) return 'failed';
  if (snapshot.hasTag('loading') || snapshot.matches({ active: { list: 'awaitingSession' } }))
    return 'loading';
  return snapshot.status === 'active' && !snapshot.matches({ active: { list: 'unavailable' } })
    ? 'ready'
    : 'unavailable';
}

/** Show older prices: offered while the list is shown and may reach further back. */
export const offersOlder = (snapshot: PricesSnapshot): boolean =>
  (snapshot.matches({ active: { list: 'ready' } }) || snapshot.hasTag('loadingOlder')) &&
  hasOlder(snapshot.context);
