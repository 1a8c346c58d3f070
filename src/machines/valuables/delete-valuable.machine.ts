// Delete investment / Delete portfolio: a confirmation, then home at once with the item hidden and
// "Investment deleted · Undo"; the call goes when the Undo window ends (a save flow's delayed
// deletion, save-flow-delayed.ts). The deleted page's history entry is replaced by /home, so back
// never returns to it; the data it showed is dropped at once (hidden), and the data actor told
// once the call is done, or after Undo (changes.ts).
import { assign, enqueueActions } from 'xstate';
import type { Id } from '../../domain/types';
import { changed } from '../data/changes';
import type { Platform } from '../app/platform';
import { nothingDeleted } from '../forms/form-errors';
import { saveFlowSetup, type SaveFlowDeps } from '../forms/save-flow';
import { delayedRemovalStates, pageHidden, type PageHidden } from '../forms/save-flow-delayed';
import { NO_FIELDS } from '../forms/save-flow-spec';
import { saveFlowContext } from '../forms/save-flow-submitting';

export type ValuableKind = 'investment' | 'portfolio';

export interface DeleteTarget {
  kind: ValuableKind;
  id: Id;
}

/** Its own events; Delete's confirmation, Undo and the flow's are the save flow's. */
export type DeleteValuableEvent =
  /** The Delete button: ask first. The target comes with it, as a screen may show another. */
  { type: 'delete.requested'; target: DeleteTarget } | PageHidden;

export interface DeleteValuableInput extends SaveFlowDeps {
  platform: Platform;
}

/** What the open confirmation is about; set by `delete.requested`. */
type Asked = { target: DeleteTarget | undefined };

/** Where the app goes after a deletion: the deleted page no longer exists. */
export const AFTER_DELETE = '/home';

/** The toast: "Investment deleted". */
export function deletedNotice(kind: ValuableKind): string {
  return kind === 'investment' ? 'Investment deleted' : 'Portfolio deleted';
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

/** `investment.hidden {id}` … `portfolio.deleted {id}`. */
function step({ kind, id }: DeleteTarget, step: 'hidden' | 'deleted') {
  return kind === 'investment'
    ? { type: `investment.${step}` as const, id }
    : { type: `portfolio.${step}` as const, id };
}

const asked = ({ event }: { event: { type: string } | DeleteValuableEvent }): Asked => ({
  target: 'target' in event ? event.target : undefined,
});

const spec = { types: { input: {} as DeleteValuableInput }, rules: NO_FIELDS, keyed: false };

export const deleteValuableMachine = saveFlowSetup<
  DeleteValuableInput,
  Record<never, never>,
  never,
  undefined,
  unknown,
  Asked,
  { pageHidden: typeof pageHidden },
  DeleteValuableEvent
>(spec, {
  actors: { pageHidden },
  events: {} as DeleteValuableEvent,
})
  .extend({
    actions: {
      ask: assign((_, params: Asked) => params),
      // The question counts what goes with it: a list loaded before the last change may be stale
      // (a new investment's buy event, say), so it is reloaded as the question opens.
      refreshCounts: enqueueActions(({ context, enqueue }, { target }: Asked) => {
        if (!target) return;
        enqueue.sendTo(context.input.data, {
          type: target.kind === 'investment' ? 'refresh.events' : 'refresh.portfolios',
        });
      }),
      goHome: ({ context }) => {
        if (context.attached) context.input.platform.navigate(AFTER_DELETE, { replace: true });
      },
    },
  })
  .createMachine({
    id: 'deleteValuable',
    context: ({ input }) =>
      saveFlowContext({ values: () => ({}), extra: (): Asked => ({ target: undefined }) }, input),
    initial: 'idle',
    // The page is gone: a deletion confirmed goes on to its end; see idle and confirming.
    on: { 'flow.detached': { actions: 'detach' } },
    states: {
      idle: {
        on: {
          'flow.detached': 'released',
          'delete.requested': {
            // The save flow's `delete.requested` has no target: it opens nothing here.
            guard: ({ event }) => 'target' in event,
            target: 'confirming',
            actions: [
              { type: 'ask', params: asked },
              { type: 'refreshCounts', params: asked },
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
              { type: 'announce', params: ({ context }) => step(context.target!, 'hidden') },
              'goHome',
            ],
          },
          'delete.cancelled': 'idle',
          'flow.detached': 'released',
        },
      },
      // Only `delete.requested` leads here, and it sets the target.
      ...delayedRemovalStates<{ input: DeleteValuableInput } & Asked>({
        call: ({ input, target }) =>
          target!.kind === 'investment'
            ? input.api.deleteInvestment(target!.id)
            : input.api.deletePortfolio(target!.id),
        notice: ({ target }) => deletedNotice(target!.kind),
        removed: ({ target }) => step(target!, 'deleted'),
        // What was hidden is loaded again.
        undone: () => changed('deletion.undone'),
        failed: nothingDeleted,
        visibility: ({ input }) => input.platform.visibility,
      }),
      released: { type: 'final' },
    },
  });
