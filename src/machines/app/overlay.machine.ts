// A full-screen overlay (product-spec section 2 "Overlays"): opening pushes a history entry so the
// back action closes it; closing by button pops that entry, so history stays as it was.
// Durations (spec: 500 ms and 300 ms, placement not shown): it slides in over 500 ms and out over
// 300 ms, since leaving should feel quicker than arriving.
import { assign, fromCallback, setup, type ActorRef, type Snapshot } from 'xstate';
import type { HistoryPort } from './platform';

export const OVERLAY_OPEN_MS = 500;
export const OVERLAY_CLOSE_MS = 300;

export type OverlayEvent =
  /** `mode` says what the overlay shows ('login', 'register', 'buy', 'edit', ...). */
  | { type: 'overlay.opened'; mode?: string }
  /** Close button, Cancel, or a flow that finished. */
  | { type: 'overlay.closed' }
  /** The browser's back action (sent by the history listener). */
  | { type: 'history.popped' }
  /** A link inside replaced the overlay's entry with its page, so there is nothing to pop. */
  | { type: 'overlay.navigated' };

/** The overlay as a form in it sees it: the form closes it when done. */
export type OverlayRef = ActorRef<Snapshot<unknown>, OverlayEvent>;

export interface OverlayInput {
  history: HistoryPort;
}

export interface OverlayContext {
  history: HistoryPort;
  /** The mode of the last opening; kept while closing so the content can animate out. */
  mode: string | undefined;
  /**
   * Counts the openings: each one shows a new form (its view keyed by it), even when the
   * overlay is reopened while still animating out of the last one, whose flow may be done.
   */
  opening: number;
}

export const overlayMachine = setup({
  types: {
    context: {} as OverlayContext,
    events: {} as OverlayEvent,
    input: {} as OverlayInput,
    tags: {} as 'visible',
  },
  actions: {
    pushHistoryState: ({ context }) => context.history.push(),
    open: assign({
      mode: ({ event }) => (event.type === 'overlay.opened' ? event.mode : undefined),
      opening: ({ context }) => context.opening + 1,
    }),
    historyBack: ({ context }) => context.history.back(),
  },
  actors: {
    backListener: fromCallback<OverlayEvent, { history: HistoryPort }>(({ input, sendBack }) =>
      input.history.onPop(() => sendBack({ type: 'history.popped' })),
    ),
  },
  delays: {
    openDuration: OVERLAY_OPEN_MS,
    closeDuration: OVERLAY_CLOSE_MS,
  },
}).createMachine({
  id: 'overlay',
  context: ({ input }) => ({ history: input.history, mode: undefined, opening: 0 }),
  initial: 'closed',
  states: {
    closed: {
      on: {
        'overlay.opened': {
          target: 'shown',
          actions: ['open', 'pushHistoryState'],
        },
      },
    },
    shown: {
      tags: 'visible',
      // Listens only while shown; the pop of an app's own history.back() is never reported.
      invoke: { src: 'backListener', input: ({ context }) => ({ history: context.history }) },
      initial: 'opening',
      states: {
        opening: { after: { openDuration: 'open' } },
        open: {},
      },
      on: {
        'overlay.closed': { target: 'closing', actions: 'historyBack' },
        // The back action already removed our entry.
        'history.popped': { target: 'closing' },
        'overlay.navigated': { target: 'closing' },
      },
    },
    closing: {
      tags: 'visible',
      after: { closeDuration: 'closed' },
      on: {
        // Reopened while animating out.
        'overlay.opened': {
          target: 'shown',
          actions: ['open', 'pushHistoryState'],
        },
      },
    },
  },
});
