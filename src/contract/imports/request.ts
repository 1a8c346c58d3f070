// An import's request read with the event calls' rules: its own fields, then each row on its own.
import { normaliseIdentifier } from '../../domain/isin';
import { CURRENCIES } from '../../domain/market';
import { MONEY_DECIMALS, SHARE_DECIMALS } from '../../domain/numbers';
import { INSTRUMENT_TYPES, type InstrumentType } from '../../domain/types';
import {
  INCOME_KINDS,
  PORTFOLIO_KINDS,
  TAXATIONS,
  type PortfolioKind,
  type TaxClassOverride,
} from '../../domain/tax';
import {
  IMPORT_KINDS,
  IMPORT_SOURCES,
  type ImportRowReport,
  type ImportSource,
} from '../../domain/import/rows';
import { readers } from '../events';
import type { EventFacts, PortfolioRow } from '../store';
import { isRecord, Validator, type Errors } from '../validation';

/** A file of 20,000 rows is about ten years of an active trader: more is split in two. */
export const MAX_IMPORT_ROWS = 20_000;
/** What the transports accept as the body of POST /api/v1/imports. */
export const MAX_IMPORT_BYTES = 10 * 1024 * 1024;
export const IMPORT_TOO_LARGE = 'The import may be at most 10 MB.';

/** The request, read: where the rows go and the rows as sent. */
export interface ImportRequestRead {
  target: { id: number } | { name: string };
  source: ImportSource;
  fileName: string | null;
  account: string | null;
  rows: unknown[];
  /** The file's cash lines as sent (issue 38). */
  cash: unknown[];
  /** Formue's export: the portfolios, by name, keeping cash; those the import creates keep it. */
  cashPortfolios: string[];
  /** Formue's export: the user's benchmark, taken when the account has not chosen one. */
  benchmark?: { type: InstrumentType; code: string };
}

/** The request's own fields, Laravel rules; undefined with `v` holding the errors. */
export function readImportRequest(
  v: Validator,
  portfolios: readonly PortfolioRow[],
): ImportRequestRead | undefined {
  const hasId = v.input('portfolio_id') != null;
  const hasName = v.input('portfolio_name') != null;
  let target: ImportRequestRead['target'] | undefined;
  if (hasId && hasName)
    v.add('portfolio_name', 'The portfolio name field prohibits portfolio id from being present.');
  else if (hasName) {
    const name = v.name('portfolio_name');
    if (name !== undefined) target = { name };
  } else if (!hasId)
    v.add('portfolio_id', 'The portfolio id field is required when portfolio name is not present.');
  else {
    const id = v.id('portfolio_id');
    if (id !== undefined && !portfolios.some((p) => p.id === id))
      v.add('portfolio_id', 'The selected portfolio id is invalid.');
    else if (id !== undefined) target = { id };
  }
  const source = v.oneOf('source', IMPORT_SOURCES);
  const fileName = v.input('file_name') == null ? null : v.text('file_name');
  const account = v.input('account') == null ? null : v.text('account', 255);
  const rows = v.input('rows');
  const cash = v.input('cash') ?? [];
  if (!Array.isArray(cash)) v.add('cash', 'The cash field must be an array.');
  const cashLines = Array.isArray(cash) ? cash.length : 0;
  if (rows == null || (Array.isArray(rows) && rows.length === 0 && cashLines === 0))
    v.add('rows', 'The rows field is required.');
  else if (!Array.isArray(rows)) v.add('rows', 'The rows field must be an array.');
  else if (rows.length + cashLines > MAX_IMPORT_ROWS)
    v.add('rows', `The rows field must not have more than ${MAX_IMPORT_ROWS} items.`);
  const cashPortfolios = v.input('cash_portfolios') ?? [];
  if (!Array.isArray(cashPortfolios) || cashPortfolios.some((name) => typeof name !== 'string'))
    v.add('cash_portfolios', 'The cash portfolios field must be an array of names.');
  const benchmark = v.input('benchmark') == null ? undefined : readBenchmark(v);
  if (
    v.failed ||
    !target ||
    !source ||
    fileName === undefined ||
    account === undefined ||
    !Array.isArray(rows)
  )
    return undefined;
  return {
    target,
    source,
    fileName,
    account,
    rows: rows as unknown[],
    cash: cash as unknown[],
    cashPortfolios: cashPortfolios as string[],
    ...(benchmark && { benchmark }),
  };
}

/** The request's `benchmark`, as PUT /user/benchmark takes it. */
function readBenchmark(v: Validator): ImportRequestRead['benchmark'] {
  const type = v.oneOf('benchmark.type', INSTRUMENT_TYPES);
  const isin = v.text('benchmark.isin', 32);
  return type && isin ? { type, code: normaliseIdentifier(isin) } : undefined;
}

