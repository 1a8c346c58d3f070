// The save flow's optional states (save-flow.ts), as config over its named actions and actors:
// a read before the form takes input (`load`), and Delete (`remove`): asked first (a list row's
// is not: `RemovalPlaces`), sent at once, then "Buy deleted · Undo" for the window when Undo is
// offered. The contract has no undelete, so Undo makes the thing again, under an
// Idempotency-Key made when it is pressed (submission.ts).
// A deletion or an Undo outlives its view; a lost session waits for the login (flow.ts). Every
// flow's root drops its offline error once the connection is back (`OFFLINE_ERROR_GOES`).
import { fromCallback } from 'xstate';
import type { DataRef } from '../data/data.machine';
import * as flow from '../app/flow';
import type { ConnectionRestored, LoadSpec, Patch, RemovalSpec, Saved } from './save-flow-spec';
import { offeringUndo } from './undo';

/** States only some forms have, typed as always there: a snapshot may be asked about them. */
export const some = <T extends object>(states: T | undefined): T => states ?? ({} as T);

type Args<Context> = { context: Context };
type Failed<Context> = { context: Context; event: { error: unknown } };

/** The data actor's word that the connection came back (it watches the browser's). */
export const connectionRestored = fromCallback<ConnectionRestored, { data: DataRef }>(
  ({ input, sendBack }) => {
    const subscription = input.data.on('connection.restored', () =>
      sendBack({ type: 'connection.restored' }),
    );
    return () => subscription.unsubscribe();
  },
);

/**
 * A flow's root, for its whole life: once the connection is back, "You appear to be offline…"
 * goes, as it no longer holds; other errors and what was typed stay.
 */
export const OFFLINE_ERROR_GOES = {
  invoke: {
    src: 'connectionRestored' as const,
    input: ({ context }: Args<{ input: { data: DataRef } }>) => ({ data: context.input.data }),
  },
  on: {
    'connection.restored': { guard: 'offlineError' as const, actions: 'clearFormError' as const },
  },
};

/** The root's read while the form takes input (`meanwhile`): its patch taken when it comes. */
export function meanwhileRead<Context, Values, Field extends string, Extra>(
  call: (context: Context) => Promise<Patch<Values, Field, Extra>>,
) {
  return {
    src: 'read' as const,
    input:
      ({ context }: Args<Context>) =>
      () =>
        call(context),
    onDone: {
      actions: {
        type: 'patch' as const,
        params: ({ event }: { event: { output: Patch<Values, Field, Extra> } }) => event.output,
      },
    },
    // Handled, so the flow goes on: the form works without what it reads.
    onError: {},
  };
}

/** `loading` (tag `loading`): the form shows its start values, and takes no input, until read. */
export function loadingStates<Context, Values, Field extends string, Extra>(
  load: LoadSpec<Context, Values, Field, Extra>,
) {
  return {
    loading: {
      tags: 'loading' as const,
      description:
        'Reads what the form starts from (`load`); until read it shows its start values.',
      invoke: {
        src: 'read' as const,
        input:
          ({ context }: Args<Context>) =>
          () =>
            load.call(context),
        onDone: {
          target: 'editing',
          actions: {
            type: 'patch' as const,
            params: ({ event }: { event: { output: Patch<Values, Field, Extra> } }) => event.output,
          },
        },
        onError: [
          { guard: 'sessionLost' as const, target: 'loadingAwaitingSession' },
          {
            target: 'editing',
            actions: {
              type: 'patch' as const,
              params: ({ context, event }: Failed<Context>) => load.failed(context, event.error),
            },
          },
        ],
      },
    },
    loadingAwaitingSession: {
      description: 'The session was lost while reading: after the login, reads again.',
      ...flow.awaitingSession('loading', { tags: 'loading' }),
    },
  };
}

const BUSY: ('submitting' | 'deleting')[] = ['submitting', 'deleting'];

/** A deletion's call, invoked: the setup's `remove` runs it. */
export function removing<Context>(remove: { call(context: Context): Promise<unknown> }) {
  return {
    src: 'remove' as const,
    input:
      ({ context }: Args<Context>) =>
      () =>
        remove.call(context),
  };
}

/**
 * Where a deletion that is not a form's own Delete (a list row's: a typed price's) goes its own
 * way; each left out is the form's.
 */
