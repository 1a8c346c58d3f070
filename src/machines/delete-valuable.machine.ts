// Delete investment / Delete portfolio: a confirmation, then home at once with the item hidden and
// "Investment deleted · Undo"; the call goes when the Undo window ends. The deleted page's history
// entry is replaced by /home, so back never returns to it; the data it showed is dropped at once
// (hidden), and the data actor told once the call is done, or after Undo (changes.ts).
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../api';
import { messageOf } from '../api/errors';
import type { Id } from '../domain/types';
import { changed } from './changes';
import type { DataRef } from './data.machine';
import * as flow from './flow';
import { posted, type NoticesRef, type UndoEvent } from './notices.machine';
import type { Platform, VisibilityPort } from './platform';
import { UNDO_MS } from './undo';

export type ValuableKind = 'investment' | 'portfolio';

export interface DeleteTarget {
  kind: ValuableKind;
  id: Id;
}

export type DeleteValuableEvent =
  /** The Delete button: ask first. The target comes with it, as a screen may show another. */
  | { type: 'delete.requested'; target: DeleteTarget }
  | { type: 'delete.confirmed' }
  /** Cancel, Escape or the backdrop. */
  | { type: 'delete.cancelled' }
  /** The tab was hidden or the page is going away. */
  | { type: 'page.hidden' }
  | UndoEvent
  | flow.FlowEvent;

export interface DeleteValuableInput {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  platform: Platform;
  notices: NoticesRef;
}

export interface DeleteValuableContext extends DeleteValuableInput {
  /** False once the page has gone: a deletion in flight still tells the data actor, but moves no page. */
  attached: boolean;
  /** What the open confirmation is about; set by `delete.requested`. */
  target: DeleteTarget | undefined;
}

/** Where the app goes after a deletion: the deleted page no longer exists. */
export const AFTER_DELETE = '/home';

/** The toast: "Investment deleted". */
export function deletedNotice(kind: ValuableKind): string {
  return kind === 'investment' ? 'Investment deleted' : 'Portfolio deleted';
}

export function failureMessage(error: unknown): string {
  return `Nothing was deleted. ${messageOf(error)}`;
}

