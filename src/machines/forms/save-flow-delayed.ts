// A deletion whose call waits (save-flow.ts's parts): confirmed, the thing is hidden and the
// toast offers Undo (undo.ts); the DELETE goes when the window ends, or at once when the page is
// hidden or closed (keepalive), so a closed app never leaves it half done. The contract has no
// undelete, so Undo is honest only before the call: it just shows the thing again. Delete
// investment and Delete portfolio (delete-valuable.machine.ts) are this.
import { fromCallback } from 'xstate';
import type { DataEvent } from '../data/data.machine';
import * as flow from '../app/flow';
import type { VisibilityPort } from '../app/platform';
import { removing } from './save-flow-parts';
import { offeringUndo } from './undo';

/** What a delayed deletion gives the flow. */
export interface DelayedRemovalSpec<Context> {
  call(context: Context): Promise<unknown>;
  /** The toast while Undo is offered and while the call runs: "Investment deleted". */
  notice(context: Context): string;
  /** The data actor's change once it is deleted. */
  removed(context: Context): DataEvent;
  /** The data actor's change when it was not deleted after all (Undo, or the call failed). */
  undone(context: Context): DataEvent;
  /** The toast when the call failed: nothing was deleted. */
  failed(error: unknown): string;
  /** Where the page's hiding is heard. */
  visibility(context: Context): VisibilityPort;
}

export type PageHidden = { type: 'page.hidden' };

/** Tells the flow the tab was hidden or the page is going away. */
export const pageHidden = fromCallback<PageHidden, { visibility: VisibilityPort }>(
  ({ input, sendBack }) => input.visibility.onHidden(() => sendBack({ type: 'page.hidden' })),
);

type Args<Context> = { context: Context };

/** `pendingUndo` → `deleting` → `deleted`; `restored` after Undo, `failed` after a refusal. */
export function delayedRemovalStates<Context>(remove: DelayedRemovalSpec<Context>) {
  const announce = (change: 'removed' | 'undone') => ({
    type: 'announce' as const,
    params: ({ context }: Args<Context>) => remove[change](context),
  });
  return {
    pendingUndo: {
      description:
        'The item is hidden and the DELETE waits for the window to end; hiding the tab or ' +
        'closing the app sends it at once. Undo shows it again; nothing was sent.',
      invoke: {
        src: 'pageHidden' as const,
        input: ({ context }: Args<Context>) => ({ visibility: remove.visibility(context) }),
      },
      ...offeringUndo((context: Context) => remove.notice(context), {
        ended: 'deleting',
        undone: { target: 'restored', actions: announce('undone') },
        on: { 'page.hidden': 'deleting' },
      }),
    },
    deleting: {
      tags: 'deleting' as const,
      // The toast holds while the call runs, without Undo: it is too late for it.
      entry: {
        type: 'holdNotice' as const,
        params: ({ context }: Args<Context>) => ({ text: remove.notice(context), undo: false }),
      },
      invoke: {
        ...removing(remove),
        // A refresh during the window may have brought it back: announced again as deleted.
        onDone: {
          target: 'deleted',
          actions: [announce('removed'), 'withdrawNotice' as const],
        },
        onError: [
          flow.WAIT_FOR_SESSION,
          {
            target: 'failed',
            actions: [
              {
                type: 'notify' as const,
                params: ({ event }: { event: { error: unknown } }) => ({
                  text: remove.failed(event.error),
                }),
              },
              announce('undone'),
            ],
          },
        ],
      },
    },
    // Looks busy (the toast stays) until the user is back; the same DELETE is sent then.
    awaitingSession: flow.awaitingSession('deleting', { tags: 'deleting' }),
    deleted: { type: 'final' as const },
    restored: { type: 'final' as const },
    failed: { type: 'final' as const },
  };
}