/** A row read on its own: its facts, or its errors. */
export interface Row {
  index: number;
  line: number;
  report: ImportRowReport;
  errors: Errors;
  warnings: string[];
  kind?: (typeof IMPORT_KINDS)[number];
  time?: number;
  day?: string;
  facts?: EventFacts;
  price?: { price: number; currency: string };
  ratio?: { from: number; to: number };
  instrument: { isin?: string; symbol?: string; name?: string; type: InstrumentType };
  portfolioName?: string;
  /** Formue's export: the kind of a portfolio the import creates, the class of an investment. */
  portfolioKind?: PortfolioKind;
  taxClass?: TaxClassOverride;
  externalId?: string;
  force: boolean;
  /** The user's match: an investment's id, `new` for a new investment, else matched here. */
  chosen?: number | 'new';
  /** Where it goes, once matched. */
  portfolioKey?: string;
  investmentKey?: string;
  status?: ImportRowReport['status'];
}

const optionalText = (v: Validator, key: string, max: number) =>
  v.input(key) == null ? undefined : v.text(key, max);

export function readRow(raw: unknown, index: number, now: number): Row {
  const body = isRecord(raw) ? raw : {};
  const line =
    typeof body.line === 'number' && Number.isSafeInteger(body.line) ? body.line : index + 1;
  // A split given as a ratio: shares after are known once the holding of its day is.
  const byRatio = body.kind === 'split' && body.shares_after == null;
  const v = new Validator(byRatio ? { ...body, shares_after: 1 } : body);
  if (!isRecord(raw)) v.add('row', 'The row must be an object.');
  const kind = v.oneOf('kind', IMPORT_KINDS);
  let time: number | undefined;
  if (v.input('date') == null) v.add('date', 'The date field is required.');
  else time = v.eventTime('date', now);
  const name = v.name('instrument.name');
  const type =
    v.input('instrument.type') == null ? 'stock' : v.oneOf('instrument.type', INSTRUMENT_TYPES);
  const isin = optionalText(v, 'instrument.isin', 32);
  const symbol = optionalText(v, 'instrument.symbol', 64);
  const portfolioName = v.input('portfolio') == null ? undefined : v.name('portfolio');
  const portfolioKind =
    v.input('portfolio_kind') == null ? undefined : v.oneOf('portfolio_kind', PORTFOLIO_KINDS);
  const taxClass = v.input('tax_class') == null ? undefined : readTaxClass(v);
  const externalId = optionalText(v, 'external_id', 255);
  const force = v.boolean('force') ?? false;
  let chosen: Row['chosen'];
  if (isRecord(raw) && 'investment_id' in raw)
    chosen = raw.investment_id === null ? 'new' : v.id('investment_id');
  let facts: EventFacts | undefined;
  let price: Row['price'];
  let ratio: Row['ratio'];
  if (kind === 'price') {
    const value = v.number('share_price', { greaterThan: 0, decimals: MONEY_DECIMALS });
    const currency = v.oneOf('currency_code', CURRENCIES);
    if (value !== undefined && currency) price = { price: value, currency };
  } else if (kind) {
    facts = readers[kind].row(v.body, time ?? now, v);
    if (byRatio) {
      const from = v.number('split_from', { greaterThan: 0, decimals: SHARE_DECIMALS });
      const to = v.number('split_to', { greaterThan: 0, decimals: SHARE_DECIMALS });
      if (from !== undefined && to !== undefined) ratio = { from, to };
    }
  }
  return {
    index,
    line,
    report: { line, status: 'ok', errors: {}, warnings: [] },
    errors: v.errors,
    warnings: [],
    kind,
    time,
    day: typeof body.date === 'string' ? body.date.trim() : undefined,
    facts,
    price,
    ratio,
    instrument: {
      isin: isin && normaliseIdentifier(isin),
      symbol,
      name,
      type: type ?? 'stock',
    },
    portfolioName,
    ...(portfolioKind && { portfolioKind }),
    ...(taxClass && { taxClass }),
    externalId,
    force,
    chosen,
  };
}

/** A row's `tax_class`, as PUT /investments/{id}/tax-class takes it. */
function readTaxClass(v: Validator): TaxClassOverride | undefined {
  const taxation = v.oneOf('tax_class.taxation', TAXATIONS);
  const income = v.oneOf('tax_class.income', INCOME_KINDS);
  const reason = v.name('tax_class.reason');
  return taxation && income && reason ? { taxation, income, reason } : undefined;
}

export const failed = (row: Row) => Object.keys(row.errors).length > 0;

export const importing = (row: Row) => !failed(row) && row.status === undefined;

/** The identifiers the rows would create investments of, as `type:code`, to ask the market. */
export function identifiersToResolve(
  request: ImportRequestRead,
): { type: InstrumentType; code: string }[] {
  const wanted = new Map<string, { type: InstrumentType; code: string }>();
  for (const row of request.rows) {
    if (!isRecord(row) || !isRecord(row.instrument)) continue;
    // Booked onto an investment the user chose: nothing to create.
    if (typeof row.investment_id === 'number') continue;
    const type = row.instrument.type === 'crypto' ? 'crypto' : 'stock';
    const raw = row.instrument.isin ?? (type === 'crypto' ? row.instrument.symbol : undefined);
    if (typeof raw !== 'string' || raw.trim() === '') continue;
    const code = normaliseIdentifier(raw);
    wanted.set(`${type}:${code}`, { type, code });
  }
  return [...wanted.values()];
}
