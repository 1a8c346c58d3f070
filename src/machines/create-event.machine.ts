// The Buy, Sell, Dividend and Stock Split forms (product-spec sections 2, 4, 5, 8). One submit at
// a time; old errors cleared on submit; the call carries the submission's Idempotency-Key
// (submission.ts); after success the data actor is told of the new event (changes.ts) and the
// overlay closes. The form's values, rules and payload are shared with the edit form
// (edit-event.machine.ts).
import {
  assign,
  enqueueActions,
  fromPromise,
  sendTo,
  setup,
  type ActorRef,
  type Snapshot,
  type SnapshotFrom,
} from 'xstate';
import type { Api, EventPayload } from '../api';
import {
  formatExactShares,
  formatSplitRatio,
  parseDecimal,
  readQuantity,
  type Quantity,
} from '../domain/numbers';
import type { EventKind, Id, Transaction } from '../domain/types';
import type { DataRef } from './data.machine';
import { dateRule } from './date-rule';
import {
  awaitingSession,
  sessionLostIn,
  sessionRestored,
  WAIT_FOR_SESSION,
  type FlowEvent,
  type SessionRef,
} from './flow';
import { formFailure, hasErrors, sameKeys, type FormErrors } from './form-errors';
import {
  amount,
  amountRule,
  check,
  optionalAmount,
  optionalAmountRule,
  requiredText,
} from './form-rules';
import { eventNotice, posted, type NoticesRef } from './notices.machine';
import type { OverlayEvent } from './overlay.machine';
import {
  afterFailure,
  randomKey,
  submissionError,
  submissionFor,
  type KeyMaker,
  type Submission,
} from './submission';

export const EVENT_FIELDS = [
  'date',
  'shares',
  'share_price',
  'fee',
  'currency_code',
  'amount',
  'shares_after',
  'sold_shares',
  'sold_share_price',
] as const;
export type EventField = (typeof EVENT_FIELDS)[number];
export type EventValues = Record<EventField, string>;

/** The fields each form shows, in order. */
export const FIELDS_OF: Record<EventKind, readonly EventField[]> = {
  buy: ['date', 'shares', 'share_price', 'fee', 'currency_code'],
  sell: ['date', 'shares', 'share_price', 'fee', 'currency_code'],
  dividend: ['date', 'amount', 'currency_code'],
  split: ['date', 'shares_after', 'fee', 'currency_code', 'sold_shares', 'sold_share_price'],
};

export const DEFAULT_EVENT_FEE = '0.00';

export type CreateEventEvent =
  | { type: 'form.changed'; field: EventField; value: string }
  | { type: 'event.submitted' }
  | FlowEvent;

export type OverlayRef = ActorRef<Snapshot<unknown>, OverlayEvent>;

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

export interface CreateEventContext {
  api: Api;
  data: DataRef;
  session: SessionRef;
  notices: NoticesRef;
  overlay: OverlayRef;
  /** False once the overlay has gone: a call in flight still tells the data actor, but closes nothing. */
  attached: boolean;
  investmentId: Id;
  kind: EventKind;
  currentShares: number;
  today: string;
  values: EventValues;
  fieldErrors: FormErrors<EventField>;
  formError: string | undefined;
  newKey: KeyMaker;
  /** The last event sent, whose key a retry of the same values sends again. */
  submission: Submission | undefined;
}

/** What the shared rules and the change step read of either form's context. */
export interface EventFormState {
  kind: EventKind;
  currentShares: number;
  today: string;
  values: EventValues;
  fieldErrors: FormErrors<EventField>;
}

export function heldMessage(held: number): string {
  return `You can sell at most the ${formatExactShares(held, 'en-US')} shares you hold.`;
}

/** The sold-shares part of a split applies only when the holding shrinks. */
export function soldSharesEnabled(
  context: Pick<CreateEventContext, 'values' | 'currentShares'>,
): boolean {
  const after = parseDecimal(context.values.shares_after);
  return after !== null && after < context.currentShares;
}

/** "from:to", e.g. 1:2 when 10 shares become 20; 1:1 until shares after split is a number. */
export function splitRatio(context: Pick<CreateEventContext, 'values' | 'currentShares'>): string {
  return formatSplitRatio(
    context.currentShares,
    entered(context.values.shares_after, 'shares') ?? 0,
  );
}

export function emptyValues(today: string, currency = 'DKK'): EventValues {
  return {
    date: today,
    shares: '',
    share_price: '',
    fee: DEFAULT_EVENT_FEE,
    currency_code: currency,
    amount: '',
    shares_after: '',
    sold_shares: '',
    sold_share_price: '',
  };
}

