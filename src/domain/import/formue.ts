// Formue's own export: the JSON of GET /api/v1/export and its canonical CSV, written here and
// read back as the same rows, so every export re-imports.

import Big from 'big.js';
import Papa from 'papaparse';
import * as v from 'valibot';
import { isDay } from '../dates';
import { error, type ImportMessage } from './messages';
import {
  FORMUE_CSV_COLUMNS,
  formueExport,
  formueExportEnvelope,
  IMPORT_KINDS,
  type FormueExport,
  type ImportCashRow,
  type ImportKind,
  type ImportRequest,
  type ImportRow,
} from './rows';
import { INSTRUMENT_TYPES, type InstrumentType } from '../types';
import type { LineStatus } from './types';

type Column = (typeof FORMUE_CSV_COLUMNS)[number];
type CsvRecord = Record<Column, string>;

/** A number as plain decimal text ("0.0000001", never "1e-7"); '' for none. */
function decimal(value: number | undefined): string {
  return value === undefined ? '' : new Big(value).toFixed();
}

type Export = FormueExport;

/**
 * What the JSON export says of a row's portfolio and investment beyond the CSV's columns (issue
 * 39): the portfolio's kind and the user's tax class, for a portfolio or investment the import
 * creates. The CSV carries neither.
 */
interface TaxFacts {
  portfolioKind?: ImportRow['portfolio_kind'];
  taxClass?: ImportRow['tax_class'];
}
type ExportRecord = CsvRecord & TaxFacts;
type Instrument = Pick<CsvRecord, 'portfolio' | 'investment' | 'isin' | 'type'> & TaxFacts;
type Instruments = (investmentId: number) => Instrument;

/** The columns naming an event's or price's investment, by its id, with its tax facts. */
function instruments(
  portfolioList: Export['portfolios'],
  investmentList: Export['investments'],
): Instruments {
  const portfolios = new Map(portfolioList.map((portfolio) => [portfolio.id, portfolio]));
  const investments = new Map(investmentList.map((investment) => [investment.id, investment]));
  return (investmentId) => {
    const investment = investments.get(investmentId);
    const portfolio = investment ? portfolios.get(investment.portfolio_id) : undefined;
    return {
      portfolio: portfolio?.name ?? '',
      investment: investment?.name ?? '',
      isin: investment?.isin ?? '',
      type: investment?.type ?? '',
      // `free` is the default: said only of the others.
      ...(portfolio?.kind && portfolio.kind !== 'free' && { portfolioKind: portfolio.kind }),
      ...(investment?.tax_class && { taxClass: investment.tax_class }),
    };
  };
}

const EMPTY = Object.fromEntries(FORMUE_CSV_COLUMNS.map((column) => [column, ''])) as CsvRecord;

function eventRecord(event: Export['events'][number], instrument: Instruments): ExportRecord {
  return {
    ...EMPTY,
    ...instrument(event.investment_id),
    id: String(event.id),
    kind: event.kind,
    date: event.date,
    shares: decimal(event.shares),
    share_price: decimal(event.share_price),
    fee: decimal(event.fee),
    amount: decimal(event.amount),
    shares_after: decimal(event.shares_after),
    sold_shares: decimal(event.sold_shares),
    sold_share_price: decimal(event.sold_share_price),
    hide: event.hide === undefined ? '' : String(event.hide),
    currency_code: event.currency_code,
    exchange_rate: decimal(event.exchange_rate),
    withholding_tax: decimal(event.withholding_tax),
  };
}

function priceRecord(price: Export['prices'][number], instrument: Instruments): ExportRecord {
  return {
    ...EMPTY,
    ...instrument(price.investment_id),
    id: String(price.id),
    kind: 'price',
    date: price.date,
    share_price: decimal(price.price),
    currency_code: price.currency_code,
  };
}

/** Each event and typed price of an export as a CSV record, events first, in the export's order. */
function records(data: Export): ExportRecord[] {
  const instrument = instruments(data.portfolios, data.investments);
  return [
    ...data.events.map((event) => eventRecord(event, instrument)),
    ...data.prices.map((price) => priceRecord(price, instrument)),
  ];
}

/**
 * A cell a spreadsheet would run as a formula (OWASP's CSV injection: `=`, `+`, `-`, `@`, tab,
 * carriage return first), also after apostrophes, so that the apostrophe the export puts before
 * it can always be told from one the text had. A plain number ("-5") is no formula.
 */
const FORMULA = /^'*(?:[=+@\t\r]|-(?!\d+(?:\.\d+)?$))/;

/**
 * The canonical CSV: UTF-8 (no BOM), `,`, ISO days, point decimals, CRLF, FORMUE_CSV_COLUMNS;
 * a formula's cell starts with an apostrophe, which a spreadsheet shows as text.
 */
