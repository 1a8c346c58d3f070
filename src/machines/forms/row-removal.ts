// A list row's Delete with Undo, the same for every section that lists rows the user entered (a
// portfolio's cash entries, an investment's typed prices): a save flow with no fields, `idle` →
// the row's Delete on the parts (save-flow-parts.ts `removalStates`): the DELETE goes at once,
// "… deleted · Undo" shows for the window, and Undo makes the row again (the API has no
// undelete) with a key made when it is pressed. Each change is announced to the data actor and
// tells the section (the parent) to read its list again. What the user confirmed goes on after a
// new login, and after its view has gone, until the window is over.
import { assign, sendParent, type EventObject } from 'xstate';
import { messageOf } from '../../api/errors';
import type { DataEvent } from '../data/data.machine';
import { nothingDeleted } from './form-errors';
import { saveFlowSetup, type EmbeddedInput, type SaveFlowContext } from './save-flow';
import { removalStates } from './save-flow-parts';
import { NO_FIELDS } from './save-flow-spec';
import { saveFlowContext } from './save-flow-submitting';

/** A row's Delete, the row under the section's own name for it: `{ entry }`, `{ price }`. */
export type RowDeleteEvent<Key extends string, Row> = { type: 'delete.requested' } & {
  [K in Key]: Row;
};

/** A section's rows and their calls. */
export interface RowRemovalSpec<Input extends EmbeddedInput, Key extends string, Row> {
  /** The machine's id. */
  id: string;
  /** The field of `delete.requested` that carries the row. */
  key: Key;
  /** Only such rows are deleted (a typed price); another's Delete does nothing. */
  deletable?: (row: Row) => boolean;
  /** Told to the section after each change: its list reads itself again. */
  reload: EventObject;
  /** Each change, for the data actor (changes.ts). */
  announce: DataEvent;
  notices: { deleted: string; restoring: string; restored: string };
  /** Undo's failure as a notice: "The price could not be restored. …". */
  notRestored: (message: string) => string;
  call: (input: Input, row: Row) => Promise<unknown>;
  /** Makes the row again as it was entered. */
  restore: (input: Input, row: Row, idempotencyKey: string | undefined) => Promise<unknown>;
}

/** The row deleted last: what Undo makes again. */
type Deleted<Row> = { deleted: Row | undefined };

const every = () => true;

export function rowRemovalMachine<Input extends EmbeddedInput, Key extends string, Row>(
  spec: RowRemovalSpec<Input, Key, Row>,
) {
  type Context = SaveFlowContext<Input, Record<never, never>, never> & Deleted<Row>;
  const { id, key, deletable = every, notices } = spec;
  /**
   * The row of a row's Delete; the save flow's own `delete.requested` carries none. The event is
   * typed as the save flow's: a generic key would leave XState's event map unresolved.
   */
  const rowOf = (event: EventObject): Row | undefined =>
    key in event ? (event as RowDeleteEvent<Key, Row>)[key] : undefined;
  const moved = (notice: string) => ({ announce: spec.announce, notice });
  /** A row's Delete, from the list or while the last one's Undo is offered. */
  const DELETE = {
    'delete.requested': {
      guard: 'deletable' as const,
      target: `#${id}.deleting`,
      actions: 'noteDeleted' as const,
    },
  };
  return saveFlowSetup<Input, Record<never, never>, never, undefined, unknown, Deleted<Row>>({
    types: { input: {} as Input },
    rules: NO_FIELDS,
    keyed: false,
  })
    .extend({
      actions: {
        noteDeleted: assign(({ event }) => ({ deleted: rowOf(event) })),
        reloadList: sendParent(spec.reload),
      },
      guards: {
        deletable: ({ event }) => {
          const row = rowOf(event);
          return row !== undefined && deletable(row);
        },
      },
    })
    .createMachine({
      id,
      context: ({ input }) =>
        saveFlowContext(
          { values: () => ({}), extra: (): Deleted<Row> => ({ deleted: undefined }) },
          input,
        ),
      initial: 'idle',
      // The view is gone: what is on its way finishes (its Undo window included), then the flow
      // ends.
      on: { 'flow.detached': { actions: 'detach' } },
      states: {
        idle: {
          always: { guard: 'detached', target: 'released' },
          on: DELETE,
        },
        // Only a row's Delete leads here, and it noted the row.
        ...removalStates<Context, 'reloadList', typeof DELETE>(
          id,
          {
            call: ({ input, deleted }) => spec.call(input, deleted!),
            removed: () => moved(notices.deleted),
            undo: {
              offered: every,
              restoring: () => notices.restoring,
              restore: async ({ input, deleted }, idempotencyKey) => {
                await spec.restore(input, deleted!, idempotencyKey);
                return moved(notices.restored);
              },
              failed: (_, error) => spec.notRestored(messageOf(error)),
            },
          },
          {
            asks: false,
            over: 'idle',
            refused: nothingDeleted,
            told: ['reloadList'],
            // Another deletion: this one is final, the new one's notice replaces its own.
            undoable: DELETE,
          },
        ),
        released: { type: 'final' },
      },
    });
}

/**
 * The section's region that runs its row removal (`src`, invoked as `removal`) beside its list and
 * form: each row's Delete, Undo and its view going are forwarded (the section's `toRemoval`); it
 * ends when the removal does.
 */
export function rowRemovalRegion<Src extends string, Context, Input extends EmbeddedInput>(
  src: Src,
  input: (context: Context) => Input,
) {
  const forward = { actions: 'toRemoval' as const };
  return {
    initial: 'running' as const,
    states: {
      running: {
        invoke: {
          id: 'removal' as const,
          src,
          input: ({ context }: { context: Context }) => input(context),
          onDone: 'ended' as const,
        },
        on: {
          'delete.requested': forward,
          'undo.requested': forward,
          'flow.detached': forward,
        },
      },
      ended: { type: 'final' as const },
    },
  };
}