/**
 * The input rules of one kind. `heldLimit` caps a sale (the holding now); it is left out where the
 * holding on the event's day is not known here (a back-dated sale, a correction): the server
 * checks those against that day and names it.
 */
export function rulesOf(
  state: Pick<EventFormState, 'kind' | 'values' | 'today'>,
  heldLimit: number | undefined,
): FormErrors<EventField> {
  const { values, kind, today } = state;
  const currency_code = () => requiredText(values.currency_code);
  const date = () => dateRule(values.date, today);
  switch (kind) {
    case 'buy':
    case 'sell':
      return check<EventField>({
        date,
        shares: () => {
          const message = amountRule(values.shares, { positive: true });
          if (message || kind === 'buy' || heldLimit === undefined) return message;
          return amount(values.shares) > heldLimit ? heldMessage(heldLimit) : undefined;
        },
        share_price: () => amountRule(values.share_price, { positive: false, quantity: 'money' }),
        fee: () => optionalAmountRule(values.fee, 'money'),
        currency_code,
      });
    case 'dividend':
      return check<EventField>({
        date,
        amount: () => amountRule(values.amount, { positive: true, quantity: 'money' }),
        currency_code,
      });
    case 'split':
      return check<EventField>({
        date,
        shares_after: () => amountRule(values.shares_after, { positive: true }),
        fee: () => optionalAmountRule(values.fee, 'money'),
        currency_code,
        sold_shares: () => optionalAmountRule(values.sold_shares),
        sold_share_price: () => optionalAmountRule(values.sold_share_price, 'money'),
      });
  }
}

/** Only the current form's fields take input; the sold part of a split only when it applies. */
export function acceptsChange(state: EventFormState, field: EventField): boolean {
  return (
    FIELDS_OF[state.kind].includes(field) &&
    (!field.startsWith('sold_') || soldSharesEnabled(state))
  );
}

/**
 * One keystroke: the field's old error goes; a date is checked at once, so a future day is
 * flagged next to the field before Add or Save.
 */
export function changeValues(
  state: EventFormState,
  params: { field: EventField; value: string },
): Pick<EventFormState, 'values' | 'fieldErrors'> {
  const values = { ...state.values, [params.field]: params.value };
  const fieldErrors = { ...state.fieldErrors };
  delete fieldErrors[params.field];
  if (params.field === 'date') {
    const message = dateRule(params.value, state.today);
    if (message) fieldErrors.date = [message];
  }
  if (
    state.kind === 'split' &&
    !soldSharesEnabled({ values, currentShares: state.currentShares })
  ) {
    values.sold_shares = '';
    values.sold_share_price = '';
    delete fieldErrors.sold_shares;
    delete fieldErrors.sold_share_price;
  }
  return { values, fieldErrors };
}

/**
 * What a buy costs (shares x price + fee) or a sale brings in (shares x price - fee), in the
 * form's currency; undefined until shares and price are numbers, and for other kinds.
 */
/** A typed number within the contract's limits, or undefined. */
function entered(text: string, quantity: Quantity): number | undefined {
  const entry = readQuantity(text, quantity);
  return 'value' in entry ? entry.value : undefined;
}

export function tradeTotal(kind: EventKind, values: EventValues): number | undefined {
  if (kind !== 'buy' && kind !== 'sell') return undefined;
  // Only numbers the form would send: no total of 400 digits (Infinity).
  const shares = entered(values.shares, 'shares');
  const price = entered(values.share_price, 'money');
  if (shares === undefined || price === undefined) return undefined;
  const fee = values.fee.trim() === '' ? 0 : entered(values.fee, 'money');
  if (fee === undefined) return undefined;
  return shares * price + (kind === 'buy' ? fee : -fee);
}

/** The call's body; `date` is sent only when given (a correction keeps its time otherwise). */
export function eventPayload(
  kind: EventKind,
  values: EventValues,
  date?: string,
): EventPayload<EventKind> {
  const dated = date === undefined ? {} : { date };
  switch (kind) {
    case 'buy':
    case 'sell':
      return {
        ...dated,
        shares: amount(values.shares),
        share_price: amount(values.share_price),
        fee: optionalAmount(values.fee),
        currency_code: values.currency_code,
      };
    case 'dividend':
      return { ...dated, amount: amount(values.amount), currency_code: values.currency_code };
    case 'split':
      return {
        ...dated,
        shares_after: amount(values.shares_after),
        fee: optionalAmount(values.fee),
        currency_code: values.currency_code,
        sold_shares: optionalAmount(values.sold_shares),
        sold_share_price: optionalAmount(values.sold_share_price),
        hide: false,
      };
  }
}

