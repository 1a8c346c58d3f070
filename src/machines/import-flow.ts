// The import flow's plain parts (import.machine.ts): the file limit, templates kept on the
// device, the request each step sends, and the preview and totals the screen shows.
import type {
  ImportKind,
  ImportReport,
  ImportRequest,
  ImportRow,
  ImportRowReport,
  ImportSource,
  RowStatus,
} from '../domain/import/rows';
import type {
  ColumnMap,
  Detection,
  FileProblem,
  ImportField,
  LineNote,
  Parsed,
  WordMap,
} from './import-reader';
import type { KeyValueStore } from './platform';

/** Larger files are refused before they are read (a decade at Nordnet is about 1 MB). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** Columns an unknown format must map before it can be read. */
export const REQUIRED_FIELDS: readonly ImportField[] = ['date', 'kind', 'name', 'currency_code'];

export function mappingComplete(columns: ColumnMap): boolean {
  return REQUIRED_FIELDS.every((field) => columns[field] !== undefined);
}

/** Where the rows go: a portfolio the user has, or one the import creates. */
export type Target = { id: string } | { name: string };

export function targetValid(target: Target | undefined): target is Target {
  return target !== undefined && ('id' in target || target.name.trim() !== '');
}

/** The mapping a user made for a file with these columns, kept for their next file. */
export interface Template {
  columns?: ColumnMap;
  words: WordMap;
}

const TEMPLATES_KEY = 'formue.import.templates';

const fingerprint = (columns: readonly string[]) =>
  columns.map((column) => column.trim().toLowerCase()).join('\t');

function readTemplates(storage: KeyValueStore): Record<string, Template> {
  try {
    const parsed: unknown = JSON.parse(storage.get(TEMPLATES_KEY) ?? '{}');
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, Template>)
      : {};
  } catch {
    // A damaged entry is no template: the user maps again.
    return {};
  }
}

export function templateFor(storage: KeyValueStore, detection: Detection): Template | undefined {
  return readTemplates(storage)[fingerprint(detection.columns)];
}

export function saveTemplate(
  storage: KeyValueStore,
  detection: Detection,
  template: Template,
): void {
  const templates = { ...readTemplates(storage), [fingerprint(detection.columns)]: template };
  try {
    storage.set(TEMPLATES_KEY, JSON.stringify(templates));
  } catch {
    // Storage full or blocked: the import goes on; the next file is mapped again.
  }
}

/** One line of the preview: a row read from the file, or a line that was not. */
export interface PreviewLine {
  line: number;
  status: RowStatus;
  row?: ImportRow;
  cells?: readonly string[];
  errors: Record<string, string[]>;
  warnings: readonly string[];
  /** A duplicate the user ticked to import all the same. */
  forced: boolean;
}

export function previewLines(
  parsed: Parsed,
  report: ImportReport | undefined,
  forced: readonly number[],
): PreviewLine[] {
  const verdicts = new Map<number, ImportRowReport>(
    (report?.rows ?? []).map((verdict) => [verdict.line, verdict]),
  );
  const read = parsed.rows.map((row): PreviewLine => {
    const verdict = verdicts.get(row.line);
    return {
      line: row.line,
      status: verdict?.status ?? 'ok',
      row,
      errors: verdict?.errors ?? {},
      warnings: verdict?.warnings ?? [],
      forced: forced.includes(row.line),
    };
  });
  const unread = parsed.lines.map((note: LineNote): PreviewLine => ({
    ...note,
    warnings: [],
    forced: false,
  }));
  return [...read, ...unread].sort((a, b) => a.line - b.line);
}

const importable = (line: PreviewLine) =>
  line.row !== undefined &&
  (line.status === 'ok' ||
    line.status === 'warning' ||
    (line.status === 'duplicate' && line.forced));

/** The rows "Import N events" sends: those the dry run passed, and the duplicates ticked. */
export function rowsToImport(lines: readonly PreviewLine[]): ImportRow[] {
  return lines
    .filter(importable)
    .map((line) => (line.forced ? { ...line.row!, force: true } : line.row!));
}

export function request(
  target: Target,
  source: ImportSource,
  fileName: string,
  rows: ImportRow[],
): ImportRequest {
  const where =
    'id' in target ? { portfolio_id: Number(target.id) } : { portfolio_name: target.name.trim() };
  return { ...where, source, file_name: fileName, rows };
}

/** Per year: how many events of each kind the import adds. */
export interface YearTotal {
  year: number;
  kinds: Partial<Record<ImportKind, number>>;
  events: number;
}

export function totalsPerYear(rows: readonly ImportRow[]): YearTotal[] {
  const years = new Map<number, YearTotal>();
  for (const row of rows) {
    const year = Number(row.date.slice(0, 4));
    const total = years.get(year) ?? { year, kinds: {}, events: 0 };
    total.kinds[row.kind] = (total.kinds[row.kind] ?? 0) + 1;
    total.events += 1;
    years.set(year, total);
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
}

/** A file the reader refused, for the message of its kind. */
export class FileRefused extends Error {
  constructor(readonly problem: FileProblem) {
    super(`The file was refused: ${problem}`);
    this.name = 'FileRefused';
  }
}

/** A commit answered 422: nothing was written; the report says why, row by row. */
export class ImportRefused extends Error {
  constructor(readonly report: ImportReport) {
    super('The import was refused: nothing was written.');
    this.name = 'ImportRefused';
  }
}

/** An Undo answered 409: events of the batch were edited since (their ids). */
export class UndoRefused extends Error {
  constructor(readonly edited: number[]) {
    super('The import cannot be undone: some of its events were edited since.');
    this.name = 'UndoRefused';
  }
}

export const problemOf = (error: unknown): FileProblem =>
  error instanceof FileRefused ? error.problem : 'unreadable';
