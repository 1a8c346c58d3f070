// A portfolio's Cash section (issue 38): its account read from GET /portfolios/{id}/cash (whether
// it keeps cash, the balance per currency, the entries newest first); the switch's form (on, with
// an opening balance; off) and the entry form (cash-entry-form.machine.ts, cash-switch.machine.ts), one open at a time; and an
// entry's deletion with its Undo (cash-removal.machine.ts). After a change the account is read
// again; the changes themselves tell the data actor (its staleness table, `cash.changed`).
import { assign, fromPromise, sendTo, setup, stopChild, type ActorRefFrom } from 'xstate';
import type { Api, CashAccount, CashEntry } from '../../api';
import { messageOf } from '../../api/errors';
import type { Id } from '../../domain/types';
import * as flow from '../app/flow';
import type { NoticesRef, UndoEvent } from '../app/notices.machine';
import type { DataRef } from '../data/data.machine';
import * as idempotency from '../forms/submission';
import { entryFormMachine, type CashFormInput } from './cash-entry-form.machine';
import { switchFormMachine } from './cash-switch.machine';
import type { EntryField, OpeningField } from './cash.rules';
import { cashRemovalMachine } from './cash-removal.machine';
import { rowRemovalRegion } from '../forms/row-removal';

export interface CashInput {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  portfolioId: Id;
  /** The user's local day (YYYY-MM-DD): the entry form's default. */
  today: string;
  newKey?: idempotency.KeyMaker;
}

export type CashEvent =
  /** Add on the list: the entry form opens; in an aktiesparekonto a deposit warns of its ceiling. */
  | { type: 'entry.opened'; aktiesparekonto?: boolean }
  /** Turn cash on (the form asks for the opening balance) or off (it asks to confirm). */
  | { type: 'switch.opened'; on: boolean }
  | { type: 'form.changed'; field: EntryField | OpeningField; value: string }
  | { type: 'form.submitted' }
  | { type: 'form.cancelled' }
  | { type: 'delete.requested'; entry: CashEntry }
  | { type: 'retry.requested' }
  /** After a change here: the account is read again. */
  | { type: 'cash.changed' }
  | UndoEvent
  | flow.FlowEvent;

export interface CashContext extends CashInput {
  newKey: idempotency.KeyMaker;
  account: CashAccount | undefined;
  /** Why the account could not be read (again). */
  loadError: string | undefined;
  /** False once the view has gone. */
  attached: boolean;
  entryForm: ActorRefFrom<typeof entryFormMachine> | undefined;
  switchForm: ActorRefFrom<typeof switchFormMachine> | undefined;
}

const formInput = (context: CashContext): CashFormInput => {
  const { api, data, session, notices, newKey, portfolioId, today } = context;
  return { api, data, session, notices, newKey, portfolioId, today, embedded: true };
};

const readAccount = fromPromise<CashAccount, { api: Api; portfolioId: Id }>(async ({ input }) =>
  (await input.api.cash()).getCash(input.portfolioId),
);

/** Reads the account; a failure keeps what is shown and says why. */
const reading = (onError: object[]) => ({
  src: 'readAccount' as const,
  input: ({ context }: { context: CashContext }) => context,
  onDone: {
    target: 'ready',
    actions: {
      type: 'showAccount' as const,
      params: ({ event }: { event: { output: CashAccount } }) => event.output,
    },
  },
  onError: [
    ...onError,
    {
      target: 'failed',
      actions: {
        type: 'showFailure' as const,
        params: ({ event }: { event: { error: unknown } }) => event,
      },
    },
  ],
});

/** An open form: it takes the typing, closes when saved (the account read again) or cancelled. */
const openForm = (child: 'entryForm' | 'switchForm') =>
  ({
    exit: [`close_${child}`, `forget_${child}`],
    on: {
      [`xstate.done.actor.${child}`]: { target: 'closed', actions: 'reloadAccount' },
      'form.changed': { actions: `to_${child}` },
      'form.submitted': { actions: `to_${child}` },
      'form.cancelled': { guard: 'formIdle', target: 'closed' },
      // A save on its way goes on (its refusal is then a notice); an idle form ends with its view.
      'flow.detached': { actions: ['detach', `to_${child}`] },
    },
  }) as const;

