// sniff and parse: a file's bytes through the table reader, the header and preset, the settings
// detected over whole columns (or overridden), and the row builder.

import { decideDateFormat, readDay } from './day-text';
import { decideDecimal } from './decimal-text';
import { buildLine, wordMap, type BuildSettings, type BuiltLine, type DataRow } from './build';
import { readHook } from './hooks';
import { error, warning, type ImportMessage } from './messages';
import { normalise, presetById, PRESETS, recognise, type Preset } from './presets';
import { FORMUE_CSV_COLUMNS, type ImportSource } from './rows';
import { readFormueCsv, readFormueJson, type FormueReading } from './formue';
import {
  distinctIds,
  foldFees,
  netWithholding,
  reconcile,
  reconcileBalances,
  totalsPerYear,
  type FileAmounts,
} from './summary';
import { readTable, type Table } from './table';
import {
  IMPORT_FIELDS,
  type ColumnMap,
  type DateFormat,
  type DecimalSeparator,
  type Detected,
  type ImportField,
  type NumberColumn,
  type ParseOptions,
  type ParseResult,
  type PresetInfo,
  type Sniffed,
  type ThousandsSeparator,
} from './types';

const NUMBER_FIELDS: readonly ImportField[] = [
  'shares',
  'share_price',
  'fee',
  'fee_rate',
  'amount',
  'exchange_rate',
  'withholding_tax',
  'total_shares',
  'balance',
];

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

const FORMUE_PRESET: PresetInfo = {
  id: 'formue-csv',
  source: 'formue',
  label: 'Formue export (CSV)',
};
const FORMUE_JSON_PRESET: PresetInfo = {
  id: 'formue-json',
  source: 'formue',
  label: 'Formue export (JSON)',
};

function info(preset: Preset): PresetInfo {
  return { id: preset.id, source: preset.source, label: preset.label };
}

function isFormueCsv(headers: readonly string[]): boolean {
  return FORMUE_CSV_COLUMNS.every((column, i) => headers[i] === column);
}

function looksLikeValue(cell: string): boolean {
  return /^[-+\u2212]?[0-9][0-9.,:/\- ]*$/.test(cell.trim());
}

interface Framed {
  headerRow: number;
  headers: string[];
  preset?: Preset;
  formue?: boolean;
  data: DataRow[];
}

