// The broker import at /import (issue 26): choose a file → sniff it (in the worker) → settings →
// map columns when no preset knows the format (kept as a template on this device) → unknown type
// words block until mapped or skipped → preview by a dry run into the target portfolio → "Import
// N events" (one Idempotency-Key per submission, as the creating forms) → the result with Undo.
// The history of batches is a child (import-history.machine.ts). Effects: import-actors.ts.
import { assign, not, sendTo, setup, stateIn, type ActorRefFrom } from 'xstate';
import type { Api } from '../api';
import { messageOf } from '../api/errors';
import type { ColumnMap, ImportBatch, ImportField, ImportReport } from '../domain/import';
import type { ParseResult, Sniffed, TypeAction, TypeWordMap } from '../domain/import';
import type { DataActor } from './app.machine';
import { changed } from './changes';
import { awaitingSession, sessionLostIn, sessionRestored, WAIT_FOR_SESSION } from './flow';
import type { FlowEvent, SessionRef } from './flow';
import { importActors } from './import-actors';
import * as flow from './import-flow';
import { importHistoryMachine } from './import-history.machine';
import type { FileProblem, FileSettings, ImportReader } from './import-reader';
import type { KeyValueStore } from './platform';
import { afterFailure, randomKey, submissionFor } from './submission';
import type { KeyMaker, Submission } from './submission';

export type ImportEvent =
  | { type: 'file.chosen'; file: Blob; name: string }
  | { type: 'settings.changed'; settings: FileSettings }
  | { type: 'settings.confirmed' }
  | { type: 'column.mapped'; field: ImportField; column: string | undefined }
  | { type: 'mapping.confirmed' }
  | { type: 'word.mapped'; word: string; action: TypeAction }
  | { type: 'words.confirmed' }
  | { type: 'target.chosen'; target: flow.Target }
  | { type: 'duplicate.toggled'; line: number }
  | { type: 'preview.filtered'; filter: flow.LineFilter }
  | { type: 'preview.paged'; page: number }
  | { type: 'import.submitted' }
  | { type: 'import.restarted' }
  | { type: 'retry.requested' }
  /** Undo of a batch: the result's, or one of the history's; passed to the history. */
  | { type: 'batch.undone'; id: number }
  | { type: 'portfolios.listed'; ids: readonly string[] | undefined }
  | FlowEvent;

export interface ImportInput {
  api: Api;
  data: DataActor;
  session: SessionRef;
  /** The parsers: in a Web Worker in the browser (src/ui/import-worker.ts). */
  reader: ImportReader;
  /** Where mapping templates are kept (the platform's storage). */
  storage: KeyValueStore;
  newKey?: KeyMaker;
}

/** What a new file starts from. */
const FRESH = {
  problem: undefined as FileProblem | undefined,
  detection: undefined as Sniffed | undefined,
  overrides: {} as FileSettings,
  parsed: undefined as ParseResult | undefined,
  report: undefined as ImportReport | undefined,
  forced: [] as number[],
  /** Which lines the preview shows: it draws one page at a time. */
  view: flow.FIRST_PAGE,
  submission: undefined as Submission | undefined,
  batch: undefined as ImportBatch | undefined,
  /** Why the last call failed. */
  failure: undefined as string | undefined,
};

export type ImportContext = Omit<ImportInput, 'newKey'> &
  typeof FRESH & {
    newKey: KeyMaker;
    attached: boolean;
    file: Blob | undefined;
    fileName: string;
    columns: ColumnMap;
    words: TypeWordMap;
    target: flow.Target | undefined;
    history: ActorRefFrom<typeof importHistoryMachine>;
  };

const lines = (c: ImportContext) => flow.previewLines(c.parsed!, c.report, c.forced);
const sent = (c: ImportContext, rows = c.parsed!.rows) =>
  flow.request(c.target!, c.parsed!.source, c.fileName, rows);
