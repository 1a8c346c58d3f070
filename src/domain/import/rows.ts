// The shapes of the broker import and the export, each written once as a valibot schema with its
// type inferred (as ../schemas.ts): src/api/import-calls.ts decodes the answers with them, the
// browser builds its rows and requests to them, and docs/openapi.yaml's are generated from them.
// A row's field names and units are those of the event calls (events/buy, sell, dividend, split),
// so the contract reads an imported row with the same rules as a typed one (the field schemas of
// ../requests.ts, with Laravel's messages).

import * as v from 'valibot';
import { day, text } from '../wire/schemas';
import { CASH_KINDS } from '../kinds';
import { INSTRUMENT_TYPES } from '../types';
import { INCOME_KINDS, PORTFOLIO_KINDS, TAXATIONS } from '../tax/kinds';

const oneOf = <T extends readonly string[]>(values: T) => v.picklist(values, values.join(', '));
const count = v.pipe(v.number('a number'), v.integer('a count'), v.minValue(0, 'a count'));
const amount = v.number('a number');

/** Where a file came from: a preset's id, `formue` for Formue's own export, else `generic`. */
export const IMPORT_SOURCES = ['nordnet', 'saxo', 'degiro', 'ibkr', 'formue', 'generic'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** What an imported row records: the four event kinds, and a typed price of an instrument. */
export const IMPORT_KINDS = ['buy', 'sell', 'dividend', 'split', 'price'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** The user's own class of an investment, with the reason shown (issue 39). */
const taxClassOverride = v.object({
  taxation: oneOf(TAXATIONS),
  income: oneOf(INCOME_KINDS),
  reason: text,
});

/**
 * One row of a file, normalised. Decimals are JSON numbers with at most the contract's decimals
 * (shares 8, money 6), made from the file's text by the domain's decimal parser, never `Number()`
 * on raw text. `date` is the trade day as the broker wrote it, a calendar day.
 */
export const importRow = v.object({
  /** The row's line in the file (1 = the first data row), for messages and the preview. */
  line: count,
  kind: oneOf(IMPORT_KINDS),
  date: day,
  /** How the row names its instrument; matched by ISIN, then symbol, then exact name. */
  instrument: v.object({
    /** An ISIN, or a crypto symbol for crypto (the investment's code). */
    isin: v.optional(text),
    /** The broker's ticker (Saxo `NOVOB:xcse`, IBKR `AAPL`), when the file has one. */
    symbol: v.optional(text),
    name: text,
    type: v.optional(oneOf(INSTRUMENT_TYPES)),
  }),
  /** The broker's own id of the row (Nordnet `Id`, IBKR `TransactionID`), unique per portfolio. */
  external_id: v.optional(text),
  /** Buy and sell: shares, price per share and fee in `currency_code`. */
  shares: v.optional(amount),
  share_price: v.optional(amount),
  fee: v.optional(amount),
  /** Dividend: the gross amount, before the tax withheld. */
  amount: v.optional(amount),
  /** Dividend: the tax withheld of `amount`, in `currency_code` (its own line or column). */
  withholding_tax: v.optional(amount),
  /** Split: shares held after it, or the ratio `split_from` old shares become `split_to` new. */
  shares_after: v.optional(amount),
  split_from: v.optional(amount),
  split_to: v.optional(amount),
  /** Split: shares sold for cash in lieu, their price, and whether the split row is hidden. */
  sold_shares: v.optional(amount),
  sold_share_price: v.optional(amount),
  hide: v.optional(v.boolean('a boolean')),
  currency_code: text,
  /** DKK per 1 unit of `currency_code` as the broker charged it (Nordnet `Vekslingskurs`). */
  exchange_rate: v.optional(amount),
  /** Set by the user to import a row the server reports as a duplicate. */
  force: v.optional(v.boolean('a boolean')),
  /** Portfolio by name, for Formue's own export of several portfolios; else the target's. */
  portfolio: v.optional(text),
  /** Formue's export (issue 39): the kind of a portfolio the import creates; `free` when absent. */
  portfolio_kind: v.optional(oneOf(PORTFOLIO_KINDS)),
  /** Formue's export (issue 39): the user's tax class of an investment the import creates. */
  tax_class: v.optional(taxClassOverride),
  /**
   * The user's match of the instrument: an investment of the row's portfolio (of the same type),
   * or `null` for a new investment; absent, the server matches by ISIN, ticker, then exact name.
   */
  investment_id: v.nullish(count),
});
export type ImportRow = v.InferOutput<typeof importRow>;

/**
 * A cash line of a file (a deposit, withdrawal, interest or fee): imported as the portfolio's
 * cash event when the portfolio keeps cash (issue 38), else reported skipped. `amount` unsigned.
 */
export const importCashRow = v.object({
  line: count,
  kind: oneOf(CASH_KINDS),
  date: day,
  amount,
  currency_code: text,
  external_id: v.optional(text),
  /** Formue's export: the portfolio by name, as a row's `portfolio`; else the target's. */
  portfolio: v.optional(text),
});
export type ImportCashRow = v.InferOutput<typeof importCashRow>;

/** POST /api/v1/imports[?dry_run=1]. Exactly one of portfolio_id and portfolio_name. */
export const importRequest = v.object({
  portfolio_id: v.optional(count),
  /** Creates the target portfolio in the import's transaction. */
  portfolio_name: v.optional(text),
  source: oneOf(IMPORT_SOURCES),
  file_name: v.optional(text),
  /** The broker's account the file is of (Nordnet `Depot`), kept with the batch. */
  account: v.optional(text),
  rows: v.array(importRow),
  /** The file's cash lines (issue 38); absent: none. */
  cash: v.optional(v.array(importCashRow)),
  /** Formue's export: the portfolios, by name, that keep cash; one the import creates does too. */
  cash_portfolios: v.optional(v.array(text)),
  /** Formue's export: the user's benchmark, taken when the account has not chosen one. */
  benchmark: v.optional(v.object({ type: oneOf(INSTRUMENT_TYPES), isin: text })),
});
export type ImportRequest = v.InferOutput<typeof importRequest>;

export const ROW_STATUSES = ['ok', 'warning', 'error', 'duplicate', 'skipped'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** The server's verdict on one row, by `line`. */
export const importRowReport = v.object({
  line: count,
  status: oneOf(ROW_STATUSES),
  /** Laravel-style messages per field of the row (`shares`, `date`, `instrument.isin`, …). */
  errors: v.record(v.string(), v.array(text)),
  warnings: v.array(text),
  /** The existing investment the row goes to; absent when the import creates it. */
  investment_id: v.optional(count),
});
export type ImportRowReport = v.InferOutput<typeof importRowReport>;

export const importCounts = v.object({
  imported: count,
  duplicates: count,
  skipped: count,
  errors: count,
});
export type ImportCounts = v.InferOutput<typeof importCounts>;

/** 200 of a dry run, and 422 of a commit refused (nothing written). */
export const importReport = v.object({ rows: v.array(importRowReport), counts: importCounts });
export type ImportReport = v.InferOutput<typeof importReport>;

/** 201 of a commit, and the items of GET /api/v1/imports. */
export const importBatch = v.object({
  id: count,
  portfolio_id: count,
  /** The portfolio's name now; null once it is deleted. */
  portfolio_name: v.nullable(text),
  source: oneOf(IMPORT_SOURCES),
  file_name: v.nullable(text),
  /** The broker's account the file was of: its next file goes to this portfolio by default. */
  account: v.nullable(text),
  /** ISO-8601. */
  created_at: text,
  /** Events the batch created and still holds. */
  events: count,
  counts: importCounts,
  /** The portfolios the batch created that its undo removes too (nothing else is in them). */
  removes_portfolios: v.array(text),
});
export type ImportBatch = v.InferOutput<typeof importBatch>;

/** 409 of an undo refused: the batch's events that keep it (its message is the error's). */
export const importUndoRefusal = v.object({ event_ids: v.array(count) });

const formueExportHeader = v.object({
  format: v.literal('formue-export', 'a Formue export'),
  version: v.literal(1, 'version 1'),
  exported_at: text,
});

/** Formue's export (GET /api/v1/export), version 1: everything a user has, as entered. */
export const formueExport = v.object({
  formue: formueExportHeader,
  portfolios: v.array(
    v.object({
      id: count,
      name: text,
      /** Issue 39; absent from an export made before kinds: `free`. */
      kind: v.optional(oneOf(PORTFOLIO_KINDS)),
      /** Issue 38: keeps cash; absent from an export made before cash: holdings only. */
      cash: v.optional(v.boolean('a boolean')),
    }),
  ),
  investments: v.array(
    v.object({
      id: count,
      portfolio_id: count,
      name: text,
      type: oneOf(INSTRUMENT_TYPES),
      /** ISIN, or the crypto symbol. */
      isin: text,
      /** `provider:symbol`, or null. */
      listing: v.nullable(text),
      /** Issue 39: the user's override of its tax class, or null; absent from older exports. */
      tax_class: v.nullish(taxClassOverride),
    }),
  ),
  /** Every event as entered, in its own currency, fee included. */
  events: v.array(
    v.object({
      id: count,
      investment_id: count,
      kind: oneOf(['buy', 'sell', 'dividend', 'split'] as const),
      date: day,
      currency_code: text,
      shares: v.optional(amount),
      share_price: v.optional(amount),
      fee: v.optional(amount),
      amount: v.optional(amount),
      shares_after: v.optional(amount),
      sold_shares: v.optional(amount),
      sold_share_price: v.optional(amount),
      hide: v.optional(v.boolean('a boolean')),
      exchange_rate: v.optional(amount),
      /** A dividend's tax withheld, in `currency_code`. */
      withholding_tax: v.optional(amount),
    }),
  ),
  /** Typed prices. */
  prices: v.array(
    v.object({ id: count, investment_id: count, date: day, price: amount, currency_code: text }),
  ),
  /**
   * Issue 38: the cash events of the portfolios (an opening balance is a deposit), unsigned;
   * absent from an export made before cash.
   */
  cash: v.optional(
    v.array(
      v.object({
        id: count,
        portfolio_id: count,
        type: oneOf(CASH_KINDS),
        amount,
        currency_code: text,
        date: day,
      }),
    ),
  ),
  /** Issue 38: the benchmark the user compares with, or null while they have none. */
  benchmark: v.nullish(v.object({ type: oneOf(INSTRUMENT_TYPES), isin: text })),
});
export type FormueExport = v.InferOutput<typeof formueExport>;

/**
 * What makes a file Formue's export: its header and the four lists. The import reads each item
 * with its list's item schema of formueExport, so a damaged row is that row's error, not the file's.
 */
// Any item; custom, as valibot's unknown() would add to the first paint's shared valibot chunk.
const item = v.custom<unknown>(() => true);
export const formueExportEnvelope = v.object({
  formue: formueExportHeader,
  portfolios: v.array(item),
  investments: v.array(item),
  events: v.array(item),
  prices: v.array(item),
  // Issue 38: absent from older exports.
  cash: v.optional(v.array(item)),
  benchmark: v.optional(item),
});

/**
 * The canonical CSV (GET /api/v1/export?format=csv): UTF-8, `,`, ISO dates, point decimals, one
 * row per event and per typed price (kind `price`, its price in `share_price`), in this order.
 */
export const FORMUE_CSV_COLUMNS = [
  'id',
  'portfolio',
  'investment',
  'isin',
  'type',
  'kind',
  'date',
  'shares',
  'share_price',
  'fee',
  'amount',
  'shares_after',
  'sold_shares',
  'sold_share_price',
  'hide',
  'currency_code',
  'exchange_rate',
  'withholding_tax',
] as const;
/** The columns added since the first export, last: a CSV exported before them lacks them. */
export const FORMUE_CSV_ADDED = 1;
