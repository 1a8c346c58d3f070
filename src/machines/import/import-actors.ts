// The import machine's effects (import.machine.ts names them in setup(); tests provide their own):
// the reader's two steps, which turn a refused file into a FileRefused, and the four calls.
import { fromCallback, fromPromise } from 'xstate';
import type { Api } from '../../api';
import type {
  ImportBatch,
  ImportReport,
  ImportRequest,
  ParseOptions,
  ParseResult,
  Sniffed,
} from '../../domain/import';
import type { DataActor } from '../app/app.machine';
import type { ImportReader } from './import-reader';
import { FileRefused, ImportRefused, UndoRefused } from './import-flow';

export const importActors = {
  /** Rejects with FileRefused for a file that cannot be read at all. */
  sniff: fromPromise<Sniffed, { reader: ImportReader; file: Blob; fileName: string }>(
    async ({ input }) => {
      const sniffed = await input.reader.sniff(input.file, input.fileName);
      if (sniffed.problem?.level === 'error') throw new FileRefused(sniffed.problem);
      return sniffed;
    },
  ),
  /** Rejects with FileRefused when nothing of the file can be imported (no rows, all invalid). */
  parse: fromPromise<ParseResult, { reader: ImportReader; file: Blob; options: ParseOptions }>(
    async ({ input }) => {
      const parsed = await input.reader.parse(input.file, input.options);
      if (parsed.problem?.level === 'error') throw new FileRefused(parsed.problem);
      return parsed;
    },
  ),
  dryRun: fromPromise<ImportReport, { api: Api; request: ImportRequest }>(async ({ input }) =>
    (await input.api.imports()).dryRunImport(input.request),
  ),
  /** Rejects with ImportRefused on a 422: nothing was written. */
  commit: fromPromise<ImportBatch, { api: Api; request: ImportRequest; idempotencyKey: string }>(
    async ({ input }) => {
      const calls = await input.api.imports();
      const answer = await calls.commitImport(input.request, {
        idempotencyKey: input.idempotencyKey,
      });
      if ('refused' in answer) throw new ImportRefused(answer.refused);
      return answer.committed;
    },
  ),
  listImports: fromPromise<ImportBatch[], { api: Api }>(async ({ input }) =>
    (await input.api.imports()).listImports(),
  ),
  /** Rejects with UndoRefused on a 409, with the events edited since. */
  undo: fromPromise<void, { api: Api; id: number }>(async ({ input }) => {
    const answer = await (await input.api.imports()).undoImport(input.id);
    if (!answer.undone) throw new UndoRefused(answer.eventIds);
  }),
  /** Sends the user's portfolios' ids as the data actor holds them, and again when they change. */
  watchPortfolios: fromCallback<
    { type: 'portfolios.listed'; ids: readonly string[] | undefined },
    { data: DataActor }
  >(({ input, sendBack }) => {
    const report = (snapshot: ReturnType<DataActor['getSnapshot']>) =>
      sendBack({ type: 'portfolios.listed', ids: snapshot.context.portfolios?.map((p) => p.id) });
    report(input.data.getSnapshot());
    const subscription = input.data.subscribe(report);
    return () => subscription.unsubscribe();
  }),
};
