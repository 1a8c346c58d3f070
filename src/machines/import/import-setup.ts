// The import machine's names (STYLE point 2): its events, context and input, and the actions,
// guards and actors its config (import.machine.ts) refers to. Effects: import-actors.ts; the
// plain parts (templates, requests, preview lines and pages): import-flow.ts.
import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import type { ColumnMap, ImportBatch, ImportField, ImportReport } from '../../domain/import';
import type { ParseResult, Sniffed, TypeAction, TypeWordMap } from '../../domain/import';
import type { DataActor } from '../app/app.machine';
import { changed } from '../data/changes';
import { sessionLostIn, sessionRestored } from '../app/flow';
import type { FlowEvent, SessionRef } from '../app/flow';
import { importActors } from './import-actors';
import * as flow from './import-flow';
import type { Match } from './import-instruments';
import { importHistoryMachine, type ImportHistoryEvent } from './import-history.machine';
import type { FileProblem, FileSettings, ImportReader } from './import-reader';
import type { NoticesRef } from '../app/notices.machine';
import type { KeyValueStore } from '../app/platform';
import { afterFailure, submissionFor } from '../forms/submission';
import type { KeyMaker, Submission } from '../forms/submission';

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
  /** The investment an instrument's rows go to (its key: `instrumentKey`); dry-run again. */
  | { type: 'instrument.matched'; instrument: string; match: Match }
  /** A split's ratio as typed in its line ("1:2"); the file is read again with it. */
  | { type: 'ratio.entered'; line: number; ratio: string }
  | { type: 'split.skipped'; line: number }
  | { type: 'preview.filtered'; filter: flow.LineFilter }
  | { type: 'preview.paged'; page: number }
  | { type: 'import.submitted' }
  | { type: 'import.restarted' }
  | { type: 'retry.requested' }
  /** Undo of a batch (the result's, or one of the history's) and its answer: to the history. */
  | { type: 'batch.undone'; id: number }
  | { type: 'undo.confirmed' }
  | { type: 'undo.cancelled' }
  | { type: 'portfolios.listed'; ids: readonly string[] | undefined }
  | FlowEvent;

export interface ImportInput {
  api: Api;
  data: DataActor;
  session: SessionRef;
  /** Where Undo of a batch is confirmed. */
  notices: NoticesRef;
  /** The parsers: in a Web Worker in the browser (src/ui/import/import-worker.ts). */
  reader: ImportReader;
  /** Where mapping templates are kept (the platform's storage). */
  storage: KeyValueStore;
  newKey?: KeyMaker;
}

/** What a new file starts from. */
export const FRESH = {
  problem: undefined as FileProblem | undefined,
  detection: undefined as Sniffed | undefined,
  overrides: {} as FileSettings,
  parsed: undefined as ParseResult | undefined,
  report: undefined as ImportReport | undefined,
  forced: [] as number[],
  /** Split ratios the user gave, by line; a typed one that could not be read; splits skipped. */
  ratios: {} as Record<number, { from: number; to: number }>,
  badRatio: undefined as number | undefined,
  skippedSplits: [] as number[],
  /** The user's matches by instrument key; an instrument not in it is matched by the server. */
  matches: {} as Record<string, Match>,
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
export const sent = (c: ImportContext, rows = c.parsed!.rows) =>
  flow.request(c.target!, c.parsed!, c.fileName, rows, c.matches);
export const toCommit = (c: ImportContext) => sent(c, flow.rowsToImport(lines(c)));
const recognised = (c: ImportContext) => c.detection!.preset !== null;
/** What a template keeps: the columns only of a format no preset knows. */
const mapping = (c: ImportContext) => ({
  columns: recognised(c) ? undefined : c.columns,
  words: c.words,
});
export const options = (c: ImportContext) => ({
  fileName: c.fileName,
  ...c.overrides,
  ...(recognised(c) ? {} : { preset: 'generic' as const, columns: c.columns }),
  typeWords: c.words,
  splitRatios: c.ratios,
});
export const refused = (problem: FileProblem) => ({ type: 'refuse' as const, params: { problem } });

export const importSetup = setup({
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
    // A file of an account read for the first time goes where that account's last file went.
    takeParsed: assign(({ context }, { output }: { output: ParseResult }) => {
      const account = context.parsed?.account === output.account ? null : output.account;
      const remembered = flow.portfolioOfAccount(
        context.history.getSnapshot().context.batches,
        output.source,
        account,
      );
      return {
        parsed: output,
        report: undefined,
        ...(remembered && { target: remembered, matches: {} }),
      };
    }),
    takeRatio: assign(({ context }, { line, ratio }: { line: number; ratio: string }) => {
      const read = flow.readSplitRatio(ratio);
      return read
        ? { ratios: { ...context.ratios, [line]: read }, badRatio: undefined }
        : { badRatio: line };
    }),
    skipSplit: assign(({ context }, { line }: { line: number }) => ({
      skippedSplits: context.skippedSplits.includes(line)
        ? context.skippedSplits.filter((each) => each !== line)
        : [...context.skippedSplits, line],
    })),
    match: assign(({ context }, { instrument, match }: { instrument: string; match: Match }) => ({
      matches: { ...context.matches, [instrument]: match },
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
    toHistory: sendTo('history', (_, event: ImportHistoryEvent) => event),
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
      flow.targetValid(context.target) &&
      flow.ratiosMissing(lines(context), context.skippedSplits) === 0 &&
      flow.rowsToImport(lines(context)).length > 0,
    ratioRead: ({ event }) =>
      event.type === 'ratio.entered' && flow.readSplitRatio(event.ratio) !== undefined,
    allInvalid: (_, { output }: { output: ImportReport }) =>
      output.rows.every((row) => row.status === 'error'),
    refused: (_, { error }: { error: unknown }) => error instanceof flow.ImportRefused,
    detached: ({ context }) => !context.attached,
    sessionLost: sessionLostIn,
  },
  delays: { paint: 0 },
});
