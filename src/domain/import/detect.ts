// The settings of a file detected over whole columns: each number column's decimal separator,
// the date format, the span of the dates and the type words with their counts.
import { decideDateFormat, readDay } from './day-text';
import { decideDecimal } from './decimal-text';
import { columnIndexes, type Framed } from './frame';
import { readHook } from './hooks';
import type { Table } from './table';
import type {
  ColumnMap,
  DateFormat,
  DecimalSeparator,
  Detected,
  ImportField,
  NumberColumn,
  ParseOptions,
  ThousandsSeparator,
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

export interface Settings {
  dateFormat: Detected<DateFormat>;
  dateCandidates: DateFormat[];
  decimalSeparator: Detected<DecimalSeparator>;
  thousandsSeparator: Detected<ThousandsSeparator>;
  numberColumns: NumberColumn[];
  decimals: Partial<Record<ImportField, DecimalSeparator | null>>;
  textDecimal: DecimalSeparator | null;
}

/** Decimal separators per number column and the date format, each over the whole column. */
export function detect(
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

export function dateSpan(framed: Framed, columns: ColumnMap, format: DateFormat | null) {
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

export function typeValues(framed: Framed, columns: ColumnMap): { word: string; count: number }[] {
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
