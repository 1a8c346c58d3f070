import { describe, expect, it } from 'vitest';
import { parse, sniff } from '../../../src/domain/import';
import { latin1, utf8, utf16be, utf16le } from './files';
import { INDEX_FUND, nordnetFile } from './nordnet-file';

describe('files that cannot be imported each say why', () => {
  it('an empty file', async () => {
    expect((await sniff(new Uint8Array(), 'empty.csv')).problem?.code).toBe('file.empty');
    const result = await parse(utf8(' \r\n'), { fileName: 'blank.csv' });
    expect(result).toMatchObject({
      rows: [],
      blocked: true,
      problem: { level: 'error', code: 'file.empty' },
    });
  });

  it('a binary file', async () => {
    const bytes = Uint8Array.from({ length: 2048 }, (_, i) => (i * 7919 + 13) % 256);
    expect((await sniff(bytes, 'photo.jpg')).problem?.code).toBe('file.binary');
  });

  it('an old .xls workbook and a broken xlsx', async () => {
    const xls = Uint8Array.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0]);
    expect((await sniff(xls, 'old.xls')).problem?.code).toBe('file.xls_unsupported');
    const zip = Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]);
    expect((await parse(zip, { fileName: 'broken.xlsx' })).problem?.code).toBe(
      'file.xlsx_unreadable',
    );
  });

  it('a CSV with no recognisable columns', async () => {
    const prose = utf8('Dear customer,\nthank you for your order\n');
    expect((await sniff(prose, 'letter.csv')).problem?.code).toBe('file.no_columns');
    const unknown = utf8('colour,flavour\nred,sweet\nblue,sour\n');
    const sniffed = await sniff(unknown, 'odd.csv');
    expect(sniffed).toMatchObject({
      preset: null,
      problem: { level: 'warning', code: 'file.no_columns' },
    });
    expect((await parse(unknown, { fileName: 'odd.csv' })).problem).toEqual({
      level: 'error',
      code: 'file.no_columns',
    });
  });

  it('a JSON file that is not Formue’s export', async () => {
    expect((await sniff(utf8('{"hello": 1}'), 'x.json')).problem?.code).toBe(
      'file.json_unreadable',
    );
  });

  it('a Formue export with damaged rows flags each on its line; the other rows import', async () => {
    const envelope = { format: 'formue-export', version: 1, exported_at: '2026-11-27T09:00:00Z' };
    const investment = {
      id: 2,
      portfolio_id: 1,
      name: 'Eksempel Global Indeks',
      type: 'stock',
      isin: 'DK0000000001',
      listing: null,
    };
    const event = {
      id: 1,
      investment_id: 2,
      kind: 'buy',
      date: '2024-03-04',
      currency_code: 'DKK',
      shares: 1,
      share_price: 100,
    };
    const price = { id: 7, investment_id: 2, date: '2024-03-05', price: 101, currency_code: 'DKK' };
    const file = utf8(
      JSON.stringify({
        formue: envelope,
        portfolios: [{ id: 1, name: 'Frie midler' }],
        investments: [investment],
        events: [
          event,
          { ...event, id: 3, kind: 'gift' },
          { ...event, id: 4, date: '4.3.2024' },
          { ...event, id: 5, shares: 'many' },
        ],
        prices: [price, { ...price, id: 8, price: undefined }],
      }),
    );
    expect((await sniff(file, 'formue.json')).problem).toBeUndefined();
    const result = await parse(file, { fileName: 'formue.json' });
    expect(result.problem).toBeUndefined();
    expect(result.lines).toEqual([
      { line: 1, status: 'ok', word: 'buy', messages: [] },
      {
        line: 2,
        status: 'error',
        word: 'gift',
        messages: [
          { level: 'error', code: 'type.unknown', field: 'kind', params: { word: 'gift' } },
        ],
      },
      {
        line: 3,
        status: 'error',
        word: 'buy',
        messages: [
          {
            level: 'error',
            code: 'date.unreadable',
            field: 'date',
            params: { value: '4.3.2024', format: 'yyyy-MM-dd' },
          },
        ],
      },
      {
        line: 4,
        status: 'error',
        word: 'buy',
        messages: [
          { level: 'error', code: 'number.unreadable', field: 'shares', params: { value: 'many' } },
        ],
      },
      { line: 5, status: 'ok', word: 'price', messages: [] },
      {
        line: 6,
        status: 'error',
        word: 'price',
        messages: [{ level: 'error', code: 'number.missing', field: 'share_price' }],
      },
    ]);
    expect(result.rows.map((row) => [row.line, row.external_id])).toEqual([
      [1, 'event-1'],
      [5, 'price-7'],
    ]);
    expect(result.rows[0]).toMatchObject({
      instrument: { name: 'Eksempel Global Indeks' },
      portfolio: 'Frie midler',
    });
  });

  it('a JSON file with Formue’s header but not its four lists is not an export', async () => {
    const envelope = { format: 'formue-export', version: 1, exported_at: '2026-11-27T09:00:00Z' };
    for (const data of [
      { formue: envelope, portfolios: [], investments: [], events: [] },
      { formue: envelope, portfolios: [], investments: [], events: {}, prices: [] },
      {
        formue: { ...envelope, format: 'other' },
        portfolios: [],
        investments: [],
        events: [],
        prices: [],
      },
    ])
      expect((await sniff(utf8(JSON.stringify(data)), 'x.json')).problem?.code).toBe(
        'file.json_unreadable',
      );
  });

  it('a file whose every row is invalid', async () => {
    const file = nordnetFile([
      {
        id: '1',
        day: '2024-13-45',
        type: 'KØBT',
        ...INDEX_FUND,
        shares: '1',
        price: '1',
        amount: '-1',
      },
      {
        id: '2',
        day: 'yesterday',
        type: 'KØBT',
        ...INDEX_FUND,
        shares: 'many',
        price: '1',
        amount: '-1',
      },
    ]);
    const result = await parse(file, { fileName: 'x.csv' });
    expect(result.rows).toEqual([]);
    expect(result.blocked).toBe(true);
    expect(result.problem).toEqual({
      level: 'error',
      code: 'file.all_invalid',
      params: { lines: 2 },
    });
    expect(result.lines[1]?.messages).toEqual(
      expect.arrayContaining([
        {
          level: 'error',
          code: 'date.unreadable',
          field: 'date',
          params: { value: 'yesterday', format: 'yyyy-MM-dd' },
        },
        { level: 'error', code: 'number.unreadable', field: 'shares', params: { value: 'many' } },
      ]),
    );
  });

  it('a row in a currency Formue does not support is an error of that row', async () => {
    const file = nordnetFile([
      {
        id: '1',
        day: '2024-03-04',
        type: 'KØBT',
        ...INDEX_FUND,
        shares: '1',
        price: '1',
        fee: '1',
        currency: 'CHF',
        amount: '-7',
      },
      {
        id: '2',
        day: '2024-03-04',
        type: 'KØBT',
        ...INDEX_FUND,
        shares: '1',
        price: '1',
        amount: '-1',
      },
    ]);
    const result = await parse(file, { fileName: 'x.csv' });
    expect(result.lines[0]?.messages).toContainEqual({
      level: 'error',
      code: 'currency.unsupported',
      field: 'currency_code',
      params: { value: 'CHF' },
    });
    expect(result.rows.map((row) => row.line)).toEqual([2]);
    expect(result.problem).toBeUndefined();
  });

  it('reads UTF-16BE and windows-1252 text', async () => {
    const csv = 'Dato;Type;Navn;Antal;Kurs;Valuta\r\n04-03-2024;Køb;Ærø Øl;2;10,5;DKK\r\n';
    // UTF-16 without a BOM is told by its NUL bytes.
    for (const bytes of [utf16be(`\ufeff${csv}`), utf16le(csv, false), latin1(csv)]) {
      const sniffed = await sniff(bytes, 'bank.csv');
      expect(sniffed.headers).toEqual(['Dato', 'Type', 'Navn', 'Antal', 'Kurs', 'Valuta']);
      expect(sniffed.preview[0]?.[2]).toBe('Ærø Øl');
    }
  });
});
