import { describe, expect, it } from 'vitest';
import {
  FORMUE_CSV_COLUMNS,
  formueExportRows,
  parse,
  sniff,
  toFormueCsv,
  type FormueExport,
} from '../../../src/domain/import';
import { isin, utf8 } from './files';

/** A buy of 10 of investment 10 at 150.25 DKK on 4 March 2024. */
const FUND_BUY = {
  investment_id: 10,
  kind: 'buy',
  date: '2024-03-04',
  currency_code: 'DKK',
  shares: 10,
  share_price: 150.25,
  fee: 29,
} as const;

const EXPORT: FormueExport = {
  formue: { format: 'formue-export', version: 1, exported_at: '2026-11-27T09:00:00.000Z' },
  portfolios: [
    { id: 1, name: 'Frie midler' },
    { id: 2, name: 'Aktiesparekonto, "ASK"' },
  ],
  investments: [
    {
      id: 10,
      portfolio_id: 1,
      name: 'Eksempel Global Indeks',
      type: 'stock',
      isin: isin('DK00000000P'),
      listing: null,
    },
    {
      id: 11,
      portfolio_id: 2,
      name: 'Example Corp, Inc.',
      type: 'stock',
      isin: isin('US00000000Q'),
      listing: 'fake:EXC',
    },
    { id: 12, portfolio_id: 1, name: 'Bitcoin', type: 'crypto', isin: 'BTC', listing: null },
  ],
  events: [
    // Two identical buys of one day, each its own event.
    { id: 100, ...FUND_BUY },
    { id: 101, ...FUND_BUY },
    {
      id: 102,
      investment_id: 11,
      kind: 'buy',
      date: '2024-04-10',
      currency_code: 'USD',
      shares: 2,
      share_price: 100.5,
      fee: 1,
      exchange_rate: 6.9,
    },
    {
      id: 103,
      investment_id: 11,
      kind: 'dividend',
      date: '2024-05-02',
      currency_code: 'USD',
      amount: 1,
      withholding_tax: 0.15,
    },
    {
      id: 104,
      investment_id: 10,
      kind: 'split',
      date: '2024-07-01',
      currency_code: 'DKK',
      shares_after: 80,
      sold_shares: 0.5,
      sold_share_price: 37.5,
      hide: false,
    },
    {
      id: 105,
      investment_id: 12,
      kind: 'buy',
      date: '2024-12-31',
      currency_code: 'EUR',
      shares: 0.00000001,
      share_price: 91234.123456,
    },
    {
      id: 106,
      investment_id: 10,
      kind: 'sell',
      date: '2024-12-31',
      currency_code: 'DKK',
      shares: 4,
      share_price: 1234.56,
      fee: 29,
    },
  ],
  prices: [{ id: 7, investment_id: 10, date: '2024-12-30', price: 151.5, currency_code: 'DKK' }],
};