export function toFormueCsv(data: FormueExport): string {
  return `${Papa.unparse(
    {
      fields: [...FORMUE_CSV_COLUMNS],
      data: records(data).map((record) => FORMUE_CSV_COLUMNS.map((c) => record[c])),
    },
    { newline: '\r\n', escapeFormulae: FORMULA },
  )}\r\n`;
}

/** A cell as it was before `toFormueCsv` escaped it. */
const unescaped = (cell: string) =>
  cell.startsWith("'") && FORMULA.test(cell.slice(1)) ? cell.slice(1) : cell;

const DAY_FORMAT = 'yyyy-MM-dd';

// The CSV's columns that are not decimals; the others are read as exact decimals.
const TEXT_COLUMNS = [
  'id',
  'portfolio',
  'investment',
  'isin',
  'type',
  'kind',
  'date',
  'hide',
  'currency_code',
] as const;
type NumberColumn = Exclude<Column, (typeof TEXT_COLUMNS)[number]>;
const NUMBER_FIELDS = FORMUE_CSV_COLUMNS.filter(
  (column): column is NumberColumn => !(TEXT_COLUMNS as readonly string[]).includes(column),
);

/**
 * A record as a wire row. The export's ids become `external_id` (`event-12`, `price-3`), so a
 * second import of the same export is all duplicates.
 */
function rowOf(
  record: ExportRecord,
  line: number,
  messages: ImportMessage[],
): ImportRow | undefined {
  const kind = record.kind as ImportKind;
  if (!IMPORT_KINDS.includes(kind)) {
    messages.push(error('type.unknown', 'kind', { word: record.kind }));
    return undefined;
  }
  if (!isDay(record.date))
    messages.push(error('date.unreadable', 'date', { value: record.date, format: DAY_FORMAT }));
  const type = record.type as InstrumentType;
  const row: ImportRow = {
    line,
    kind,
    date: record.date,
    instrument: {
      name: record.investment,
      ...(record.isin ? { isin: record.isin } : {}),
      ...(INSTRUMENT_TYPES.includes(type) ? { type } : {}),
    },
    external_id: `${kind === 'price' ? 'price' : 'event'}-${record.id}`,
    currency_code: record.currency_code,
    ...(record.portfolio ? { portfolio: record.portfolio } : {}),
    ...(record.portfolioKind && { portfolio_kind: record.portfolioKind }),
    ...(record.taxClass && { tax_class: record.taxClass }),
  };
  for (const field of NUMBER_FIELDS) {
    const text = record[field];
    if (text === '') continue;
    if (!/^-?[0-9]+(\.[0-9]+)?$/.test(text)) {
      messages.push(error('number.unreadable', field, { value: text }));
      continue;
    }
    row[field] = Number(new Big(text).toFixed());
  }
  if (record.hide !== '') row.hide = record.hide === 'true';
  return messages.some((message) => message.level === 'error') ? undefined : row;
}

export interface FormueReading {
  rows: ImportRow[];
  lines: LineStatus[];
  /** The JSON's cash and benchmark (issue 38), for the request beside its rows; the CSV has none. */
  extras?: FormueExtras;
}

/** What the JSON export carries beyond its rows, as the import request takes it (issue 38). */
export type FormueExtras = Pick<ImportRequest, 'cash' | 'cash_portfolios' | 'benchmark'>;

type CashItem = NonNullable<Export['cash']>[number];

/**
 * The export's cash events as the request's cash lines, numbered on from `line` (after its events
 * and prices), each naming its portfolio; ids become `external_id` (`cash-4`), as events' do.
 */
function cashLine(item: CashItem, line: number, names: ReadonlyMap<number, string>): ImportCashRow {
  const portfolio = names.get(item.portfolio_id);
  return {
    line,
    kind: item.type,
    date: item.date,
    amount: item.amount,
    currency_code: item.currency_code,
    external_id: `cash-${item.id}`,
    ...(portfolio !== undefined && { portfolio }),
  };
}

function extrasOf(
  portfolios: Export['portfolios'],
  cash: readonly ImportCashRow[],
  benchmark: Export['benchmark'],
): FormueExtras {
  return {
    cash: [...cash],
    cash_portfolios: portfolios.filter((p) => p.cash).map((p) => p.name),
    ...(benchmark && { benchmark: { type: benchmark.type, isin: benchmark.isin } }),
  };
}

/** An item of a JSON export that does not hold its list's shape: an error line of its own. */
interface Unreadable {
  word?: string;
  messages: ImportMessage[];
}

function readRecords(records: readonly (ExportRecord | Unreadable)[]): FormueReading {
  const rows: ImportRow[] = [];
  const lines = records.map((record, i): LineStatus => {
    if ('messages' in record) return { line: i + 1, status: 'error', ...record };
    const messages: ImportMessage[] = [];
    const row = rowOf(record, i + 1, messages);
    if (row) rows.push(row);
    return {
      line: i + 1,
      status: row ? 'ok' : 'error',
      word: record.kind,
      messages,
    };
  });
  return { rows, lines };
}

