// The import history at /import: the batches imported (GET /api/v1/imports), each with Undo, which
// asks first ("Remove 34 events and the portfolio Nordnet depot?"), then removes the batch's
// events and confirms it in a notice, or is refused with the events edited since (409). A child
// of the import machine, which tells it of a new batch and passes it the result's Undo.
import { assign, sendTo, setup } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import type { ImportBatch } from '../../domain/import/rows';
import { changed } from '../data/changes';
import type { DataRef } from '../data/data.machine';
import { importActors } from './import-actors';
import { UndoRefused } from './import-flow';
import { posted, type NoticesRef } from '../app/notices.machine';

export type ImportHistoryEvent =
  /** Undo of a batch: it asks first. */
  | { type: 'batch.undone'; id: number }
  | { type: 'undo.confirmed' }
  | { type: 'undo.cancelled' }
  /** A batch was imported: the list is read again. */
  | { type: 'history.stale' };

export interface ImportHistoryInput {
  api: Api;
  data: DataRef;
  notices: NoticesRef;
}

const events = (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`;

/** "Remove 34 events?", "Remove 34 events and the portfolio Nordnet depot?" */
export function undoQuestion(batch: ImportBatch): string {
  const names = batch.removes_portfolios;
  if (names.length === 0) return `Remove ${events(batch.events)}?`;
  const portfolios =
    names.length === 1 ? `the portfolio ${names[0]}` : `the portfolios ${names.join(', ')}`;
  return `Remove ${events(batch.events)} and ${portfolios}?`;
}

/** The notice after an undo: "Import undone: 34 events removed." */
export function undoneNotice(batch: ImportBatch | undefined): string {
  return batch ? `Import undone: ${events(batch.events)} removed.` : 'Import undone.';
}

export interface ImportHistoryContext extends ImportHistoryInput {
  batches: ImportBatch[];
  /** The batch whose Undo is asked about, then sent. */
  undoing: number | undefined;
  /** The batches undone while the screen showed. */
  undone: number[];
  /** An Undo refused: the batch, and the events edited since it was imported. */
  refused: { id: number; edited: number[] } | undefined;
  failure: string | undefined;
}

export const importHistoryMachine = setup({
  types: {
    context: {} as ImportHistoryContext,
    events: {} as ImportHistoryEvent,
    input: {} as ImportHistoryInput,
    tags: {} as 'loading' | 'confirming' | 'undoing',
  },
  actors: { listImports: importActors.listImports, undo: importActors.undo },
  actions: {
    fail: assign((_, { error }: { error: unknown }) => ({ failure: messageOf(error) })),
    announceUndone: sendTo(({ context }) => context.data, changed('import.undone')),
    confirmUndone: sendTo(
      ({ context }) => context.notices,
      ({ context }) =>
        posted(undoneNotice(context.batches.find((batch) => batch.id === context.undoing))),
    ),
  },
  guards: {
    refused: (_, { error }: { error: unknown }) => error instanceof UndoRefused,
    listed: ({ context }, { id }: { id: number }) => context.batches.some((b) => b.id === id),
  },
}).createMachine({
  id: 'importHistory',
  context: ({ input }) => ({
    ...input,
    batches: [],
    undoing: undefined,
    undone: [],
    refused: undefined,
    failure: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'listImports',
        input: ({ context }) => ({ api: context.api }),
        onDone: {
          target: 'listed',
          actions: assign({ batches: ({ event }) => event.output, failure: undefined }),
        },
        onError: { target: 'listed', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    listed: {
      on: {
        'history.stale': 'loading',
        'batch.undone': {
          // The question names what the batch holds: one not listed yet has nothing to name.
          guard: { type: 'listed', params: ({ event }) => event },
          target: 'confirming',
          actions: assign({
            undoing: ({ event }) => event.id,
            refused: undefined,
            failure: undefined,
          }),
        },
      },
    },
    confirming: {
      description: 'Undo removes what the batch brought in: it asks first, naming it.',
      tags: 'confirming',
      on: {
        'undo.confirmed': 'undoing',
        'undo.cancelled': { target: 'listed', actions: assign({ undoing: undefined }) },
      },
    },
    undoing: {
      tags: 'undoing',
      invoke: {
        src: 'undo',
        input: ({ context }) => ({ api: context.api, id: context.undoing! }),
        onDone: {
          target: 'loading',
          actions: [
            'announceUndone',
            'confirmUndone',
            assign({ undone: ({ context }) => [...context.undone, context.undoing!] }),
          ],
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => event },
            target: 'listed',
            actions: assign({
              refused: ({ context, event }) => ({
                id: context.undoing!,
                edited: (event.error as UndoRefused).edited,
              }),
            }),
          },
          { target: 'listed', actions: { type: 'fail', params: ({ event }) => event } },
        ],
      },
    },
  },
});