describe("Formue's own export", () => {
  it('writes the canonical CSV: UTF-8, ",", ISO days, point decimals, one row per event', () => {
    const csv = toFormueCsv(EXPORT);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(FORMUE_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + EXPORT.events.length + EXPORT.prices.length + 1);
    expect(lines[3]).toBe(
      `102,"Aktiesparekonto, ""ASK""","Example Corp, Inc.",${isin('US00000000Q')},stock,buy,2024-04-10,2,100.5,1,,,,,,USD,6.9,`,
    );
    expect(lines[4]).toMatch(/,dividend,2024-05-02,,,,1,,,,,USD,,0\.15$/);
    // No exponent form, however small.
    expect(csv).toContain(',0.00000001,91234.123456,');
  });

  it('reads its CSV back as the same rows as the JSON (round trip)', async () => {
    const csv = utf8(toFormueCsv(EXPORT));
    const json = utf8(JSON.stringify(EXPORT));
    const fromCsv = await parse(csv, { fileName: 'formue.csv' });
    const fromJson = await parse(json, { fileName: 'formue.json' });
    expect(fromCsv.preset?.id).toBe('formue-csv');
    expect(fromJson.preset?.id).toBe('formue-json');
    expect(fromCsv.rows).toEqual(formueExportRows(EXPORT));
    expect(fromJson.rows).toEqual(fromCsv.rows);
    expect(fromCsv.rows[0]).toEqual({
      line: 1,
      kind: 'buy',
      date: '2024-03-04',
      instrument: { name: 'Eksempel Global Indeks', isin: isin('DK00000000P'), type: 'stock' },
      external_id: 'event-100',
      currency_code: 'DKK',
      portfolio: 'Frie midler',
      shares: 10,
      share_price: 150.25,
      fee: 29,
    });
    expect(fromCsv.rows.at(-1)).toMatchObject({
      kind: 'price',
      external_id: 'price-7',
      share_price: 151.5,
    });
    expect(fromCsv.rows[3]).toMatchObject({
      kind: 'dividend',
      amount: 1,
      withholding_tax: 0.15,
      currency_code: 'USD',
    });
    expect(fromCsv.rows[4]).toMatchObject({
      kind: 'split',
      shares_after: 80,
      sold_shares: 0.5,
      hide: false,
    });
    expect((await sniff(json, 'formue.json')).preset?.label).toBe('Formue export (JSON)');
  });

  it("reads the JSON's cash and benchmark as the request's (issue 38), a damaged entry on its line", async () => {
    const withCash = {
      ...EXPORT,
      portfolios: [{ ...EXPORT.portfolios[0], cash: true }, EXPORT.portfolios[1]],
      cash: [
        {
          id: 3,
          portfolio_id: 1,
          type: 'deposit',
          amount: 10000,
          currency_code: 'DKK',
          date: '2024-01-02',
        },
        {
          id: 4,
          portfolio_id: 1,
          type: 'gift',
          amount: 5,
          currency_code: 'DKK',
          date: '2024-01-03',
        },
      ],
      benchmark: { type: 'stock', isin: 'DK0060005254' },
    };
    const result = await parse(utf8(JSON.stringify(withCash)), { fileName: 'formue.json' });
    const first = EXPORT.events.length + EXPORT.prices.length + 1;
    expect(result.cash).toEqual([
      {
        line: first,
        kind: 'deposit',
        date: '2024-01-02',
        amount: 10000,
        currency_code: 'DKK',
        external_id: 'cash-3',
        portfolio: 'Frie midler',
      },
    ]);
    expect(result.extras).toEqual({
      cash_portfolios: ['Frie midler'],
      benchmark: { type: 'stock', isin: 'DK0060005254' },
    });
    expect(result.lines.slice(-2).map((line) => [line.line, line.status])).toEqual([
      [first, 'ok'],
      [first + 1, 'error'],
    ]);
  });

  it('reads a CSV exported before withholding_tax: its dividends have none', async () => {
    // Its last column, withholding_tax, is new (no cell of it has a comma).
    const csv = toFormueCsv(EXPORT).replace(/,[^,\r\n]*\r\n/g, '\r\n');
    const result = await parse(utf8(csv), { fileName: 'formue.csv' });
    expect(result.rows[3]).toMatchObject({ kind: 'dividend', amount: 1 });
    expect(result.rows[3]).not.toHaveProperty('withholding_tax');
  });

  it('flags a CSV row whose day is not ISO on its line, naming the format it expects', async () => {
    const csv = toFormueCsv(EXPORT).replace(',2024-04-10,', ',10.4.2024,');
    const result = await parse(utf8(csv), { fileName: 'formue.csv' });
    expect(result.lines[2]).toMatchObject({
      status: 'error',
      messages: [
        {
          level: 'error',
          code: 'date.unreadable',
          field: 'date',
          params: { value: '10.4.2024', format: 'yyyy-MM-dd' },
        },
      ],
    });
    expect(result.rows).toHaveLength(EXPORT.events.length + EXPORT.prices.length - 1);
  });
});
