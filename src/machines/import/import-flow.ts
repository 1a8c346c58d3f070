// The import flow's plain parts (import.machine.ts): the file limit, templates kept on the
// device, the request each step sends, and the preview lines the screen shows (the file's
// instruments and the user's matches of them: import-instruments.ts).
import type {
  ColumnMap,
  ImportBatch,
  ImportMessage,
  ImportReport,
  ImportRequest,
  ImportRow,
  ImportSource,
  LineStatus,
  ParseResult,
  RowStatus,
  Sniffed,
  TypeWordMap,
} from '../../domain/import';
import { withMatches, type Match } from './import-instruments';
import type { FileProblem } from './import-reader';
import type { KeyValueStore } from '../app/platform';

/** Larger files are refused before they are read (a decade at Nordnet is about 1 MB). */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

/** An unknown format needs its date and type, and one way to name the instrument. */
export function mappingComplete(columns: ColumnMap): boolean {
  return (
    Boolean(columns.date && columns.type) && Boolean(columns.isin || columns.symbol || columns.name)
  );
}

/** Where the rows go: a portfolio the user has, or one the import creates. */
export type Target = { id: string } | { name: string };

export function targetValid(target: Target | undefined): target is Target {
  return target !== undefined && ('id' in target || target.name.trim() !== '');
}

/** The mapping a user made for a file with these headers, kept for their next file. */
export interface Template {
  columns?: ColumnMap;
  words: TypeWordMap;
}

const TEMPLATES_KEY = 'formue.import.templates';

const fingerprint = (headers: readonly string[]) =>
  headers.map((header) => header.trim().toLowerCase()).join('\t');

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

export function templateFor(storage: KeyValueStore, sniffed: Sniffed): Template | undefined {
  return readTemplates(storage)[fingerprint(sniffed.headers)];
}

export function saveTemplate(storage: KeyValueStore, sniffed: Sniffed, template: Template): void {
  const templates = { ...readTemplates(storage), [fingerprint(sniffed.headers)]: template };
  try {
    storage.set(TEMPLATES_KEY, JSON.stringify(templates));
  } catch {
    // Storage full or blocked: the import goes on; the next file is mapped again.
  }
}

/** One line of the file in the preview: the parser's verdict, then the server's dry run. */
export interface PreviewLine {
  line: number;
  status: RowStatus;
  row?: ImportRow;
  /** The row's type word as the file writes it, for a line that makes no row. */
  word?: string;
  /** The parser's messages, as codes the screen words. */
  messages: readonly ImportMessage[];
  /** The server's messages per field, and its warnings. */
  errors: Readonly<Record<string, string[]>>;
  warnings: readonly string[];
  /** A duplicate the user ticked to import all the same. */
  forced: boolean;
}

let last: { of: readonly unknown[]; lines: PreviewLine[] } | undefined;

/**
 * The lines of the last arguments are kept: the machine's guards and the screen ask for them on
 * every snapshot, and for 10,000 lines that costs a frame each time.
 */
export function previewLines(
  parsed: ParseResult,
  report: ImportReport | undefined,
  forced: readonly number[],
): PreviewLine[] {
  const of = [parsed, report, forced];
  if (last?.of.every((each, i) => each === of[i])) return last.lines;
  last = { of, lines: linesOf(parsed, report, forced) };
  return last.lines;
}

function linesOf(
  parsed: ParseResult,
  report: ImportReport | undefined,
  forced: readonly number[],
): PreviewLine[] {
  const rows = new Map(parsed.rows.map((row) => [row.line, row]));
  const verdicts = new Map((report?.rows ?? []).map((verdict) => [verdict.line, verdict]));
  return parsed.lines.map((line: LineStatus): PreviewLine => {
    const verdict = verdicts.get(line.line);
    // The server's verdict is the later one; a parser's warning stays unless the server says worse.
    const status =
      verdict && !(verdict.status === 'ok' && line.status === 'warning')
        ? verdict.status
        : line.status;
    return {
      line: line.line,
      status,
      row: rows.get(line.line),
      word: line.word,
      messages: line.messages,
      errors: verdict?.errors ?? {},
      warnings: verdict?.warnings ?? [],
      forced: forced.includes(line.line),
    };
  });
}

