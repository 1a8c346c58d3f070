// Where an investment's prices come from: its instrument's listings (one per exchange and
// currency), read when its screen opens. With more than one, the header offers Change listing:
// a dialog with the listings, the current one chosen, and Save. A new listing changes the price,
// so the data actor is told the investment was repriced, and the screen's Prices and suggestions
// are told to read theirs again.
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
import type { Api, Listing } from '../../api';
import type { Id } from '../../domain/types';
import type { OverlayRef } from '../app/overlay.machine';
import { changed } from '../data/changes';
import type { DataRef } from '../data/data.machine';
import * as flow from '../app/flow';
import { formFailure, type FormErrors } from '../forms/form-errors';
import { posted, type NoticesRef } from '../app/notices.machine';

/** The overlay mode of the Listing dialog. */
export const LISTING_MODE = 'listing';

export const LISTING_CHANGED = 'Listing changed';

/** A flow whose figures come from the listing (the screen's prices and suggestions). */
export type ListingDependent = ActorRef<Snapshot<unknown>, { type: 'listing.changed' }>;

export type ListingEvent =
  /** Change listing: the dialog opens with the current listing chosen. */
  | { type: 'listing.opened' }
  | { type: 'listing.chosen'; id: string }
  /** Save. */
  | { type: 'listing.submitted' }
  | flow.FlowEvent;

export interface ListingInput {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  /** The screen's overlay, which the dialog is shown in. */
  overlay: OverlayRef;
  investmentId: Id;
  /** Told `listing.changed` after a save. */
  dependents: readonly ListingDependent[];
}

export interface ListingContext extends ListingInput {
  listings: Listing[];
  /** The listing the dialog has chosen. */
  chosen: string | undefined;
  fieldErrors: FormErrors<'listing'>;
  formError: string | undefined;
  /** False once the view has gone: a save in flight still refreshes, but closes nothing. */
  attached: boolean;
}

/** The listing prices come from now; none when there are several and none was chosen. */
export const selectedListing = (listings: readonly Listing[]): string | undefined =>
  listings.find((listing) => listing.selected)?.id;

/** Change listing is offered only where there is a choice. */
export const offersChange = (context: Pick<ListingContext, 'listings'>): boolean =>
  context.listings.length > 1;

export const listingMachine = setup({
  types: {
    context: {} as ListingContext,
    events: {} as ListingEvent,
    input: {} as ListingInput,
    tags: {} as 'submitting',
  },
  actors: {
    listListings: fromPromise<Listing[], { api: Api; investmentId: Id }>(({ input }) =>
      input.api.prices().then((calls) => calls.getListings(input.investmentId)),
    ),
    chooseListing: fromPromise<unknown, { api: Api; investmentId: Id; listing: string }>(
      ({ input }) =>
        input.api.prices().then((calls) => calls.chooseListing(input.investmentId, input.listing)),
    ),
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    keep: assign((_, params: { listings: Listing[] }) => ({ listings: params.listings })),
    openDialog: enqueueActions(({ context, enqueue }) => {
      enqueue.assign({
        chosen: selectedListing(context.listings),
        fieldErrors: {},
        formError: undefined,
      });
      enqueue.sendTo(context.overlay, { type: 'overlay.opened', mode: LISTING_MODE });
    }),
    choose: assign((_, params: { id: string }) => ({ chosen: params.id, fieldErrors: {} })),
    markChosen: assign(({ context }) => ({
      listings: context.listings.map((listing) => ({
        ...listing,
        selected: listing.id === context.chosen,
      })),
    })),
    showFailure: assign((_, params: { error: unknown }) =>
      formFailure(params.error, { listing: 'listing' }),
    ),
    announceRepriced: sendTo(({ context }) => context.data, changed('investment.repriced')),
    tellDependents: enqueueActions(({ context, enqueue }) => {
      for (const dependent of context.dependents)
        enqueue.sendTo(dependent, { type: 'listing.changed' });
    }),
    confirm: sendTo(({ context }) => context.notices, posted(LISTING_CHANGED)),
    closeOverlay: enqueueActions(({ context, enqueue }) => {
      if (context.attached) enqueue.sendTo(context.overlay, { type: 'overlay.closed' });
    }),
    detach: assign({ attached: false }),
  },
  guards: {
    unchanged: ({ context }) => context.chosen === selectedListing(context.listings),
    detached: ({ context }) => !context.attached,
    sessionLost: flow.sessionLostIn,
  },
}).createMachine({
  id: 'listing',
  context: ({ input }) => ({
    ...input,
    listings: [],
    chosen: undefined,
    fieldErrors: {},
    formError: undefined,
    attached: true,
  }),
  initial: 'loading',
  on: { 'flow.detached': '.released' },
  states: {
    loading: {
      invoke: {
        src: 'listListings',
        input: ({ context }) => ({ api: context.api, investmentId: context.investmentId }),
        onDone: {
          target: 'ready',
          actions: { type: 'keep', params: ({ event }) => ({ listings: event.output }) },
        },
        // A backend without listings, or one that cannot say now: nothing is offered.
        onError: 'unavailable',
      },
    },
    ready: {
      on: {
        'listing.opened': { actions: 'openDialog' },
        'listing.chosen': { actions: { type: 'choose', params: ({ event }) => event } },
        'listing.submitted': [
          { guard: 'unchanged', actions: 'closeOverlay' },
          { target: 'saving' },
        ],
      },
    },
    saving: {
      tags: 'submitting',
      on: { 'flow.detached': { actions: 'detach' } },
      initial: 'calling',
      states: {
        calling: {
          invoke: {
            src: 'chooseListing',
            input: ({ context }) => ({
              api: context.api,
              investmentId: context.investmentId,
              // `unchanged` let only a chosen listing through.
              listing: context.chosen ?? '',
            }),
            onDone: {
              target: '#listing.settled',
              actions: [
                'markChosen',
                'announceRepriced',
                'tellDependents',
                'confirm',
                'closeOverlay',
              ],
            },
            onError: [
              flow.WAIT_FOR_SESSION,
              {
                target: '#listing.settled',
                actions: { type: 'showFailure', params: ({ event }) => event },
              },
            ],
          },
        },
        // Nothing was saved; a user who has let go of the dialog drops it.
        awaitingSession: flow.awaitingSession('calling', { dropTo: '#listing.released' }),
      },
    },
    settled: {
      always: [{ guard: 'detached', target: 'released' }, { target: 'ready' }],
    },
    unavailable: {},
    released: { type: 'final' },
  },
});

export type ListingSnapshot = SnapshotFrom<typeof listingMachine>;
