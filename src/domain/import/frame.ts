// A table's header found (by a preset's fingerprint or the first row of labels) and its columns
// mapped to the import's fields: a preset's map, or one guessed from the header words.
import type { DataRow } from './line-reader';
import { normalise, recognise, type Preset } from './presets';
import { FORMUE_CSV_ADDED, FORMUE_CSV_COLUMNS } from './rows';
import type { Table } from './table';
import { IMPORT_FIELDS, type ColumnMap, type ImportField } from './types';

/** Repeated names become "<previous> <name>" (Nordnet's five `Valuta`), blank ones "<previous> (2)". */
export function uniqueHeaders(cells: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const cell of cells) counts.set(normalise(cell), (counts.get(normalise(cell)) ?? 0) + 1);
  const headers: string[] = [];
  cells.forEach((cell, i) => {
    const name = cell.trim();
    const previous = headers[i - 1] ?? `Column ${i}`;
    if (name === '') headers.push(`${previous} (2)`);
    else if ((counts.get(normalise(name)) ?? 0) > 1 && i > 0) headers.push(`${previous} ${name}`);
    else headers.push(name);
  });
  return headers;
}

function isFormueCsv(headers: readonly string[]): boolean {
  const first = FORMUE_CSV_COLUMNS.slice(0, FORMUE_CSV_COLUMNS.length - FORMUE_CSV_ADDED);
  return first.every((column, i) => headers[i] === column);
}

function looksLikeValue(cell: string): boolean {
  return /^[-+\u2212]?[0-9][0-9.,:/\- ]*$/.test(cell.trim());
}

export interface Framed {
  headerRow: number;
  headers: string[];
  preset?: Preset;
  formue?: boolean;
  data: DataRow[];
}

/** The header: the first row a preset recognises, else the first row of two or more labels. */
export function frame(table: Table, headerRow?: number): Framed | undefined {
  let found = headerRow;
  let preset: Preset | undefined;
  let formue = false;
  if (found === undefined) {
    for (let i = 0; i < Math.min(table.rows.length, 30); i++) {
      const headers = uniqueHeaders(table.rows[i] ?? []);
      if (isFormueCsv(headers)) {
        [found, formue] = [i, true];
        break;
      }
      preset = recognise(headers);
      if (preset) {
        found = i;
        break;
      }
    }
  }
  if (found === undefined) {
    found = table.rows.findIndex((row) => {
      const labels = row.filter((cell) => cell.trim() !== '');
      return labels.length >= 2 && labels.every((cell) => !looksLikeValue(cell));
    });
    if (found < 0) return undefined;
  }
  const headers = uniqueHeaders(table.rows[found] ?? []);
  if (headerRow !== undefined) {
    formue = isFormueCsv(headers);
    preset = formue ? undefined : recognise(headers);
  }
  const data: DataRow[] = [];
  const width = headers.length;
  for (const cells of table.rows.slice(found + 1)) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    // A row shorter or longer than the header (Nordnet adds an empty cell at times) is padded
    // or cut to the header's width.
    const fitted =
      cells.length === width ? cells : [...cells, ...Array<string>(width).fill('')].slice(0, width);
    data.push({
      line: data.length + 1,
      cells: fitted,
      ...(cells.length !== width ? { width: cells.length } : {}),
    });
  }
  return { headerRow: found, headers, preset, formue, data };
}

/** A preset's column map resolved against the headers: the first alternative present. */
export function resolveColumns(preset: Preset | undefined, headers: readonly string[]): ColumnMap {
  if (!preset) return guessColumns(headers);
  const names = new Map(headers.map((header) => [normalise(header), header]));
  const map: ColumnMap = {};
  for (const [field, choice] of Object.entries(preset.columns)) {
    const options = typeof choice === 'string' ? [choice] : (choice ?? []);
    const header = options.map((option) => names.get(normalise(option))).find(Boolean);
    if (header) map[field as ImportField] = header;
  }
  return map;
}

// Header words of a generic file, tried in this order so "Vekslingskurs" is a rate, not a price.
const GUESSES: readonly [ImportField, RegExp][] = [
  [
    'exchange_rate',
    /exchange rate|fx rate|vekslingskurs|wisselkoers|conversion rate|kurs.*valuta/i,
  ],
  ['external_id', /^(id|transaction ?id|order ?id|trade ?id|reference)$/i],
  ['isin', /isin/i],
  ['symbol', /symbol|ticker/i],
  ['date', /date|dato|datum|dag$|bogført/i],
  ['type', /type|typ$|action|handling|transaktion|side/i],
  ['name', /name|navn|instrument|product|værdipapir|security|asset/i],
  ['shares', /quantity|antal|shares|aantal|qty|units|stk/i],
  ['share_price', /price|kurs|koers/i],
  ['fee', /fee|commission|kurtage|gebyr|afgift|kosten|courtage/i],
  ['amount', /amount|beløb|belopp|total|value|mutatie|sum/i],
  ['currency', /currency|valuta/i],
];

/** A generic file's columns guessed from their names; the user corrects the map. */
export function guessColumns(headers: readonly string[]): ColumnMap {
  const map: ColumnMap = {};
  const used = new Set<string>();
  for (const [field, pattern] of GUESSES) {
    const header = headers.find((candidate) => !used.has(candidate) && pattern.test(candidate));
    if (header) {
      map[field] = header;
      used.add(header);
    }
  }
  return map;
}

export function columnIndexes(
  headers: readonly string[],
  columns: ColumnMap,
): Map<ImportField, number> {
  const positions = new Map(headers.map((header, i) => [normalise(header), i]));
  const indexes = new Map<ImportField, number>();
  for (const field of IMPORT_FIELDS) {
    const header = columns[field];
    const index = header === undefined ? undefined : positions.get(normalise(header));
    if (index !== undefined) indexes.set(field, index);
  }
  return indexes;
}
