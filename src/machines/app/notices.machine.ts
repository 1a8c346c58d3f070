// Short confirmations after a save or a delete (a toast), posted by the flows. One notice shows at
// a time: a newer one replaces it, as on a phone two toasts would cover each other. A plain notice
// goes after NOTICE_MS; a notice with an owner (a deletion waiting for its Undo window) stays until
// that flow withdraws it, so the toast never outlives or undercuts the window it offers Undo in.
import { assign, sendTo, setup, type ActorRef, type Snapshot, type SnapshotFrom } from 'xstate';
import type { EventKind } from '../../domain/types';

export const NOTICE_MS = 4000;

/** What the notice's Undo tells the flow that posted it. */
export type UndoEvent = { type: 'undo.requested' };

export type NoticeOwner = ActorRef<Snapshot<unknown>, UndoEvent>;

export interface Notice {
  text: string;
  /** The flow holding the notice: it stays until that flow withdraws it. */
  owner?: NoticeOwner;
  /** Offers Undo, sent to `owner`. */
  undo?: boolean;
}

export type NoticeEvent =
  | { type: 'notice.posted'; notice: Notice }
  /** The owner's window has ended: its notice goes (a newer notice is kept). */
  | { type: 'notice.withdrawn'; owner: NoticeOwner }
  /** The toast's close button. */
  | { type: 'notice.dismissed' }
  /** The toast's Undo. */
  | { type: 'notice.undone' };

export type NoticesRef = ActorRef<Snapshot<unknown>, NoticeEvent>;

export interface NoticesContext {
  current: Notice | undefined;
  /** Counts the toasts posted, so the view can tell a repeated text from the one it shows. */
  posted: number;
}

export const noticesMachine = setup({
  types: {
    context: {} as NoticesContext,
    events: {} as NoticeEvent,
    tags: {} as 'shown',
  },
  actions: {
    show: assign(({ context }, params: { notice: Notice }) => ({
      current: params.notice,
      // The same owner's notice again (Undo no longer offered) is the same toast, changed.
      posted:
        params.notice.owner !== undefined && params.notice.owner === context.current?.owner
          ? context.posted
          : context.posted + 1,
    })),
    clear: assign({ current: undefined }),
    undo: sendTo(({ context }) => context.current!.owner!, { type: 'undo.requested' }),
  },
  guards: {
    held: ({ context }) => context.current?.owner !== undefined,
    offersUndo: ({ context }) => context.current?.undo === true,
    ownedBy: ({ context }, params: { owner: NoticeOwner }) =>
      context.current?.owner === params.owner,
  },
  delays: { noticeDuration: NOTICE_MS },
}).createMachine({
  id: 'notices',
  context: { current: undefined, posted: 0 },
  initial: 'idle',
  on: {
    'notice.posted': {
      target: '.shown',
      reenter: true,
      actions: { type: 'show', params: ({ event }) => ({ notice: event.notice }) },
    },
  },
  states: {
    idle: { entry: 'clear' },
    shown: {
      tags: 'shown',
      initial: 'choosing',
      states: {
        choosing: { always: [{ guard: 'held', target: 'held' }, { target: 'timed' }] },
        timed: { after: { noticeDuration: '#notices.idle' } },
        held: {
          on: {
            'notice.withdrawn': {
              guard: { type: 'ownedBy', params: ({ event }) => ({ owner: event.owner }) },
              target: '#notices.idle',
            },
          },
        },
      },
      on: {
        'notice.dismissed': 'idle',
        'notice.undone': { guard: 'offersUndo', target: 'idle', actions: 'undo' },
      },
    },
  },
});

export type NoticesSnapshot = SnapshotFrom<typeof noticesMachine>;

/** The text shown, if any. */
export const noticeText = (s: NoticesSnapshot): string | undefined =>
  s.hasTag('shown') ? s.context.current?.text : undefined;

/** Whether the shown notice offers Undo. */
export const noticeOffersUndo = (s: NoticesSnapshot): boolean =>
  s.hasTag('shown') && s.context.current?.undo === true;

/** Which posting is shown: changes when a new notice replaces one with the same text. */
export const noticeKey = (s: NoticesSnapshot): number => s.context.posted;

const EVENT_NAMES: Record<EventKind, string> = {
  buy: 'Buy',
  sell: 'Sell',
  dividend: 'Dividend',
  split: 'Split',
};

/** "Buy saved", "Split corrected", "Dividend deleted", "Sell restored". */
export function eventNotice(
  kind: EventKind,
  done: 'saved' | 'corrected' | 'deleted' | 'restored',
): string {
  return `${EVENT_NAMES[kind]} ${done}`;
}

/** While Undo of a deleted event re-creates it: "Restoring the Buy…". */
export function restoringNotice(kind: EventKind): string {
  return `Restoring the ${EVENT_NAMES[kind]}…`;
}

/** "The Buy could not be restored. The server had a problem. …" */
export function notRestoredNotice(kind: EventKind, message: string): string {
  return `The ${EVENT_NAMES[kind]} could not be restored. ${message}`;
}

/** A flow's notice to the notices actor: `sendTo(notices, posted('Profile saved'))`. */
export function posted(text: string, held?: { owner: NoticeOwner; undo: boolean }): NoticeEvent {
  return { type: 'notice.posted', notice: { text, ...held } };
}
