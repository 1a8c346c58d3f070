// The broker import at /import (issue 26): choose a file → sniff it (in the worker) → settings →
// map columns when no preset knows the format (kept as a template on this device) → unknown type
// words block until mapped or skipped → preview by a dry run into the target portfolio → "Import
// N events" (one Idempotency-Key per submission, as the creating forms) → the result with Undo.
// The history of batches is a child (import-history.machine.ts). Names: import-setup.ts; effects:
// import-actors.ts.
import { and, assign, not, or, stateIn } from 'xstate';
import { awaitingSession, WAIT_FOR_SESSION } from '../app/flow';
import * as flow from './import-flow';
import { FRESH, importSetup, options, refused, sent, toCommit } from './import-setup';
import type { FileProblem } from './import-reader';
import { randomKey } from '../forms/submission';

export type { ImportContext, ImportEvent, ImportInput } from './import-setup';

/** The preview is on screen: drawn from the parsed rows, its dry run done or in flight. */
const PREVIEWED = or([stateIn('preview'), stateIn('checking'), stateIn('dryRunning')]);

export const importMachine = importSetup.createMachine({
  id: 'import',
  context: ({ input, spawn }) => ({
    ...input,
    ...FRESH,
    ...{ newKey: input.newKey ?? randomKey, attached: true, file: undefined, fileName: '' },
    ...{ columns: {}, words: {}, target: undefined },
    history: spawn('history', {
      id: 'history',
      input: { api: input.api, data: input.data, notices: input.notices },
    }),
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
    'undo.confirmed': { actions: { type: 'toHistory', params: ({ event }) => event } },
    'undo.cancelled': { actions: { type: 'toHistory', params: ({ event }) => event } },
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
    // A match changed in the preview: the dry run starts again with it (one in flight is dropped).
    'instrument.matched': {
      guard: PREVIEWED,
      target: '.checking',
      actions: { type: 'match', params: ({ event }) => event },
    },
    // The preview's own clicks count while its dry run is in flight too, not only after it.
    'duplicate.toggled': {
      guard: PREVIEWED,
      actions: { type: 'toggle', params: ({ event }) => event },
    },
    'ratio.entered': [
      {
        guard: and([PREVIEWED, 'ratioRead']),
        target: '.parsing',
        actions: { type: 'takeRatio', params: ({ event }) => event },
      },
      { guard: PREVIEWED, actions: { type: 'takeRatio', params: ({ event }) => event } },
    ],
    'split.skipped': {
      guard: PREVIEWED,
      actions: { type: 'skipSplit', params: ({ event }) => event },
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
          actions: { type: 'takeParsed', params: ({ event }) => event },
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
        // Another portfolio has other investments: its matches are the server's again.
        'target.chosen': {
          target: 'checking',
          actions: assign({ target: ({ event }) => event.target, matches: {} }),
        },
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
