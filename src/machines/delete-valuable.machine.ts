// Delete investment / Delete portfolio: a confirmation, the call, then home. The deleted page's
// history entry is replaced by /home, so back never returns to it; the data it showed is dropped
// at once and reloaded, each refresh named (STYLE point 7).
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../api';
import { messageOf } from '../api/errors';
import type { Id } from '../domain/types';
import type { DataRef } from './data.machine';
import {
  awaitingSession,
  sessionLostIn,
  sessionRestored,
  WAIT_FOR_SESSION,
  type FlowEvent,
  type SessionRef,
} from './flow';
import type { Platform } from './platform';

export type ValuableKind = 'investment' | 'portfolio';

export interface DeleteTarget {
  kind: ValuableKind;
  id: Id;
}

export type DeleteValuableEvent =
  /** The Delete button: ask first. The target comes with it, as a screen may show another. */
  | { type: 'delete.requested'; target: DeleteTarget }
  | { type: 'delete.confirmed' }
  /** Cancel, Escape or the backdrop; ignored while the call runs. */
  | { type: 'delete.cancelled' }
  | FlowEvent;

export interface DeleteValuableInput {
  api: Api;
  data: DataRef;
  session: SessionRef;
  platform: Platform;
}

export interface DeleteValuableContext extends DeleteValuableInput {
  /** False once the page has gone: a deletion in flight still refreshes, but moves no page. */
  attached: boolean;
  /** What the open confirmation is about; set by `delete.requested`. */
  target: DeleteTarget | undefined;
  /** Why the last attempt failed; nothing was deleted. */
  error: string | undefined;
}

/** Where the app goes after a deletion: the deleted page no longer exists. */
export const AFTER_DELETE = '/home';

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
  actors: {
    deleteValuable: fromPromise<void, { api: Api; target: DeleteTarget }>(({ input }) =>
      input.target.kind === 'investment'
        ? input.api.deleteInvestment(input.target.id)
        : input.api.deletePortfolio(input.target.id),
    ),
    sessionRestored,
  },
  actions: {
    ask: assign((_, params: { target: DeleteTarget }) => ({
      target: params.target,
      error: undefined,
    })),
    // The question counts what goes with it: a list loaded before the last change may be stale
    // (a new investment's buy event, say), so it is reloaded as the question opens.
    refreshCounts: sendTo(
      ({ context }) => context.data,
      (_, params: DeleteTarget) => ({
        type: params.kind === 'investment' ? ('refresh.events' as const) : 'refresh.portfolios',
      }),
    ),
    clearError: assign({ error: undefined }),
    showFailure: assign((_, params: { error: unknown }) => ({
      error: failureMessage(params.error),
    })),
    announceDeleted: sendTo(
      ({ context }) => context.data,
      (_, params: DeleteTarget) =>
        params.kind === 'investment'
          ? { type: 'investment.deleted' as const, id: params.id }
          : { type: 'portfolio.deleted' as const, id: params.id },
    ),
    refreshPortfolios: sendTo(({ context }) => context.data, { type: 'refresh.portfolios' }),
    refreshInvestments: sendTo(({ context }) => context.data, { type: 'refresh.investments' }),
    refreshValuation: sendTo(({ context }) => context.data, { type: 'refresh.valuation' }),
    // The chart of the page the app goes to: the active one is still the deleted page's.
    refreshChart: sendTo(({ context }) => context.data, {
      type: 'refresh.chart',
      chart: { type: 'user' },
    }),
    refreshEvents: sendTo(({ context }) => context.data, { type: 'refresh.events' }),
    goHome: ({ context }) => {
      if (context.attached) context.platform.navigate(AFTER_DELETE, { replace: true });
    },
    detach: assign({ attached: false }),
  },
  guards: {
    sessionLost: ({ event }) => sessionLostIn(event),
  },
}).createMachine({
  id: 'deleteValuable',
  context: ({ input }) => ({ ...input, attached: true, target: undefined, error: undefined }),
  initial: 'idle',
  // The page is gone: an open question ends; a deletion in flight finishes (see there).
  on: { 'flow.detached': '.released' },
  states: {
    idle: {
      on: {
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
        'delete.confirmed': 'deleting',
        'delete.cancelled': { target: 'idle', actions: 'clearError' },
      },
    },
    deleting: {
      tags: ['open', 'deleting'],
      on: { 'flow.detached': { actions: 'detach' } },
      invoke: {
        src: 'deleteValuable',
        // Only `delete.requested` leads here, and it sets the target.
        input: ({ context }) => ({ api: context.api, target: context.target! }),
        onDone: {
          target: 'deleted',
          actions: [
            { type: 'announceDeleted', params: ({ context }) => context.target! },
            'refreshPortfolios',
            'refreshInvestments',
            'refreshValuation',
            'refreshChart',
            'refreshEvents',
            'goHome',
          ],
        },
        onError: [
          WAIT_FOR_SESSION,
          {
            target: 'confirming',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    awaitingSession: awaitingSession('deleting', { tags: ['open', 'deleting'] }),
    deleted: { type: 'final' },
    released: { type: 'final' },
  },
});
