// The import feature's machines as the rest of the app takes them: from here, never
// from the files beside (eslint.config.js, feature folders).
export {
  type LineFilter,
  MAX_FILE_BYTES,
  needsRatio,
  pageOf,
  type PreviewLine,
  previewLines,
  ratiosMissing,
  rowsToImport,
  statusCounts,
  type Target,
} from './import-flow';
export { type importHistoryMachine, undoQuestion } from './import-history.machine';
export {
  type FileInstrument,
  instrumentsOf,
  type Match,
  NEW_INVESTMENT,
} from './import-instruments';
export type { FileProblem, FileSettings, ImportReader, SettingKey } from './import-reader';
export { type ImportEvent, importMachine } from './import.machine';

/** The parsers in the calling thread (tests without a Web Worker), loaded only when needed. */
export const loadInThreadReader = () =>
  import('./import-in-thread').then((module) => module.inThreadReader);
