// A file's bytes to a table of text cells: the encoding (BOM, then NUL bytes, then strict UTF-8,
// else windows-1252), the separator (papaparse's guess), or the first sheet of an xlsx workbook.

import { unzipSync, zipSync } from 'fflate';
import Papa from 'papaparse';
import readXlsxFile from 'read-excel-file/universal';
import type { Encoding, FileKind, Separator } from './types';
import { SEPARATORS } from './types';
import type { ImportMessageCode } from './messages';

export interface Table {
  kind: FileKind;
  encoding: Encoding | null;
  separator: Separator | null;
  sheet?: string;
  /** Every row as read, blank ones included, before the header is found. */
  rows: string[][];
  /** The decoded text, for JSON. */
  text?: string;
}

export type TableReading = { table: Table } | { problem: ImportMessageCode };

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

/** BOM first; then NUL bytes at odd (UTF-16LE) or even (BE) offsets; then strict UTF-8. */
export function detectEncoding(bytes: Uint8Array): Encoding {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return 'utf-8';
  if (startsWith(bytes, [0xff, 0xfe])) return 'utf-16le';
  if (startsWith(bytes, [0xfe, 0xff])) return 'utf-16be';
  const sample = bytes.subarray(0, 4096);
  let even = 0;
  let odd = 0;
  sample.forEach((byte, i) => {
    if (byte === 0) {
      if (i % 2 === 0) even++;
      else odd++;
    }
  });
  const half = sample.length / 2;
  if (odd > half * 0.3 && even < odd / 4) return 'utf-16le';
  if (even > half * 0.3 && odd < even / 4) return 'utf-16be';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

export function decode(bytes: Uint8Array, encoding: Encoding): string {
  return new TextDecoder(encoding).decode(bytes);
}

/** Text that is no table: NUL or other control characters beyond a stray few. */
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  if (sample.length === 0) return false;
  let control = 0;
  for (let i = 0; i < sample.length; i++) {
    const code = sample.charCodeAt(i);
    if ((code < 32 && code !== 9 && code !== 10 && code !== 13) || code === 0xfffd) control++;
  }
  return control > sample.length * 0.02;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];

/** xlsx cells: numbers as their exact text, dates as YYYY-MM-DD (Excel days have no zone). */
function cellText(cell: unknown): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) {
    const pad = (n: number) => String(n).padStart(2, '0');
    // read-excel-file turns an Excel day into that day's UTC midnight (plus the time of day).
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  }
  if (typeof cell === 'string') return cell;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  return '';
}

async function readXlsx(bytes: Uint8Array): Promise<TableReading> {
  try {
    // read-excel-file unzips with fflate's async unzip, which hands each entry of 512 kB or more
    // to a `blob:` Worker, which the Content-Security-Policy (worker-src 'self') does not allow:
    // in Chromium such a file's preview never came. Unzipped here at once (this already runs in
    // the import's own worker) and stored uncompressed, read-excel-file only copies the entries.
    const stored = zipSync(unzipSync(bytes), { level: 0 });
    const buffer = stored.buffer.slice(stored.byteOffset, stored.byteOffset + stored.byteLength);
    // parseNumber keeps a number cell's text ("166.8"), so no float passes through.
    const sheets = await readXlsxFile<string>(buffer, {
      parseNumber: (text) => text,
    });
    const sheet =
      sheets.find((candidate) =>
        /^(transactions|transaksjoner|transaktioner)$/i.test(candidate.sheet),
      ) ?? sheets[0];
    if (!sheet) return { problem: 'file.no_rows' };
    return {
      table: {
        kind: 'xlsx',
        encoding: null,
        separator: null,
        sheet: sheet.sheet,
        rows: sheet.data.map((row) => row.map(cellText)),
      },
    };
  } catch {
    return { problem: 'file.xlsx_unreadable' };
  }
}

/**
 * The separator that splits the first line (the header, as a rule) into the most cells and the
 * lines after it into as many (or one more, Nordnet's ragged rows). papaparse's own guess, kept
 * for files with a preamble, can take a decimal comma for the separator of a short TAB file.
 */
export function guessSeparator(text: string): Separator | undefined {
  const sample = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .slice(0, 30)
    .join('\n');
  let best: { separator: Separator; score: number; width: number } | undefined;
  for (const separator of SEPARATORS) {
    const rows = Papa.parse<string[]>(sample, { delimiter: separator }).data;
    const width = rows[0]?.length ?? 0;
    if (width < 2) continue;
    const score = rows.filter((row) => row.length === width || row.length === width + 1).length;
    if (!best || score > best.score || (score === best.score && width > best.width)) {
      best = { separator, score, width };
    }
  }
  return best?.separator;
}

export function readCsv(
  text: string,
  separator?: Separator,
): { rows: string[][]; separator: Separator } {
  const result = Papa.parse<string[]>(text, {
    delimiter: separator ?? guessSeparator(text) ?? '',
    delimitersToGuess: [...SEPARATORS],
    skipEmptyLines: false,
  });
  const used = result.meta.delimiter as Separator;
  return { rows: result.data, separator: SEPARATORS.includes(used) ? used : ',' };
}

/** The file as a table, or why it is none. */
export async function readTable(
  bytes: Uint8Array,
  fileName: string,
  overrides: { encoding?: Encoding; separator?: Separator } = {},
): Promise<TableReading> {
  if (bytes.length === 0) return { problem: 'file.empty' };
  if (startsWith(bytes, ZIP)) return readXlsx(bytes);
  if (startsWith(bytes, OLE)) return { problem: 'file.xls_unsupported' };
  const encoding = overrides.encoding ?? detectEncoding(bytes);
  const text = decode(bytes, encoding);
  if (text.trim() === '') return { problem: 'file.empty' };
  if (looksBinary(text)) return { problem: 'file.binary' };
  if (/^\s*[{[]/.test(text) && !/\.csv$/i.test(fileName)) {
    return { table: { kind: 'json', encoding, separator: null, rows: [], text } };
  }
  const { rows, separator } = readCsv(text, overrides.separator);
  return { table: { kind: 'csv', encoding, separator, rows } };
}
