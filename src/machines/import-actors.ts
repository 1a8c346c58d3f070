// The import machine's effects (import.machine.ts names them in setup(); tests provide their own):
// the reader's two steps, which turn a refused file into a FileRefused, and the four calls.
import { fromCallback, fromPromise } from 'xstate';
import type { Api } from '../api';
import type { ImportBatch, ImportReport, ImportRequest } from '../domain/import/rows';
import type { DataActor } from './app.machine';
import type { Detection, FileSettings, ImportReader, Mapping, Parsed } from './import-reader';
import { FileRefused } from './import-flow';

const missing = () => Promise.reject(new Error('The import calls are not available yet.'));

export const importActors = {
  sniff: fromPromise<
    Detection,
    { reader: ImportReader; file: Blob; settings: Partial<FileSettings> }
  >(async ({ input }) => {
    const sniffed = await input.reader.sniff(input.file, input.settings);
    if ('problem' in sniffed) throw new FileRefused(sniffed.problem);
    return sniffed.detection;
  }),
  parse: fromPromise<
    Parsed,
    { reader: ImportReader; file: Blob; settings: FileSettings; mapping: Mapping }
  >(({ input }) => input.reader.parse(input.file, input.settings, input.mapping)),
  dryRun: fromPromise<ImportReport, { api: Api; request: ImportRequest }>(missing),
  /** Rejects with ImportRefused on a 422. */
  commit: fromPromise<ImportBatch, { api: Api; request: ImportRequest; idempotencyKey: string }>(
    missing,
  ),
  listImports: fromPromise<ImportBatch[], { api: Api }>(missing),
  /** Rejects with UndoRefused on a 409. */
  undo: fromPromise<void, { api: Api; id: number }>(missing),
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