const formOf = ({ entryForm, switchForm }: CashContext) => entryForm ?? switchForm;

export const cashMachine = setup({
  types: {
    context: {} as CashContext,
    events: {} as CashEvent,
    input: {} as CashInput,
    tags: {} as 'loading',
    children: {} as { entryForm: 'entryForm'; switchForm: 'switchForm'; removal: 'cashRemoval' },
  },
  actors: {
    readAccount,
    entryForm: entryFormMachine,
    switchForm: switchFormMachine,
    cashRemoval: cashRemovalMachine,
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    showAccount: assign((_, account: CashAccount) => ({ account, loadError: undefined })),
    showFailure: assign((_, { error }: { error: unknown }) => ({ loadError: messageOf(error) })),
    reloadAccount: sendTo(({ self }) => self, { type: 'cash.changed' }),
    openEntry: assign(({ context, spawn, event }) => ({
      entryForm: spawn('entryForm', {
        id: 'entryForm',
        input: {
          ...formInput(context),
          aktiesparekonto: event.type === 'entry.opened' && event.aktiesparekonto === true,
        },
      }),
    })),
    openSwitch: assign(({ context, spawn, event }) => ({
      switchForm: spawn('switchForm', {
        id: 'switchForm',
        input: { ...formInput(context), on: event.type === 'switch.opened' && event.on },
      }),
    })),
    to_entryForm: sendTo('entryForm', ({ event }) => event),
    to_switchForm: sendTo('switchForm', ({ event }) => event),
    close_entryForm: stopChild('entryForm'),
    close_switchForm: stopChild('switchForm'),
    forget_entryForm: assign({ entryForm: undefined }),
    forget_switchForm: assign({ switchForm: undefined }),
    toRemoval: sendTo('removal', ({ event }) => event),
    detach: assign({ attached: false }),
  },
  guards: {
    formIdle: ({ context }) => !formOf(context)?.getSnapshot().hasTag('submitting'),
    missingCall: ({ event }) => 'error' in event && flow.isMissingCall(event.error),
    sessionLost: flow.sessionLostIn,
    detached: ({ context }) => !context.attached,
  },
}).createMachine({
  id: 'cash',
  context: ({ input }) => ({
    ...input,
    newKey: input.newKey ?? idempotency.randomKey,
    account: undefined,
    loadError: undefined,
    attached: true,
    entryForm: undefined,
    switchForm: undefined,
  }),
  type: 'parallel',
  // The view is gone: the account ends at once, the forms and the removal once nothing the user
  // changed is on its way any more.
  states: {
    account: {
      initial: 'loading',
      on: { 'flow.detached': '.ended' },
      states: {
        loading: {
          tags: 'loading',
          invoke: reading([flow.WAIT_FOR_SESSION, { guard: 'missingCall', target: 'unavailable' }]),
        },
        awaitingSession: flow.awaitingSession<never>('loading'),
        failed: { on: { 'retry.requested': 'loading', 'cash.changed': 'loading' } },
        ready: { on: { 'cash.changed': 'reloading' } },
        reloading: {
          invoke: reading([]),
          on: { 'cash.changed': { target: 'reloading', reenter: true } },
        },
        unavailable: {
          description: 'The backend keeps no cash (a plain Laravel API): the section is left out.',
        },
        ended: { type: 'final' },
      },
    },
    form: {
      initial: 'closed',
      states: {
        closed: {
          always: { guard: 'detached', target: 'ended' },
          on: {
            'entry.opened': { target: 'entry', actions: 'openEntry' },
            'switch.opened': { target: 'switching', actions: 'openSwitch' },
            'flow.detached': 'ended',
          },
        },
        entry: openForm('entryForm'),
        switching: openForm('switchForm'),
        ended: { type: 'final' },
      },
    },
    removal: rowRemovalRegion('cashRemoval', formInput),
  },
});