interface CallInput {
  api: Api;
  investmentId: Id;
  kind: EventKind;
  payload: EventPayload<EventKind>;
  idempotencyKey: string | undefined;
}

const createdPayload = (context: Pick<CreateEventContext, 'kind' | 'values'>) =>
  eventPayload(context.kind, context.values, context.values.date);

export const createEventMachine = setup({
  types: {
    context: {} as CreateEventContext,
    events: {} as CreateEventEvent,
    input: {} as CreateEventInput,
    tags: {} as 'submitting',
  },
  actors: {
    createEvent: fromPromise<Transaction, CallInput>(({ input }) =>
      input.api.createEvent(input.investmentId, input.kind, input.payload, {
        idempotencyKey: input.idempotencyKey,
      }),
    ),
    sessionRestored,
  },
  actions: {
    change: assign(({ context }, params: { field: EventField; value: string }) =>
      changeValues(context, params),
    ),
    checkRules: assign(({ context }) => ({
      // The holding now limits a sale of today; the server checks a back-dated one.
      fieldErrors: rulesOf(
        context,
        context.values.date === context.today ? context.currentShares : undefined,
      ),
      formError: undefined,
    })),
    takeSubmission: assign({
      submission: ({ context }) =>
        submissionFor(context.submission, createdPayload(context), context.newKey),
    }),
    showFailure: assign(({ context }, params: { error: unknown }) => ({
      ...formFailure(submissionError(params.error), sameKeys(EVENT_FIELDS)),
      submission: afterFailure(context.submission, params.error),
    })),
    announceCreated: sendTo(
      ({ context }) => context.data,
      (_, params: { event: Transaction }) => ({
        type: 'event.created' as const,
        event: params.event,
      }),
    ),
    confirmSaved: sendTo(
      ({ context }) => context.notices,
      ({ context }) => posted(eventNotice(context.kind, 'saved')),
    ),
    closeOverlay: enqueueActions(({ context, enqueue }) => {
      if (context.attached) enqueue.sendTo(context.overlay, { type: 'overlay.closed' });
    }),
    detach: assign({ attached: false }),
  },
  guards: {
    rulesPass: ({ context }) => !hasErrors(context.fieldErrors),
    sessionLost: ({ event }) => sessionLostIn(event),
  },
}).createMachine({
  id: 'createEvent',
  context: ({ input }) => ({
    api: input.api,
    data: input.data,
    session: input.session,
    notices: input.notices,
    overlay: input.overlay,
    attached: true,
    investmentId: input.investmentId,
    kind: input.kind,
    currentShares: input.currentShares,
    today: input.today,
    values: { ...emptyValues(input.today, input.currency), ...input.prefill },
    fieldErrors: {},
    formError: undefined,
    newKey: input.newKey ?? randomKey,
    submission: undefined,
  }),
  initial: 'editing',
  // The view is gone: nothing typed can be saved any more, so an idle form ends.
  on: { 'flow.detached': '.released' },
  states: {
    editing: {
      on: {
        'form.changed': {
          guard: ({ context, event }) => acceptsChange(context, event.field),
          actions: { type: 'change', params: ({ event }) => event },
        },
        'event.submitted': { target: 'checking', actions: 'checkRules' },
      },
    },
    checking: {
      always: [
        { guard: 'rulesPass', target: 'submitting', actions: 'takeSubmission' },
        { target: 'editing' },
      ],
    },
    submitting: {
      tags: 'submitting',
      // A second submit while the first is in flight is ignored (no handler here). The call
      // outlives the overlay, so what it saved always reaches the screens.
      on: { 'flow.detached': { actions: 'detach' } },
      invoke: {
        src: 'createEvent',
        input: ({ context }) => ({
          api: context.api,
          investmentId: context.investmentId,
          kind: context.kind,
          payload: createdPayload(context),
          idempotencyKey: context.submission?.key,
        }),
        onDone: {
          target: 'created',
          actions: [
            { type: 'announceCreated', params: ({ event }) => ({ event: event.output }) },
            'confirmSaved',
            'closeOverlay',
          ],
        },
        onError: [
          WAIT_FOR_SESSION,
          {
            target: 'editing',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    // Looks busy behind the password dialog; the same values are sent once it succeeds.
    awaitingSession: awaitingSession('submitting', { tags: 'submitting' }),
    created: { type: 'final' },
    released: { type: 'final' },
  },
});

export type CreateEventSnapshot = SnapshotFrom<typeof createEventMachine>;
