// sniff and parse: a file's bytes through the table reader, the header and preset (frame.ts), the
// settings detected over whole columns (detect.ts) or overridden, and the row builder.

import { buildLine, wordMap, type BuiltLine } from './build';
import type { BuildSettings, DataRow } from './line-reader';
import { dateSpan, detect, typeValues } from './detect';
import { columnIndexes, frame, resolveColumns, type Framed } from './frame';
import { error, warning, type ImportMessage } from './messages';
import { presetById, PRESETS, type Preset } from './presets';
import type { ImportSource } from './rows';
import { readFormueCsv, readFormueJson, type FormueExtras, type FormueReading } from './formue';
import {
  distinctIds,
  foldFees,
  ownCurrency,
  pairWithholding,
  reconcile,
  reconcileBalances,
  totalsPerYear,
  type FileAmounts,
} from './summary';
import { readTable, type Table } from './table';
import type { ColumnMap, ParseOptions, ParseResult, PresetInfo, Sniffed } from './types';

export { guessColumns } from './frame';

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

/** The JSON export's cash lines, and what else its request carries (issue 38). */
function extrasOf({ cash, ...extras }: FormueExtras): Pick<ParseResult, 'cash' | 'extras'> {
  return { cash: cash ?? [], extras };
}

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
    cash: [],
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
      ...(loaded.json.extras && extrasOf(loaded.json.extras)),
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
  ownCurrency(built);
  pairWithholding(built);
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
      // Folded fee lines (DEGIRO's) are skipped as `folded`: only lines still `cash` move cash.
      cash: built.flatMap((line) =>
        line.cashRow && line.status.reason === 'cash' ? [line.cashRow] : [],
      ),
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