export interface RemovalPlaces<Told extends string, On extends object> {
  /** Delete asks first (`confirmingDelete`); false: the flow's own event leads to `deleting`. */
  asks?: boolean;
  /** Where the flow goes once it is over (the window ended, Undo done or not): `saved`. */
  over?: string;
  /** A refused deletion as a notice, the flow then `over`; left out, the form shows it. */
  refused?: (error: unknown) => string;
  /** The flow's actions run beside each change announced: its list reads itself again. */
  told?: Told[];
  /** The flow's other events while Undo is offered: another row's Delete. */
  undoable?: On;
}

/**
 * `confirmingDelete` → `deleting` → `undoable` → `restoring`; `id` is the machine's, `places`
 * where a row's deletion differs from a form's.
 */
export function removalStates<
  Context extends { restoreKey?: string },
  Told extends string = never,
  On extends object = Record<never, never>,
>(id: string, remove: RemovalSpec<Context>, places: RemovalPlaces<Told, On> = {}) {
  const { undo } = remove;
  const { asks = true, over = 'saved', refused, told = [] } = places;
  const removed = ({ context }: Args<Context>) => remove.removed(context);
  return {
    ...some(
      asks
        ? {
            confirmingDelete: {
              description:
                'Asks first (the form says what goes); nothing is deleted until confirmed.',
              on: { 'delete.confirmed': 'deleting', 'delete.cancelled': 'editing' },
            },
          }
        : undefined,
    ),
    deleting: {
      tags: BUSY,
      description: 'The DELETE (`remove`); what it removed is reported even once the view is gone.',
      on: { 'flow.detached': { actions: 'detach' as const } },
      invoke: {
        ...removing(remove),
        onDone: [
          ...(undo
            ? [
                {
                  guard: ({ context }: Args<Context>) => undo.offered(context),
                  target: 'undoable',
                  actions: [
                    {
                      type: 'announce' as const,
                      params: (args: Args<Context>) => removed(args).announce,
                    },
                    'leaveView' as const,
                    ...told,
                  ],
                },
              ]
            : []),
          {
            target: over,
            actions: [{ type: 'report' as const, params: removed }, 'leaveView' as const, ...told],
          },
        ],
        onError: [
          { guard: 'sessionLost' as const, target: 'deletingAwaitingSession' },
          // A refusal (an event's: a later event would break) is the form's message; a row's, a
          // notice.
          refused
            ? {
                target: over,
                actions: {
                  type: 'notify' as const,
                  params: ({ event }: Failed<Context>) => ({ text: refused(event.error) }),
                },
              }
            : {
                target: 'editing',
                actions: {
                  type: 'showFailure' as const,
                  params: ({ event }: Failed<Context>) => ({ error: event.error }),
                },
              },
        ],
      },
    },
    // Nothing was deleted yet; the user has let go of the form, so detaching drops it.
    deletingAwaitingSession: {
      description: 'The session was lost before the DELETE: it is sent after the login.',
      ...flow.awaitingSession('deleting', { tags: BUSY }),
    },
    ...some(
      undo && {
        undoable: {
          description:
            'The DELETE went at once; its notice offers Undo for the window (an event: "Buy ' +
            'deleted · Undo"). Undo makes it again as entered, with a new id.',
          ...offeringUndo((context: Context) => remove.removed(context).notice, {
            ended: { target: over, actions: 'withdrawNotice' as const },
            undone: { target: 'restoring', actions: 'makeRestoreKey' as const },
            on: { ...(places.undoable as On), 'flow.detached': { actions: 'detach' as const } },
          }),
        },
        restoring: {
          description:
            'Undo: the deleted thing is made again as entered (`restore`), "Restoring…".',
          entry: {
            type: 'holdNotice' as const,
            params: ({ context }: Args<Context>) => ({
              text: undo.restoring(context),
              undo: false,
            }),
          },
          on: { 'flow.detached': { actions: 'detach' as const } },
          initial: 'calling',
          states: {
            calling: {
              invoke: {
                src: 'restore' as const,
                input:
                  ({ context }: Args<Context>) =>
                  () =>
                    undo.restore(context, context.restoreKey),
                onDone: {
                  target: `#${id}.${over}`,
                  actions: [
                    {
                      type: 'report' as const,
                      params: ({ event }: { event: { output: Saved } }) => event.output,
                    },
                    ...told,
                  ],
                },
                onError: [
                  flow.WAIT_FOR_SESSION,
                  {
                    target: `#${id}.${over}`,
                    actions: {
                      type: 'notify' as const,
                      params: ({ context, event }: Failed<Context>) => ({
                        text: undo.failed(context, event.error),
                      }),
                    },
                  },
                ],
              },
            },
            // The toast keeps saying "Restoring…"; the same call is sent once after the login.
            awaitingSession: flow.awaitingSession<never>('calling'),
          },
        },
      },
    ),
  };
}
