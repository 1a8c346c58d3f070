// The parser's own shapes: what sniffing a file finds, what the screen may override, and what a
// parse answers. The wire rows are rows.ts's.

import type { ImportCashRow, ImportKind, ImportRequest, ImportRow, ImportSource } from './rows';
import type { ImportMessage } from './messages';

export type FileKind = 'csv' | 'xlsx' | 'json';
export const ENCODINGS = ['utf-8', 'utf-16le', 'utf-16be', 'windows-1252'] as const;
export type Encoding = (typeof ENCODINGS)[number];
export const SEPARATORS = [',', ';', '\t', '|'] as const;
export type Separator = (typeof SEPARATORS)[number];
export type DecimalSeparator = ',' | '.';
/** '' for none. */
export type ThousandsSeparator = '.' | ',' | ' ' | "'" | '';

/** Day formats a column can be read with; `MMM` is a month's short name (Mar, Okt, Mrt). */
export const DATE_FORMATS = [
  'yyyy-MM-dd',
  'yyyyMMdd',
  'yyyy/MM/dd',
  'dd-MM-yyyy',
  'dd.MM.yyyy',
  'dd/MM/yyyy',
  'MM/dd/yyyy',
  'dd/MM/yy',
  'MM/dd/yy',
  'dd-MMM-yyyy',
  'dd-MMM-yy',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** What a row of a file can say, the targets of a column map. */
export const IMPORT_FIELDS = [
  'date',
  'type',
  'isin',
  'symbol',
  'name',
  'shares',
  'share_price',
  'fee',
  'fee_currency',
  'fee_rate',
  'amount',
  'currency',
  'amount_currency',
  'exchange_rate',
  'withholding_tax',
  'external_id',
  'cancelled',
  'total_shares',
  'balance',
  'account',
  'text',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Field → the file's column (its header, made unique: see `Sniffed.headers`). */
export type ColumnMap = Partial<Record<ImportField, string>>;

/**
 * What a type word means. `withholding_tax` is kept as the tax withheld of the dividend it belongs to; `cash`
 * (deposits, withdrawals, fees, interest, taxes) is recognised and not a trade; `skip` is ignored
 * on purpose.
 */
export const TYPE_ACTIONS = [
  'buy',
  'sell',
  'dividend',
  'withholding_tax',
  'split',
  'cash',
  'skip',
] as const;
export type TypeAction = (typeof TYPE_ACTIONS)[number];
/** Type word as in the file (matched trimmed and case-insensitively) → its meaning. */
export type TypeWordMap = Record<string, TypeAction>;

export const PRESET_IDS = [
  'nordnet-da',
  'nordnet-da-semicolon',
  'nordnet-sv',
  'nordnet-no',
  'saxo',
  'degiro-account',
  'degiro-transactions',
  'degiro-portfolio',
  'ibkr-flex',
  'formue-csv',
  'formue-json',
] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export interface PresetInfo {
  id: PresetId;
  source: ImportSource;
  /** English label, e.g. "Nordnet export"; the screen may translate by `id`. */
  label: string;
}

/** A setting detected over whole columns, with the file's values that decided it. */
export interface Detected<T> {
  /** null when every value is ambiguous (or absent): the screen asks. */
  value: T | null;
  /** Up to five of the file's values. */
  samples: string[];
}

/** One number column's own decision, as one file may mix separators between columns. */
export interface NumberColumn {
  column: string;
  decimalSeparator: DecimalSeparator | null;
  samples: string[];
}

export interface Sniffed {
  fileName: string;
  kind: FileKind;
  /** null for xlsx and JSON read as bytes of their own. */
  encoding: Encoding | null;
  separator: Separator | null;
  /** 0-based line (or sheet row) of the header. */
  headerRow: number;
  /** The sheet read, for xlsx. */
  sheet?: string;
  /** Headers made unique: a repeated name becomes "<previous header> <name>", a blank one "<previous header> (2)". */
  headers: string[];
  /** The recognised format, from the header's names; null when none fits (generic mapping). */
  preset: PresetInfo | null;
  /** Data rows (lines after the header that are not blank). */
  rowCount: number;
  /** First and last day of the date column, when it reads. */
  dateSpan: { from: string; to: string } | null;
  decimalSeparator: Detected<DecimalSeparator>;
  thousandsSeparator: Detected<ThousandsSeparator>;
  dateFormat: Detected<DateFormat>;
  numberColumns: NumberColumn[];
  /** The preset's column map, or a guess from header names for a generic file. */
  columns: ColumnMap;
  /** The preset's type words (empty for a generic file). */
  typeWords: TypeWordMap;
  /** Distinct values of the type column with their counts, for the type-word step. */
  typeValues: { word: string; count: number }[];
  /** The first data rows, for the mapping step. */
  preview: string[][];
  /** A file that cannot be read at all (empty, binary, no columns, the other DEGIRO file). */
  problem?: ImportMessage;
}

/** Everything the screen may override; what is absent is detected or taken from the preset. */
export interface ParseOptions {
  fileName: string;
  encoding?: Encoding;
  separator?: Separator;
  headerRow?: number;
  /** A preset by id, or `generic` to map the columns by hand. */
  preset?: PresetId | 'generic';
  decimalSeparator?: DecimalSeparator;
  thousandsSeparator?: ThousandsSeparator;
  dateFormat?: DateFormat;
  /** Merged over the preset's (a generic file has only these). */
  columns?: ColumnMap;
  /** Merged over the preset's; a word mapped to `skip` is ignored. */
  typeWords?: TypeWordMap;
  /** Default currency when the file has no currency column (generic). */
  currency?: string;
  /** A split's ratio by line, when the file does not give it. */
  splitRatios?: Record<number, { from: number; to: number }>;
}

/** Why a line makes no ImportRow though it was read. */
export type SkipReason = 'cancelled' | 'cash' | 'ignored' | 'paired' | 'folded';

/** What the parser decided about one data line of the file. */
export interface LineStatus {
  /** 1 = the first data row, as ImportRow.line. */
  line: number;
  status: 'ok' | 'warning' | 'error' | 'skipped';
  reason?: SkipReason;
  /** The row's type word as in the file. */
  word?: string;
  messages: ImportMessage[];
}

/** A year's rows by kind and money by currency (exact decimal strings). */
export interface YearTotal {
  year: number;
  counts: Record<ImportKind, number>;
  /** Shares × price + fee of buys, by currency. */
  bought: Record<string, string>;
  /** Shares × price − fee of sells, by currency. */
  sold: Record<string, string>;
  dividends: Record<string, string>;
  /** The same in DKK, at each row's own rate; null when a row has no rate to DKK. */
  dkk: Record<'bought' | 'sold' | 'dividends', string | null>;
  /** The file's own amounts of the trades (Nordnet `Beløb`) by currency, to tick off. */
  file: Record<'bought' | 'sold', Record<string, string>>;
}

/** The broker's running quantity per instrument against what the rows add up to. */
export interface Reconciliation {
  instrument: string;
  /** The file's quantity after its last row for the instrument (Nordnet `Totalt antal`). */
  expected: string;
  /** What the imported rows add up to. */
  computed: string;
  /** The line of the file's last quantity. */
  line: number;
  ok: boolean;
}

/** The broker's running cash balance (Nordnet `Saldo`) per account and currency. */
export interface BalanceCheck {
  /** The file's account (Nordnet `Depot`), '' when it has none. */
  account: string;
  currency: string;
  /** The file's balance after its last line. */
  expected: string;
  /** The balance before the first line plus every line's amount. */
  computed: string;
  /** The first line whose balance is not the one before plus its amount, else the last line. */
  line: number;
  ok: boolean;
}

export interface ParseResult {
  source: ImportSource;
  preset: PresetInfo | null;
  /** The wire rows, for POST /api/v1/imports. */
  rows: ImportRow[];
  /** The file's cash lines as the request's `cash` (issue 38); absent: none. */
  cash?: ImportCashRow[];
  /** Formue's JSON export: the portfolios keeping cash and the benchmark, for the request. */
  extras?: Pick<ImportRequest, 'cash_portfolios' | 'benchmark'>;
  /** One per data line, every line accounted for. */
  lines: LineStatus[];
  /** Type words no map knows: the import is blocked until each is mapped or skipped. */
  unknownTypes: { word: string; count: number }[];
  /** True while anything blocks the import (unknown type words, a file problem). */
  blocked: boolean;
  totals: YearTotal[];
  reconciliation: Reconciliation[];
  balances: BalanceCheck[];
  /** The settings used, after detection and overrides. */
  decimalSeparator: DecimalSeparator | null;
  dateFormat: DateFormat | null;
  /** The broker's account every line names (Nordnet `Depot`); null for none, or for several. */
  account: string | null;
  problem?: ImportMessage;
}
