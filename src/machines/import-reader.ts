// The import machine's port to the file parsers (src/domain/import), which run in a Web Worker in
// the browser (src/ui/import-worker.ts) and in the test's own thread in jsdom and node tests. The
// file itself never leaves the device: only the rows it is read into are sent.
import type { ImportKind, ImportRow, ImportSource } from '../domain/import/rows';

/** What the reader detects in a file, each one overridable by the user. */
export const SETTING_KEYS = ['encoding', 'separator', 'decimal', 'dateFormat'] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type FileSettings = Record<SettingKey, string>;

/** A few cells of the file as written, and as the setting reads them. */
export interface Sample {
  raw: string;
  read: string;
}

export interface DetectedSetting {
  value: string;
  /** The values the user can choose instead. */
  options: readonly string[];
  samples: readonly Sample[];
}

/** A file the reader refuses, each with its own message; nothing of it is sent. */
export const FILE_PROBLEMS = [
  'empty',
  'tooLarge',
  'binary',
  'unreadable',
  'noColumns',
  'noRows',
  'allInvalid',
] as const;
export type FileProblem = (typeof FILE_PROBLEMS)[number];

export interface Detection {
  source: ImportSource;
  /** Whether a preset maps the columns and type words; else the user maps them. */
  recognised: boolean;
  /** Data rows in the file. */
  rows: number;
  /** The first and last year of its dates, when it has any. */
  years?: { first: number; last: number };
  settings: Record<SettingKey, DetectedSetting>;
  /** The header's columns, in order. */
  columns: readonly string[];
}

export type Sniffed = { detection: Detection } | { problem: FileProblem };

/** The fields a column of an unknown format can be mapped to. */
export const IMPORT_FIELDS = [
  'date',
  'kind',
  'isin',
  'symbol',
  'name',
  'shares',
  'share_price',
  'fee',
  'amount',
  'currency_code',
  'exchange_rate',
  'external_id',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];
/** Field → the column's index in the header. */
export type ColumnMap = Partial<Record<ImportField, number>>;

/** What a type word becomes: an event kind, or a row skipped on purpose. */
export type WordChoice = ImportKind | 'skip';
export type WordMap = Readonly<Record<string, WordChoice>>;

export interface Mapping {
  /** Absent for a recognised format: its preset maps the columns. */
  columns?: ColumnMap;
  /** Type words the user mapped, added to the preset's. */
  words: WordMap;
}

/** A line the reader did not turn into a row: skipped on purpose (cancelled) or unreadable. */
export interface LineNote {
  line: number;
  status: 'skipped' | 'error';
  /** Messages per field, as the server's report gives them. */
  errors: Record<string, string[]>;
  /** The line's cells, for the preview. */
  cells: readonly string[];
}

/** A running total the file states (Nordnet's "Totalt antal"), against the rows' own sum. */
export interface Reconciliation {
  instrument: string;
  stated: string;
  computed: string;
}

export interface Parsed {
  rows: ImportRow[];
  lines: LineNote[];
  /** Type words neither the preset nor the user maps, with their row counts: they block. */
  unknownWords: { word: string; count: number }[];
  /** Only the instruments whose stated total differs from the rows' sum. */
  reconciliation: Reconciliation[];
}

export interface ImportReader {
  sniff(file: Blob, settings?: Partial<FileSettings>): Promise<Sniffed>;
  parse(file: Blob, settings: FileSettings, mapping: Mapping): Promise<Parsed>;
}
