// The list of an investment's Prices section (prices.machine.ts): the call that reads a page of
// days and the list's region of the section.
import { fromPromise } from 'xstate';
import type { DayPrice } from '../../api';
import * as flow from '../app/flow';
import { pageCall, type PageCall, type PageKind } from './price.rules';
import type { PricesContext } from './prices.types';

export interface ListAnswer {
  prices: DayPrice[];
  call: PageCall;
}

export const listPrices = fromPromise<ListAnswer, { context: PricesContext; call: PageCall }>(
  async ({ input: { context, call } }) => {
    const calls = await context.api.prices();
    return { prices: await calls.getPrices(context.investmentId, call.range), call };
  },
);

/** Reads a page of the list; a failure keeps what is listed and says why. */
const listing = (call: PageKind) => ({
  src: 'listPrices' as const,
  input: ({ context }: { context: PricesContext }) => ({
    context,
    call: pageCall(call, context),
  }),
  onDone: {
    target: 'ready',
    actions: {
      type: 'showPage' as const,
      params: ({ event }: { event: { output: ListAnswer } }) => event.output,
    },
  },
  onError: {
    target: 'ready',
    actions: {
      type: 'showListFailure' as const,
      params: ({ event }: { event: { error: unknown } }) => event,
    },
  },
});

/** A change: the pages listed are read again, in one call. */
const RELOAD = { 'prices.changed': { target: 'reloading', reenter: true } } as const;

/**
 * The section's list region: the latest page, older pages on request, the pages listed read
 * again on a change (an older page on its way waits); it ends with its view (`flow.detached`).
 */
export const LIST_REGION = {
  initial: 'loading',
  on: { 'flow.detached': '.ended' },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        ...listing('latest'),
        onError: [
          flow.WAIT_FOR_SESSION,
          { guard: 'missingCall', target: 'unavailable' },
          {
            target: 'failed',
            actions: {
              type: 'showListFailure',
              params: ({ event }: { event: { error: unknown } }) => event,
            },
          },
        ],
      },
      on: { 'prices.changed': { target: 'loading', reenter: true } },
    },
    // Out of the machine's config its tags are not inferred: it has none.
    awaitingSession: flow.awaitingSession<never>('loading'),
    failed: { on: { 'retry.requested': 'loading', 'prices.changed': 'loading' } },
    ready: {
      on: {
        'older.requested': { guard: 'hasOlder', target: 'loadingOlder' },
        ...RELOAD,
      },
    },
    loadingOlder: { tags: 'loadingOlder', invoke: listing('older'), on: RELOAD },
    reloading: { invoke: listing('listed'), on: RELOAD },
    unavailable: {
      description: 'The backend has no prices (a plain Laravel API): the section is left out.',
    },
    ended: { type: 'final' },
  },
} as const;