/** The header: the first row a preset recognises, else the first row of two or more labels. */
function frame(table: Table, headerRow?: number): Framed | undefined {
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
function resolveColumns(preset: Preset | undefined, headers: readonly string[]): ColumnMap {
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

function columnIndexes(headers: readonly string[], columns: ColumnMap): Map<ImportField, number> {
  const positions = new Map(headers.map((header, i) => [normalise(header), i]));
  const indexes = new Map<ImportField, number>();
  for (const field of IMPORT_FIELDS) {
    const header = columns[field];
    const index = header === undefined ? undefined : positions.get(normalise(header));
    if (index !== undefined) indexes.set(field, index);
  }
  return indexes;
}

interface Settings {
  dateFormat: Detected<DateFormat>;
  dateCandidates: DateFormat[];
  decimalSeparator: Detected<DecimalSeparator>;
  thousandsSeparator: Detected<ThousandsSeparator>;
  numberColumns: NumberColumn[];
  decimals: Partial<Record<ImportField, DecimalSeparator | null>>;
  textDecimal: DecimalSeparator | null;
}

/** Decimal separators per number column and the date format, each over the whole column. */
function detect(
  framed: Framed,
  table: Table,
  columns: ColumnMap,
  options: Partial<ParseOptions>,
): Settings {
  const indexes = columnIndexes(framed.headers, columns);
  const values = (field: ImportField): string[] => {
    const index = indexes.get(field);
    return index === undefined ? [] : framed.data.map((row) => row.cells[index] ?? '');
  };
  const preset = framed.preset;
  const fallback = preset?.decimalSeparator ?? (table.kind === 'xlsx' ? '.' : null);
  const numberColumns: NumberColumn[] = [];
  const decimals: Partial<Record<ImportField, DecimalSeparator | null>> = {};
  for (const field of NUMBER_FIELDS) {
    const header = columns[field];
    if (!header || numberColumns.some((column) => column.column === header)) {
      if (header)
        decimals[field] =
          numberColumns.find((column) => column.column === header)?.decimalSeparator ?? null;
      continue;
    }
    const decided = decideDecimal(values(field));
    const separator =
      options.decimalSeparator ?? decided.value ?? (decided.conflict ? null : fallback);
    decimals[field] = separator;
    numberColumns.push({ column: header, decimalSeparator: separator, samples: decided.samples });
  }
  // Numbers inside text cells (Saxo's "@ 166.80") are decided over all of them.
  const textNumbers = preset?.hook
    ? values('text').flatMap((text, i) => {
        const reading = readHook(preset.hook ?? 'saxo-event', text, values('shares')[i] ?? '');
        return [reading.shares ?? '', reading.price ?? ''];
      })
    : [];
  const textDecided = decideDecimal(textNumbers);
  const textDecimal = options.decimalSeparator ?? textDecided.value ?? fallback;

  const decidedSeparators = new Set(numberColumns.map((column) => column.decimalSeparator));
  const fileDecimal =
    options.decimalSeparator ??
    (numberColumns.length === 0
      ? textDecimal
      : decidedSeparators.size === 1
        ? (numberColumns[0]?.decimalSeparator ?? null)
        : null);
  const samples = numberColumns.flatMap((column) => column.samples).slice(0, 5);
  const thousands: ThousandsSeparator | null =
    options.thousandsSeparator ?? (fileDecimal === ',' ? '.' : fileDecimal === '.' ? '' : null);

  const dates = decideDateFormat(values('date'), preset?.dateFormat);
  return {
    dateFormat: { value: options.dateFormat ?? dates.value, samples: dates.samples },
    dateCandidates: options.dateFormat ? [options.dateFormat] : dates.candidates,
    decimalSeparator: {
      value: fileDecimal,
      samples: samples.length ? samples : textDecided.samples,
    },
    thousandsSeparator: { value: thousands, samples },
    numberColumns,
    decimals,
    textDecimal,
  };
}

function dateSpan(framed: Framed, columns: ColumnMap, format: DateFormat | null) {
  const index = columnIndexes(framed.headers, columns).get('date');
  if (index === undefined || !format) return null;
  const days = framed.data
    .map((row) => readDay(row.cells[index] ?? '', format))
    .filter((day): day is string => day !== null)
    .sort();
  const [from] = days;
  const to = days[days.length - 1];
  return from && to ? { from, to } : null;
}

function typeValues(framed: Framed, columns: ColumnMap): { word: string; count: number }[] {
  const indexes = columnIndexes(framed.headers, columns);
  const hook = framed.preset?.hook;
  const counts = new Map<string, number>();
  for (const row of framed.data) {
    const text = row.cells[indexes.get('text') ?? -1] ?? '';
    const word = hook
      ? readHook(hook, text, row.cells[indexes.get('shares') ?? -1] ?? '').word
      : (row.cells[indexes.get('type') ?? -1] ?? '').trim();
    if (word !== '') counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts.entries()].map(([word, count]) => ({ word, count }));
}

type Loaded =
  | { problem: ImportMessage; table?: Table }
  | { table: Table; json: FormueReading }
  | { table: Table; framed: Framed };

async function load(
  bytes: Uint8Array,
  options: Partial<ParseOptions> & { fileName: string },
): Promise<Loaded> {
  const reading = await readTable(bytes, options.fileName, options);
  if ('problem' in reading) return { problem: error(reading.problem) };
  const { table } = reading;
  if (table.kind === 'json') {
    const json = readFormueJson(table.text ?? '');
    return json ? { table, json } : { problem: error('file.json_unreadable'), table };
  }
  const framed = frame(table, options.headerRow);
  if (!framed) return { problem: error('file.no_columns'), table };
  if (framed.preset?.wrongFile)
    return { problem: error('file.wrong_degiro_file', undefined, { file: 'Account.csv' }), table };
  if (options.preset && options.preset !== 'formue-csv' && options.preset !== 'formue-json') {
    const chosen = options.preset === 'generic' ? undefined : presetById(options.preset);
    framed.preset = chosen;
    framed.formue = false;
  }
  if (framed.data.length === 0) return { problem: error('file.no_rows'), table };
  return { table, framed };
}

const EMPTY_DETECTED = { value: null, samples: [] };

/** What a file is: its format, encoding, separator, header and settings, with samples. */
export async function sniff(bytes: Uint8Array, fileName: string): Promise<Sniffed> {
  const loaded = await load(bytes, { fileName });
  const base: Sniffed = {
    fileName,
    kind: loaded.table?.kind ?? 'csv',
    encoding: loaded.table?.encoding ?? null,
    separator: loaded.table?.separator ?? null,
    headerRow: 0,
    ...(loaded.table?.sheet ? { sheet: loaded.table.sheet } : {}),
    headers: [],
    preset: null,
    rowCount: 0,
    dateSpan: null,
    decimalSeparator: EMPTY_DETECTED,
    thousandsSeparator: EMPTY_DETECTED,
    dateFormat: EMPTY_DETECTED,
    numberColumns: [],
    columns: {},
    typeWords: {},
    typeValues: [],
    preview: [],
  };
  if ('problem' in loaded) return { ...base, problem: loaded.problem };
  if ('json' in loaded) {
    const days = loaded.json.rows.map((row) => row.date).sort();
    const [from] = days;
    const to = days[days.length - 1];
    return {
      ...base,
      preset: FORMUE_JSON_PRESET,
      rowCount: loaded.json.lines.length,
      dateSpan: from && to ? { from, to } : null,
      dateFormat: { value: 'yyyy-MM-dd', samples: days.slice(0, 5) },
      decimalSeparator: { value: '.', samples: [] },
      thousandsSeparator: { value: '', samples: [] },
    };
  }
  const { table, framed } = loaded;
  const columns = framed.formue
    ? { date: 'date', type: 'kind' }
    : resolveColumns(framed.preset, framed.headers);
  const settings = detect(framed, table, columns, {});
  const guessedNothing = !framed.preset && !framed.formue && !columns.date && !columns.type;
  return {
    ...base,
    headerRow: framed.headerRow,
    headers: framed.headers,
    preset: framed.formue ? FORMUE_PRESET : framed.preset ? info(framed.preset) : null,
    rowCount: framed.data.length,
    dateSpan: dateSpan(framed, columns, settings.dateFormat.value),
    decimalSeparator: settings.decimalSeparator,
    thousandsSeparator: settings.thousandsSeparator,
    dateFormat: settings.dateFormat,
    numberColumns: settings.numberColumns,
    columns,
    typeWords: framed.preset?.typeWords ?? {},
    typeValues: typeValues(framed, columns),
    preview: framed.data.slice(0, 10).map((row) => row.cells),
    ...(guessedNothing ? { problem: warning('file.no_columns') } : {}),
  };
}

function emptyResult(source: ImportSource, preset: PresetInfo | null): ParseResult {
  return {
    source,
    preset,
    rows: [],
    lines: [],
    unknownTypes: [],
    blocked: true,
    totals: [],
    reconciliation: [],
    balances: [],
    decimalSeparator: null,
    dateFormat: null,
    account: null,
  };
}

function finish(result: ParseResult, fileAmounts?: FileAmounts): ParseResult {
  const lines = result.lines;
  const allInvalid = lines.length > 0 && lines.every((line) => line.status === 'error');
  const problem =
    result.problem ??
    (allInvalid ? error('file.all_invalid', undefined, { lines: lines.length }) : undefined);
  return {
    ...result,
    totals: totalsPerYear(result.rows, fileAmounts),
    blocked: result.unknownTypes.length > 0 || problem?.level === 'error',
    ...(problem ? { problem } : {}),
  };
}

/** The file's wire rows with every line's status, under the detected settings and the overrides. */
export async function parse(bytes: Uint8Array, options: ParseOptions): Promise<ParseResult> {
  const loaded = await load(bytes, options);
  if ('problem' in loaded) return { ...emptyResult('generic', null), problem: loaded.problem };
  if ('json' in loaded) {
    return finish({
      ...emptyResult('formue', FORMUE_JSON_PRESET),
      rows: loaded.json.rows,
      lines: loaded.json.lines,
      decimalSeparator: '.',
      dateFormat: 'yyyy-MM-dd',
    });
  }
  const { table, framed } = loaded;
  if (framed.formue) {
    const reading = readFormueCsv(
      framed.headers,
      framed.data.map((row) => row.cells),
    );
    return finish({
      ...emptyResult('formue', FORMUE_PRESET),
      rows: reading.rows,
      lines: reading.lines,
      decimalSeparator: '.',
      dateFormat: 'yyyy-MM-dd',
    });
  }
  const preset = framed.preset;
  const columns: ColumnMap = { ...resolveColumns(preset, framed.headers), ...options.columns };
  const settings = detect(framed, table, columns, options);
  const build: BuildSettings = {
    headers: framed.headers,
    columns,
    words: wordMap(preset?.typeWords ?? {}, options.typeWords ?? {}),
    columnIndex: columnIndexes(framed.headers, columns),
    ...(preset ? { preset } : {}),
    dateFormat: settings.dateFormat.value,
    dateCandidates: settings.dateCandidates,
    decimals: settings.decimals,
    textDecimal: settings.textDecimal,
    ...(options.currency ? { currency: options.currency } : {}),
    ...(options.splitRatios ? { splitRatios: options.splitRatios } : {}),
  };
  const built: BuiltLine[] = framed.data.map((row) => buildLine(row, build));
  netWithholding(built);
  foldFees(built, preset?.feeWords ?? []);
  const rows = built.flatMap((line) =>
    line.row && line.status.status !== 'error' ? [line.row] : [],
  );
  distinctIds(rows);
  const unknown = new Map<string, number>();
  for (const line of built) {
    if (line.status.messages.some((message) => message.code === 'type.unknown')) {
      const word = line.status.word ?? '';
      unknown.set(word, (unknown.get(word) ?? 0) + 1);
    }
  }
  const source: ImportSource = preset?.source ?? 'generic';
  const missing = !preset && (!columns.date || !(columns.type || options.typeWords));
  const fileAmounts = new Map(
    built.flatMap((line) =>
      line.row && line.fileAmount ? [[line.row.line, line.fileAmount]] : [],
    ),
  );
  return finish(
    {
      ...emptyResult(source, preset ? info(preset) : null),
      rows,
      lines: built.map((line) => line.status),
      unknownTypes: [...unknown.entries()].map(([word, count]) => ({ word, count })),
      reconciliation: reconcile(built),
      balances: reconcileBalances(built),
      decimalSeparator: settings.decimalSeparator.value,
      dateFormat: settings.dateFormat.value,
      account: accountOf(framed.data, build.columnIndex.get('account')),
      ...(missing ? { problem: error('file.no_columns') } : {}),
    },
    fileAmounts,
  );
}

/** The one account the lines name; a file of several accounts has no single place to go. */
function accountOf(data: readonly DataRow[], column: number | undefined): string | null {
  if (column === undefined) return null;
  const accounts = new Set(data.map((row) => (row.cells[column] ?? '').trim()));
  accounts.delete('');
  return accounts.size === 1 ? [...accounts][0] : null;
}

/** The presets the screen can offer for a manual choice. */
export const PRESET_CHOICES: readonly PresetInfo[] = PRESETS.filter(
  (preset) => !preset.wrongFile,
).map(info);