/** The preview shows one page of the lines that pass its filter: 10,000 table rows block a phone. */
export const PAGE_SIZE = 100;

/** All lines, or those of one status. */
export type LineFilter = 'all' | RowStatus;

export interface PreviewView {
  filter: LineFilter;
  /** From 0. */
  page: number;
}

export const FIRST_PAGE: PreviewView = { filter: 'all', page: 0 };

/** How many lines have each status, and in all: always of every line, whatever is shown. */
export function statusCounts(lines: readonly PreviewLine[]): Record<LineFilter, number> {
  const counts = { all: lines.length, ok: 0, warning: 0, error: 0, duplicate: 0, skipped: 0 };
  for (const line of lines) counts[line.status] += 1;
  return counts;
}

export interface PreviewPage {
  lines: PreviewLine[];
  /** 1-based, of the lines that pass the filter; 0 and 0 when none does. */
  from: number;
  to: number;
  total: number;
  page: number;
  pages: number;
}

/** The page of `view`, or the last one when the filter now matches fewer lines. */
export function pageOf(lines: readonly PreviewLine[], view: PreviewView): PreviewPage {
  const shown = view.filter === 'all' ? lines : lines.filter((line) => line.status === view.filter);
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE));
  const page = Math.min(Math.max(0, view.page), pages - 1);
  const slice = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const from = slice.length > 0 ? page * PAGE_SIZE + 1 : 0;
  return {
    lines: slice,
    from,
    to: from + slice.length - (from > 0 ? 1 : 0),
    total: shown.length,
    page,
    pages,
  };
}

/** A split's ratio as the user types it: old shares, then new ("1:2" for a 2-for-1 split). */
export function readSplitRatio(text: string): { from: number; to: number } | undefined {
  const match = /^\s*(\d+(?:[.,]\d+)?)\s*[:/]\s*(\d+(?:[.,]\d+)?)\s*$/.exec(text);
  if (!match) return undefined;
  const [from, to] = [match[1], match[2]].map((part) => Number(part.replace(',', '.')));
  return from > 0 && to > 0 ? { from, to } : undefined;
}

/** A split whose ratio the file does not give: it asks for one, unless the user skips it. */
export const needsRatio = (line: PreviewLine) =>
  line.messages.some((message) => message.code === 'split.ratio_missing');

/** The lines that block "Import N events": splits with no ratio that are not skipped. */
export const ratiosMissing = (lines: readonly PreviewLine[], skipped: readonly number[]) =>
  lines.filter((line) => needsRatio(line) && !skipped.includes(line.line)).length;

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

/** The request of a dry run or a commit: the rows, with the user's matches of instruments. */
export function request(
  target: Target,
  { source, account, cash, extras }: Pick<ParseResult, 'source' | 'account' | 'cash' | 'extras'>,
  fileName: string,
  rows: ImportRow[],
  matches: Readonly<Record<string, Match>> = {},
): ImportRequest {
  const where =
    'id' in target ? { portfolio_id: Number(target.id) } : { portfolio_name: target.name.trim() };
  return {
    ...where,
    source,
    file_name: fileName,
    ...(account !== null && { account }),
    rows: withMatches(rows, matches),
    // The server books them when the portfolio keeps cash, and says it skipped them when not.
    ...(cash && cash.length > 0 && { cash }),
    ...extras,
  };
}

/** The portfolio the newest batch of the broker's account went to, while it exists. */
export function portfolioOfAccount(
  batches: readonly ImportBatch[],
  source: ImportSource,
  account: string | null,
): Target | undefined {
  if (account === null) return undefined;
  const last = batches.find((batch) => batch.source === source && batch.account === account);
  return last && last.portfolio_name !== null ? { id: String(last.portfolio_id) } : undefined;
}

/** A file the reader refused, for the message of its kind. */
export class FileRefused extends Error {
  constructor(readonly problem: FileProblem) {
    super(`The file was refused: ${problem.code}`);
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
  error instanceof FileRefused ? error.problem : { code: 'file.unreadable' };
