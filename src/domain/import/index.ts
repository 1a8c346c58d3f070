// The broker import's public face, called by the import screen's Web Worker:
//   sniff(bytes, fileName)   → what the file is (format, encoding, settings with samples);
//   parse(bytes, options)    → the wire rows, every line's status, totals and reconciliation;
//   toFormueCsv(export)      → Formue's canonical CSV, which parse reads back as the same rows.
// Both readers are async because an xlsx file is unzipped by read-excel-file, a promise API.

export { sniff, parse, guessColumns, PRESET_CHOICES } from './read';
export { toFormueCsv, formueExportRows } from './formue';
export { IMPORT_MESSAGE_CODES } from './messages';
export type { ImportMessage, ImportMessageCode, MessageLevel } from './messages';
export {
  DATE_FORMATS,
  ENCODINGS,
  IMPORT_FIELDS,
  PRESET_IDS,
  SEPARATORS,
  TYPE_ACTIONS,
} from './types';
export type {
  BalanceCheck,
  ColumnMap,
  DateFormat,
  DecimalSeparator,
  Detected,
  Encoding,
  FileKind,
  ImportField,
  LineStatus,
  NumberColumn,
  ParseOptions,
  ParseResult,
  PresetId,
  PresetInfo,
  Reconciliation,
  Separator,
  SkipReason,
  Sniffed,
  ThousandsSeparator,
  TypeAction,
  TypeWordMap,
  YearTotal,
} from './types';
export * from './rows';
export type { ImportWorkerAnswer, ImportWorkerRequest } from './worker-protocol';