/** The canonical CSV's data rows (after its header) as wire rows. */
export function readFormueCsv(
  headers: readonly string[],
  data: readonly string[][],
): FormueReading {
  const index = new Map(headers.map((header, i) => [header.trim(), i]));
  const records = data.map(
    (cells) =>
      Object.fromEntries(
        FORMUE_CSV_COLUMNS.map((column) => [
          column,
          unescaped((cells[index.get(column) ?? -1] ?? '').trim()),
        ]),
      ) as CsvRecord,
  );
  return readRecords(records);
}

/** The export's rows, as the CSV carries them: the CSV and the JSON import the same. */
export function formueExportRows(data: FormueExport): ImportRow[] {
  return readFormueExport(data).rows;
}

/** The export's cash, the portfolios keeping it and the benchmark, as the import request has them. */
export function formueExportExtras(data: FormueExport): FormueExtras {
  const names = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const first = data.events.length + data.prices.length + 1;
  const cash = (data.cash ?? []).map((item, i) => cashLine(item, first + i, names));
  return extrasOf(data.portfolios, cash, data.benchmark);
}

function readFormueExport(data: FormueExport): FormueReading {
  return readRecords(records(data));
}

/** A field's message for a value the export's schema refuses (`price` is the row's share_price). */
function fieldMessage(key: string, input: unknown): ImportMessage {
  const field = key === 'price' ? 'share_price' : key;
  const value = typeof input === 'string' ? input : JSON.stringify(input);
  const missing = input === undefined || input === null || input === '';
  if (field === 'kind')
    return missing ? error('type.missing', field) : error('type.unknown', field, { word: value });
  if (field === 'date')
    return missing
      ? error('date.missing', field)
      : error('date.unreadable', field, { value, format: DAY_FORMAT });
  if (field === 'currency_code')
    return missing
      ? error('currency.missing', field)
      : error('currency.unsupported', field, { value });
  if ((NUMBER_FIELDS as readonly string[]).includes(field))
    return missing ? error('number.missing', field) : error('number.unreadable', field, { value });
  return error('event.unreadable', field || undefined);
}

/** A refused item's messages, one per field (the first issue of each). */
function unreadable(word: string | undefined, issues: readonly v.BaseIssue<unknown>[]): Unreadable {
  const messages = new Map<string, ImportMessage>();
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') ?? '';
    if (!messages.has(key)) messages.set(key, fieldMessage(key, issue.input));
  }
  return { ...(word === undefined ? {} : { word }), messages: [...messages.values()] };
}

const wordOf = (item: unknown): string | undefined =>
  typeof item === 'object' && item !== null && 'kind' in item && typeof item.kind === 'string'
    ? item.kind
    : undefined;

const valid = <S extends v.GenericSchema>(schema: S, items: readonly unknown[]) =>
  items.filter((item): item is v.InferOutput<S> => v.is(schema, item));

/**
 * Formue's JSON export, or undefined when the text is not one. A file is an export by its
 * envelope; each event and price is then read on its own, so a damaged one is its line's error.
 */
export function readFormueJson(text: string): FormueReading | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!v.is(formueExportEnvelope, data)) return undefined;
  const { entries } = formueExport;
  const portfolios = valid(entries.portfolios.item, data.portfolios);
  const instrument = instruments(portfolios, valid(entries.investments.item, data.investments));
  const reading = readRecords([
    ...data.events.map((item) => {
      const event = v.safeParse(entries.events.item, item);
      return event.success
        ? eventRecord(event.output, instrument)
        : unreadable(wordOf(item), event.issues);
    }),
    ...data.prices.map((item) => {
      const price = v.safeParse(entries.prices.item, item);
      return price.success
        ? priceRecord(price.output, instrument)
        : unreadable('price', price.issues);
    }),
  ]);
  const names = new Map(portfolios.map((p) => [p.id, p.name]));
  const cash: ImportCashRow[] = [];
  for (const item of data.cash ?? []) {
    const line = reading.lines.length + 1;
    const read = v.safeParse(entries.cash.wrapped.item, item);
    if (read.success) cash.push(cashLine(read.output, line, names));
    reading.lines.push(
      read.success
        ? { line, status: 'ok', word: read.output.type, messages: [] }
        : { line, status: 'error', ...unreadable(wordOf(item), read.issues) },
    );
  }
  const benchmark = v.safeParse(entries.benchmark, data.benchmark);
  return {
    ...reading,
    extras: extrasOf(portfolios, cash, benchmark.success ? benchmark.output : undefined),
  };
}
