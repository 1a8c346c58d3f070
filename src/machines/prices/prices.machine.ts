// An investment's Prices section: the price in force on each day, newest first, a month at a
// time; a form to type the price of a day (price-form.machine.ts, a save flow, one per opening);
// and the deletion of a typed price with its Undo (price-removal.machine.ts). After a change the
// list is read again (its region and its call: price-list.ts); the
// changes themselves tell the data actor.
import { assign, raise, sendTo, setup, stopChild, type SnapshotFrom } from 'xstate';
import { messageOf } from '../../api/errors';
import * as flow from '../app/flow';
import { hasOlder, isTyped, latestRange, type Opening } from './price.rules';
import { watchEvents } from '../data/investment-events';
import { priceFormInput, priceFormMachine } from './price-form.machine';
import { LIST_REGION, listPrices, type ListAnswer } from './price-list';
import { priceRemovalMachine, type PriceRemovalInput } from './price-removal.machine';
import * as idempotency from '../forms/submission';
import { rowRemovalRegion } from '../forms/row-removal';
import type { PricesContext, PricesEvent, PricesInput } from './prices.types';

/** Add price, or a row's Edit: the form opens on it. */
const OPENS = {
  guard: {
    type: 'opens' as const,
    params: ({ event }: { event: Opening }) => ({ opening: event }),
  },
  target: 'open',
  reenter: true,
  actions: {
    type: 'openForm' as const,
    params: ({ event }: { event: Opening }) => ({ opening: event }),
  },
};

/** The deletion's flow: a save flow embedded here, this section its parent. */
const removalInput = ({ api, data, session, notices, newKey, investmentId }: PricesContext) =>
  ({
    api,
    data,
    session,
    notices,
    newKey,
    investmentId,
    embedded: true,
  }) satisfies PriceRemovalInput;

const formIdle = ({ form }: PricesContext) => !form?.getSnapshot().hasTag('submitting');

export const pricesMachine = setup({
  types: {
    context: {} as PricesContext,
    events: {} as PricesEvent,
    input: {} as PricesInput,
    tags: {} as 'loading' | 'loadingOlder',
    children: {} as { form: 'priceForm'; removal: 'priceRemoval' },
  },
  actors: {
    listPrices,
    priceForm: priceFormMachine,
    priceRemoval: priceRemovalMachine,
    watchEvents,
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    showPage: assign(({ context }, { prices, call }: ListAnswer) => ({
      prices: call.append ? [...context.prices, ...prices] : prices,
      from: call.from,
      listError: undefined,
    })),
    showListFailure: assign((_, params: { error: unknown }) => ({
      listError: messageOf(params.error),
    })),
    noteSince: assign((_, params: { since: string | undefined }) => ({ since: params.since })),
    reloadList: raise({ type: 'prices.changed' }),
    openForm: assign(({ context, spawn }, { opening }: { opening: Opening }) => ({
      form: spawn('priceForm', { id: 'form', input: priceFormInput(context, opening) }),
    })),
    closeForm: stopChild('form'),
    forgetForm: assign({ form: undefined }),
    toForm: sendTo('form', ({ event }) => event),
    toRemoval: sendTo('removal', ({ event }) => event),
    detach: assign({ attached: false }),
  },
  guards: {
    hasOlder: ({ context }) => hasOlder(context),
    // The open form is not saving: a price on its way is not dropped.
    formIdle: ({ context }) => formIdle(context),
    formWaiting: ({ context }) => !!context.form?.getSnapshot().matches('awaitingSession'),
    // Only a typed price can be corrected.
    opens: ({ context }, { opening }: { opening: Opening }) =>
      formIdle(context) && (!('price' in opening) || isTyped(opening.price)),
    missingCall: ({ event }) => 'error' in event && flow.isMissingCall(event.error),
    sessionLost: flow.sessionLostIn,
    eventsChanged: ({ event }) => event.type === 'events.seen' && event.changed,
    detached: ({ context }) => !context.attached,
  },
}).createMachine({
  id: 'prices',
  context: ({ input }) => ({
    ...input,
    newKey: input.newKey ?? idempotency.randomKey,
    attached: true,
    prices: [],
    from: latestRange(input.today).from,
    since: undefined,
    listError: undefined,
    form: undefined,
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
      },
      // The view is gone (`flow.detached`): the list ends at once, the form and the removal once
      // nothing the user changed is on its way any more.
      onDone: 'released',
      states: {
        list: LIST_REGION,
        form: {
          initial: 'closed',
          states: {
            closed: {
              always: { guard: 'detached', target: 'ended' },
              on: { 'form.opened': OPENS, 'edit.opened': OPENS, 'flow.detached': 'ended' },
            },
            open: {
              exit: ['closeForm', 'forgetForm'],
              on: {
                // Saved, or let go with its view: the list shows what was saved.
                'xstate.done.actor.form': { target: 'closed', actions: 'reloadList' },
                'form.changed': { actions: 'toForm' },
                'form.submitted': { actions: 'toForm' },
                // Another Add price or row's Edit: the form starts over, but not while it saves.
                'form.opened': OPENS,
                'edit.opened': OPENS,
                'form.cancelled': { guard: 'formIdle', target: 'closed' },
                // An idle form ends with its view; a price on its way goes on (a refusal of it is
                // then a notice), after a new login too: a form waiting for one is not told.
                'flow.detached': [
                  { guard: 'formWaiting', actions: 'detach' },
                  { actions: ['detach', 'toForm'] },
                ],
              },
            },
            ended: { type: 'final' },
          },
        },
        removal: rowRemovalRegion('priceRemoval', removalInput),
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
