// The shape a broker file is normalised to in the browser and sent to POST /api/v1/imports.
// Field names and units are those of the event calls (events/buy, sell, dividend, split), so the
// contract reads an imported row with the same rules as a typed one.

import type { InstrumentType } from '../types';

/** Where a file came from: a preset's id, `formue` for Formue's own export, else `generic`. */
export const IMPORT_SOURCES = ['nordnet', 'saxo', 'degiro', 'ibkr', 'formue', 'generic'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** What an imported row records: the four event kinds, and a typed price of an instrument. */
export const IMPORT_KINDS = ['buy', 'sell', 'dividend', 'split', 'price'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

/** How the row names its instrument; matched by ISIN, then symbol, then exact name. */
export interface ImportInstrument {
  /** An ISIN, or a crypto symbol for crypto (the investment's code). */
  isin?: string;
  /** The broker's ticker (Saxo `NOVOB:xcse`, IBKR `AAPL`), when the file has one. */
  symbol?: string;
  name: string;
  type?: InstrumentType;
}

/**
 * One row of a file, normalised. Decimals are JSON numbers with at most the contract's decimals
 * (shares 8, money 6), made from the file's text by the domain's decimal parser, never `Number()`
 * on raw text. `date` is the trade day as the broker wrote it, a calendar day.
 */
export interface ImportRow {
  /** The row's line in the file (1 = the first data row), for messages and the preview. */
  line: number;
  kind: ImportKind;
  /** YYYY-MM-DD. */
  date: string;
  instrument: ImportInstrument;
  /** The broker's own id of the row (Nordnet `Id`, IBKR `TransactionID`), unique per portfolio. */
  external_id?: string;
  /** Buy and sell: shares, price per share and fee in `currency_code`. */
  shares?: number;
  share_price?: number;
  fee?: number;
  /** Dividend: the amount received (after withholding tax when the file nets it). */
  amount?: number;
  /** Split: shares held after it, or the ratio `split_from` old shares become `split_to` new. */
  shares_after?: number;
  split_from?: number;
  split_to?: number;
  /** Split: shares sold for cash in lieu, their price, and whether the split row is hidden. */
  sold_shares?: number;
  sold_share_price?: number;
  hide?: boolean;
  currency_code: string;
  /** DKK per 1 unit of `currency_code` as the broker charged it (Nordnet `Vekslingskurs`). */
  exchange_rate?: number;
  /** Set by the user to import a row the server reports as a duplicate. */
  force?: boolean;
  /** Portfolio by name, for Formue's own export of several portfolios; else the target's. */
  portfolio?: string;
  /**
   * The user's match of the instrument: an investment of the row's portfolio (of the same type),
   * or `null` for a new investment; absent, the server matches by ISIN, ticker, then exact name.
   */
  investment_id?: number | null;
}

/** POST /api/v1/imports[?dry_run=1]. Exactly one of portfolio_id and portfolio_name. */
export interface ImportRequest {
  portfolio_id?: number;
  /** Creates the target portfolio in the import's transaction. */
  portfolio_name?: string;
  source: ImportSource;
  file_name?: string;
  rows: ImportRow[];
}

export const ROW_STATUSES = ['ok', 'warning', 'error', 'duplicate', 'skipped'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

/** The server's verdict on one row, by `line`. */
export interface ImportRowReport {
  line: number;
  status: RowStatus;
  /** Laravel-style messages per field of the row (`shares`, `date`, `instrument.isin`, …). */
  errors: Record<string, string[]>;
  warnings: string[];
  /** The existing investment the row goes to; absent when the import creates it. */
  investment_id?: number;
}

export interface ImportCounts {
  imported: number;
  duplicates: number;
  skipped: number;
  errors: number;
}

/** 200 of a dry run, and 422 of a commit refused (nothing written). */
export interface ImportReport {
  rows: ImportRowReport[];
  counts: ImportCounts;
}

/** 201 of a commit, and the items of GET /api/v1/imports. */
export interface ImportBatch {
  id: number;
  portfolio_id: number;
  source: ImportSource;
  file_name: string | null;
  /** ISO-8601. */
  created_at: string;
  /** Events the batch created and still holds. */
  events: number;
  counts: ImportCounts;
}

/** Formue's export (GET /api/v1/export), version 1: everything a user has, as entered. */
export interface FormueExport {
  formue: { format: 'formue-export'; version: 1; exported_at: string };
  portfolios: { id: number; name: string }[];
  investments: {
    id: number;
    portfolio_id: number;
    name: string;
    type: InstrumentType;
    /** ISIN, or the crypto symbol. */
    isin: string;
    /** `provider:symbol`, or null. */
    listing: string | null;
  }[];
  /** Every event as entered, in its own currency, fee included; `date` YYYY-MM-DD. */
  events: {
    id: number;
    investment_id: number;
    kind: 'buy' | 'sell' | 'dividend' | 'split';
    date: string;
    currency_code: string;
    shares?: number;
    share_price?: number;
    fee?: number;
    amount?: number;
    shares_after?: number;
    sold_shares?: number;
    sold_share_price?: number;
    hide?: boolean;
    exchange_rate?: number;
  }[];
  /** Typed prices. */
  prices: {
    id: number;
    investment_id: number;
    date: string;
    price: number;
    currency_code: string;
  }[];
}

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
] as const;