const toCommit = (c: ImportContext) => sent(c, flow.rowsToImport(lines(c)));
const recognised = (c: ImportContext) => c.detection!.preset !== null;
/** What a template keeps: the columns only of a format no preset knows. */
const mapping = (c: ImportContext) => ({
  columns: recognised(c) ? undefined : c.columns,
  words: c.words,
});
const options = (c: ImportContext) => ({
  fileName: c.fileName,
  ...c.overrides,
  ...(recognised(c) ? {} : { preset: 'generic' as const, columns: c.columns }),
  typeWords: c.words,
});
const refused = (problem: FileProblem) => ({ type: 'refuse' as const, params: { problem } });

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
    input: {} as ImportInput,
    tags: {} as 'busy' | 'submitting',
  },
  actors: { ...importActors, sessionRestored, history: importHistoryMachine },
  actions: {
    refuse: assign((_, { problem }: { problem: FileProblem }) => ({
      ...FRESH,
      ...{ file: undefined, problem },
    })),
    takeFile: assign((_, { file, name }: { file: Blob; name: string }) => ({
      ...FRESH,
      ...{ file, fileName: name, columns: {}, words: {} },
    })),
    takeDetection: assign(({ context }, { output }: { output: Sniffed }) => {
      const template = flow.templateFor(context.storage, output);
      return {
        detection: output,
        columns: template?.columns ?? output.columns,
        words: { ...template?.words, ...context.words },
      };
    }),
    override: assign(({ context }, { settings }: { settings: FileSettings }) => ({
      overrides: { ...context.overrides, ...settings },
    })),
    mapColumn: assign(({ context }, p: { field: ImportField; column: string | undefined }) => ({
      columns: { ...context.columns, [p.field]: p.column },
    })),
    mapWord: assign(({ context }, { word, action }: { word: string; action: TypeAction }) => ({
      words: { ...context.words, [word]: action },
    })),
    keepTemplate: ({ context }) =>
      flow.saveTemplate(context.storage, context.detection!, mapping(context)),
    defaultTarget: assign(({ context }, { ids }: { ids: readonly string[] | undefined }) => ({
      target: context.target ?? (ids?.length ? { id: ids[0] } : undefined),
    })),
    toggle: assign(({ context }, { line }: { line: number }) => ({
      forced: context.forced.includes(line)
        ? context.forced.filter((each) => each !== line)
        : [...context.forced, line],
    })),
    takeSubmission: assign(({ context }) => ({
      submission: submissionFor(context.submission, toCommit(context), context.newKey),
      failure: undefined,
    })),
    fail: assign(({ context }, { error }: { error: unknown }) => ({
      failure: messageOf(error),
      submission: afterFailure(context.submission, error),
    })),
    takeRefusal: assign((_, { error }: { error: unknown }) => ({
      report: (error as flow.ImportRefused).report,
      submission: undefined,
    })),
    announce: sendTo(({ context }) => context.data, changed('import.committed')),
    toHistory: sendTo('history', (_, event: { type: 'batch.undone'; id: number }) => event),
    historyStale: sendTo('history', { type: 'history.stale' }),
  },
  guards: {
    tooLarge: ({ event }) => event.type === 'file.chosen' && event.file.size > flow.MAX_FILE_BYTES,
    empty: ({ event }) => event.type === 'file.chosen' && event.file.size === 0,
    needsMapping: ({ context }) => !recognised(context),
    mappingComplete: ({ context }) => flow.mappingComplete(context.columns),
    wordsUnknown: ({ context }) =>
      context.parsed!.unknownTypes.some(({ word }) => !(word in context.words)),
    noRows: ({ context }) => context.parsed!.rows.length === 0,
    targetValid: ({ context }) => flow.targetValid(context.target),
    canImport: ({ context }) =>
      flow.targetValid(context.target) && flow.rowsToImport(lines(context)).length > 0,
    allInvalid: (_, { output }: { output: ImportReport }) =>
      output.rows.every((row) => row.status === 'error'),
    refused: (_, { error }: { error: unknown }) => error instanceof flow.ImportRefused,
    detached: ({ context }) => !context.attached,
    sessionLost: sessionLostIn,
  },
  delays: { paint: 0 },
}).createMachine({
  id: 'import',
  context: ({ input, spawn }) => ({
    ...input,
    ...FRESH,
    ...{ newKey: input.newKey ?? randomKey, attached: true, file: undefined, fileName: '' },
    ...{ columns: {}, words: {}, target: undefined },
    history: spawn('history', { id: 'history', input: { api: input.api, data: input.data } }),
  }),
  initial: 'choosing',
  invoke: { src: 'watchPortfolios', input: ({ context }) => ({ data: context.data }) },
  on: {
    // The screen is gone: the flow ends, unless a commit is in flight (it still announces).
    'flow.detached': [
      { guard: not(stateIn('committing')), target: '.released' },
      { actions: assign({ attached: false }) },
    ],
    'portfolios.listed': { actions: { type: 'defaultTarget', params: ({ event }) => event } },
    'batch.undone': { actions: { type: 'toHistory', params: ({ event }) => event } },
    'file.chosen': [
      { guard: 'empty', target: '.choosing', actions: refused({ code: 'file.empty' }) },
      {
        guard: 'tooLarge',
        target: '.choosing',
        actions: {
          type: 'refuse',
          params: ({ event }) => ({
            problem: { code: 'file.too_large', params: { size: event.file.size } },
          }),
        },
      },
      { target: '.sniffing', actions: { type: 'takeFile', params: ({ event }) => event } },
    ],
    'preview.filtered': {
      actions: assign({ view: ({ event }) => ({ filter: event.filter, page: 0 }) }),
    },
    'preview.paged': {
      actions: assign({ view: ({ context, event }) => ({ ...context.view, page: event.page }) }),
    },
    'import.restarted': { target: '.choosing', actions: assign({ ...FRESH, file: undefined }) },
  },
  states: {
    choosing: {},
    sniffing: {
      tags: 'busy',
      invoke: {
        src: 'sniff',
        input: ({ context: c }) => ({ reader: c.reader, file: c.file!, fileName: c.fileName }),
        onDone: {
          target: 'settings',
          actions: { type: 'takeDetection', params: ({ event }) => event },
        },
        onError: {
          target: 'choosing',
          actions: {
            type: 'refuse',
            params: ({ event }) => ({ problem: flow.problemOf(event.error) }),
          },
        },
      },
    },
    settings: {
      on: {
        'settings.changed': { actions: { type: 'override', params: ({ event }) => event } },
        'settings.confirmed': [{ guard: 'needsMapping', target: 'mapping' }, { target: 'parsing' }],
      },
    },
    mapping: {
      on: {
        'column.mapped': { actions: { type: 'mapColumn', params: ({ event }) => event } },
        'mapping.confirmed': {
          guard: 'mappingComplete',
          target: 'parsing',
          actions: 'keepTemplate',
        },
      },
    },
    parsing: {
      tags: 'busy',
      invoke: {
        src: 'parse',
        input: ({ context: c }) => ({ reader: c.reader, file: c.file!, options: options(c) }),
        onDone: {
          target: 'parsed',
          actions: assign({ parsed: ({ event }) => event.output, report: undefined }),
        },
        onError: {
          target: 'choosing',
          actions: {
            type: 'refuse',
            params: ({ event }) => ({ problem: flow.problemOf(event.error) }),
          },
        },
      },
    },
    parsed: {
      always: [
        { guard: 'wordsUnknown', target: 'words' },
        { guard: 'noRows', target: 'choosing', actions: refused({ code: 'file.no_rows' }) },
        { target: 'checking' },
      ],
    },
    words: {
      description: 'An unknown type word blocks the import: nothing is dropped silently.',
      on: {
        'word.mapped': { actions: { type: 'mapWord', params: ({ event }) => event } },
        'words.confirmed': {
          guard: not('wordsUnknown'),
          target: 'parsing',
          actions: 'keepTemplate',
        },
      },
    },
    checking: {
      description:
        'The dry run needs the target: duplicates are found within it. It starts a task later, so the first page of the preview is drawn before the request is built.',
      tags: 'busy',
      always: { guard: not('targetValid'), target: 'preview' },
      after: { paint: 'dryRunning' },
    },
    dryRunning: {
      tags: 'busy',
      invoke: {
        src: 'dryRun',
        input: ({ context }) => ({ api: context.api, request: sent(context) }),
        onDone: [
          {
            // The preview stays, so each row shows why it was refused.
            guard: { type: 'allInvalid', params: ({ event }) => event },
            target: 'preview',
            actions: assign({
              report: ({ event }) => event.output,
              problem: { code: 'file.all_invalid' } as FileProblem,
            }),
          },
          {
            target: 'preview',
            actions: assign({ report: ({ event }) => event.output, failure: undefined }),
          },
        ],
        onError: { target: 'preview', actions: { type: 'fail', params: ({ event }) => event } },
      },
    },
    preview: {
      on: {
        'target.chosen': {
          target: 'checking',
          actions: assign({ target: ({ event }) => event.target }),
        },
        'duplicate.toggled': { actions: { type: 'toggle', params: ({ event }) => event } },
        'retry.requested': 'checking',
        'import.submitted': { guard: 'canImport', target: 'committing', actions: 'takeSubmission' },
      },
    },
    committing: {
      tags: ['busy', 'submitting'],
      invoke: {
        src: 'commit',
        input: ({ context: c }) => ({
          api: c.api,
          request: toCommit(c),
          idempotencyKey: c.submission!.key,
        }),
        onDone: {
          target: 'done',
          actions: [
            assign({ batch: ({ event }) => event.output, submission: undefined }),
            'announce',
            'historyStale',
          ],
        },
        onError: [
          WAIT_FOR_SESSION,
          {
            guard: { type: 'refused', params: ({ event }) => event },
            target: 'preview',
            actions: { type: 'takeRefusal', params: ({ event }) => event },
          },
          { target: 'preview', actions: { type: 'fail', params: ({ event }) => event } },
        ],
      },
    },
    awaitingSession: awaitingSession('committing', { tags: ['busy', 'submitting'] }),
    done: { always: { guard: 'detached', target: 'released' } },
    released: { type: 'final' },
  },
});