/** The confirmation's title: "Delete Novo Nordisk B?". */
export function deleteQuestion(name: string): string {
  return `Delete ${name}?`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What goes with it: "Novo Nordisk B and its 7 transactions will be deleted.", "Pension, its 4
 * investments and their transactions will be deleted." `parts` undefined: not known yet.
 */
export function deleteSummary(kind: ValuableKind, name: string, parts: number | undefined): string {
  if (parts === undefined) {
    return kind === 'investment'
      ? `${name} and its transactions will be deleted.`
      : `${name}, its investments and their transactions will be deleted.`;
  }
  if (parts === 0) return `${name} will be deleted.`;
  return kind === 'investment'
    ? `${name} and its ${count(parts, 'transaction', 'transactions')} will be deleted.`
    : `${name}, its ${count(parts, 'investment', 'investments')} and ${
        parts === 1 ? 'its' : 'their'
      } transactions will be deleted.`;
}

export const deleteValuableMachine = setup({
  types: {
    context: {} as DeleteValuableContext,
    events: {} as DeleteValuableEvent,
    input: {} as DeleteValuableInput,
    tags: {} as 'open' | 'deleting',
  },
  delays: { undoWindow: UNDO_MS },
  actors: {
    pageHidden: fromCallback<DeleteValuableEvent, { visibility: VisibilityPort }>(
      ({ input, sendBack }) => input.visibility.onHidden(() => sendBack({ type: 'page.hidden' })),
    ),
    deleteValuable: fromPromise<void, { api: Api; target: DeleteTarget }>(({ input }) =>
      input.target.kind === 'investment'
        ? input.api.deleteInvestment(input.target.id)
        : input.api.deletePortfolio(input.target.id),
    ),
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    ask: assign((_, params: { target: DeleteTarget }) => ({
      target: params.target,
    })),
    // The question counts what goes with it: a list loaded before the last change may be stale
    // (a new investment's buy event, say), so it is reloaded as the question opens.
    refreshCounts: sendTo(
      ({ context }) => context.data,
      (_, params: DeleteTarget) => ({
        type: params.kind === 'investment' ? ('refresh.events' as const) : 'refresh.portfolios',
      }),
    ),
    // The toast holds while the window and the call run; Undo only while nothing was sent.
    holdNotice: sendTo(
      ({ context }) => context.notices,
      ({ context, self }, params: { undo: boolean }) =>
        posted(deletedNotice(context.target!.kind), { owner: self, undo: params.undo }),
    ),
    withdrawNotice: sendTo(
      ({ context }) => context.notices,
      ({ self }) => ({ type: 'notice.withdrawn' as const, owner: self }),
    ),
    // The item was hidden but not deleted: say so where the user now is (home), in the toast.
    reportFailure: sendTo(
      ({ context }) => context.notices,
      (_, params: { error: unknown }) => posted(failureMessage(params.error)),
    ),
    announce: sendTo(
      ({ context }) => context.data,
      (_, params: { target: DeleteTarget; step: 'hidden' | 'deleted' }) =>
        params.target.kind === 'investment'
          ? { type: `investment.${params.step}` as const, id: params.target.id }
          : { type: `portfolio.${params.step}` as const, id: params.target.id },
    ),
    /** Undone, or the call failed: what was hidden is loaded again. */
    announceUndone: sendTo(({ context }) => context.data, changed('deletion.undone')),
    goHome: ({ context }) => {
      if (context.attached) context.platform.navigate(AFTER_DELETE, { replace: true });
    },
    detach: assign({ attached: false }),
  },
  guards: {
    sessionLost: flow.sessionLostIn,
  },
}).createMachine({
  id: 'deleteValuable',
  context: ({ input }) => ({ ...input, attached: true, target: undefined }),
  initial: 'idle',
  // The page is gone: a deletion confirmed goes on to its end; see idle and confirming.
  on: { 'flow.detached': { actions: 'detach' } },
  states: {
    idle: {
      on: {
        'flow.detached': 'released',
        'delete.requested': {
          target: 'confirming',
          actions: [
            { type: 'ask', params: ({ event }) => ({ target: event.target }) },
            { type: 'refreshCounts', params: ({ event }) => event.target },
          ],
        },
      },
    },
    confirming: {
      tags: 'open',
      on: {
        'delete.confirmed': {
          target: 'pendingUndo',
          actions: [
            {
              type: 'announce',
              params: ({ context }) => ({ target: context.target!, step: 'hidden' }),
            },
            'goHome',
          ],
        },
        'delete.cancelled': 'idle',
        'flow.detached': 'released',
      },
    },
    pendingUndo: {
      description:
        'The contract has no undelete, so Undo is honest only before the call: the item is hidden ' +
        'and the DELETE waits for the window to end. Hiding the tab or closing the app sends it at ' +
        'once (keepalive), so a closed app never leaves it half done: the call went, or the item ' +
        'is there again on the next start.',
      entry: { type: 'holdNotice', params: { undo: true } },
      invoke: {
        src: 'pageHidden',
        input: ({ context }) => ({ visibility: context.platform.visibility }),
      },
      after: { undoWindow: 'deleting' },
      on: {
        'page.hidden': 'deleting',
        'undo.requested': {
          target: 'restored',
          actions: 'announceUndone',
        },
      },
    },
    deleting: {
      tags: 'deleting',
      entry: { type: 'holdNotice', params: { undo: false } },
      invoke: {
        src: 'deleteValuable',
        // Only `delete.requested` leads here, and it sets the target.
        input: ({ context }) => ({ api: context.api, target: context.target! }),
        onDone: {
          target: 'deleted',
          actions: [
            // A refresh during the window may have brought it back.
            {
              type: 'announce',
              params: ({ context }) => ({ target: context.target!, step: 'deleted' }),
            },
            'withdrawNotice',
          ],
        },
        onError: [
          flow.WAIT_FOR_SESSION,
          {
            target: 'failed',
            actions: [
              { type: 'reportFailure', params: ({ event }) => ({ error: event.error }) },
              'announceUndone',
            ],
          },
        ],
      },
    },
    // Looks busy (the toast stays) until the user is back; the same DELETE is sent then.
    awaitingSession: flow.awaitingSession('deleting', { tags: 'deleting' }),
    deleted: { type: 'final' },
    restored: { type: 'final' },
    failed: { type: 'final' },
    released: { type: 'final' },
  },
});
