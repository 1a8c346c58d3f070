import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse, sniff, type ImportRow } from '../../../src/domain/import';
import { delimited, isin, utf8 } from './files';
import { SAXO_HEADERS as HEADER, saxoXlsx, type SaxoLine } from './saxo-file';

const DANSK = { name: 'Eksempel Bank A/S', isin: isin('DK00000000E'), symbol: 'EXMPL:xcse' };
const ETF = { name: 'Example World ETF', isin: isin('IE00000000F'), symbol: 'EXWD:xams' };
const US = { name: 'Example Corp', isin: isin('US00000000G'), symbol: 'EXC:xnas' };
const UK = { name: 'Sample Holdings plc', isin: isin('GB00000000H'), symbol: 'SMPL:xlon' };

const LINES: SaxoLine[] = [
  ['2024-03-04', 'Trade', DANSK, 'DKK', 'Buy 10 @ 150.25 DKK', -1531.5, '5000000001', 1],
  // Two identical fills of one order.
  ['2024-03-05', 'Trade', DANSK, 'DKK', 'Buy 2 @ 149.50 DKK', -299, '5000000002', 1],
  ['2024-03-05', 'Trade', DANSK, 'DKK', 'Buy 2 @ 149.50 DKK', -299, '5000000002', 1],
  // 2 × 100.50 USD + 1 USD commission at the broker's 6.9.
  ['2024-04-10', 'Trade', US, 'USD', 'Buy 2 @ 100.50 USD', -1393.8, '5000000003', 6.9],
  ['2024-05-02', 'Corporate action', US, 'USD', 'Dividend', 6.9, '', 6.9],
  ['2024-05-02', 'Corporate action', US, 'USD', 'Withholding tax', -1.04, '', 6.9],
  // Pence, with the rate per penny.
  ['2024-06-03', 'Trade', UK, 'GBX', 'Buy 100 @ 496 GBX', -4319.55, '5000000004', 0.087],
  ['2024-07-01', 'Corporate action', DANSK, 'DKK', 'Stock split 1:4', 0, '', 1],
  ['2024-08-01', 'Cash transfer', null, 'DKK', 'Deposit', 10000, '', 1],
  // 23:30 on New Year's Eve is still 2024-12-31, in any time zone.
  ['2024-12-31 23:30', 'Trade', ETF, 'EUR', 'Sell 3 @ 139.74 EUR', 3112.36, '5000000005', 7.46],
];

const EXPECTED: ImportRow[] = [
  {
    line: 1,
    kind: 'buy',
    date: '2024-03-04',
    instrument: DANSK,
    external_id: '5000000001',
    shares: 10,
    share_price: 150.25,
    fee: 29,
    currency_code: 'DKK',
  },
  {
    line: 2,
    kind: 'buy',
    date: '2024-03-05',
    instrument: DANSK,
    external_id: '5000000002',
    shares: 2,
    share_price: 149.5,
    currency_code: 'DKK',
  },
  {
    line: 3,
    kind: 'buy',
    date: '2024-03-05',
    instrument: DANSK,
    external_id: '5000000002#2',
    shares: 2,
    share_price: 149.5,
    currency_code: 'DKK',
  },
  {
    line: 4,
    kind: 'buy',
    date: '2024-04-10',
    instrument: US,
    external_id: '5000000003',
    shares: 2,
    share_price: 100.5,
    fee: 1,
    currency_code: 'USD',
    exchange_rate: 6.9,
  },
  {
    line: 5,
    kind: 'dividend',
    date: '2024-05-02',
    instrument: US,
    // Gross, with its withholding tax line's; Saxo books it in DKK only, so it stays in DKK.
    amount: 6.9,
    withholding_tax: 1.04,
    currency_code: 'DKK',
  },
  {
    line: 7,
    kind: 'buy',
    date: '2024-06-03',
    instrument: UK,
    external_id: '5000000004',
    shares: 100,
    share_price: 4.96,
    fee: 0.5,
    currency_code: 'GBP',
    exchange_rate: 8.7,
  },
  {
    line: 8,
    kind: 'split',
    date: '2024-07-01',
    instrument: DANSK,
    split_from: 1,
    split_to: 4,
    currency_code: 'DKK',
  },
  // 3 × 139.74 = 419.22 EUR, less 2 EUR: 417.22 × 7.46 = 3112.46… booked 3112.36 leaves a 2.01 fee.
  {
    line: 10,
    kind: 'sell',
    date: '2024-12-31',
    instrument: ETF,
    external_id: '5000000005',
    shares: 3,
    share_price: 139.74,
    fee: 2.01,
    currency_code: 'EUR',
    exchange_rate: 7.46,
  },
];

describe('Saxo transactions report, xlsx', () => {
  const zone = process.env.TZ;
  beforeEach(() => {
    // Far from UTC, so a day read as a UTC midnight would show as the day before or after.
    process.env.TZ = 'Pacific/Kiritimati';
  });
  afterEach(() => {
    process.env.TZ = zone;
  });

  it('is recognised from its header, on its Transactions sheet', async () => {
    const sniffed = await sniff(saxoXlsx(LINES), 'Transactions.xlsx');
    expect(sniffed).toMatchObject({
      kind: 'xlsx',
      sheet: 'Transactions',
      encoding: null,
      preset: { id: 'saxo', label: 'Saxo transactions report' },
      rowCount: LINES.length,
      dateSpan: { from: '2024-03-04', to: '2024-12-31' },
      dateFormat: { value: 'yyyy-MM-dd' },
    });
  });

  it('reads quantity and price from Event, the fee from the booked amount', async () => {
    const result = await parse(saxoXlsx(LINES), {
      fileName: 'Transactions.xlsx',
    });
    expect(result.rows).toEqual(EXPECTED);
    expect(result.blocked).toBe(false);
    expect(result.lines[5]).toMatchObject({ status: 'skipped', reason: 'paired' });
    expect(result.lines[8]).toMatchObject({ status: 'skipped', reason: 'cash', word: 'Deposit' });
  });

  it('refuses a booked amount below shares × price, which no fee explains', async () => {
    const result = await parse(
      saxoXlsx([['2024-03-04', 'Trade', DANSK, 'DKK', 'Buy 10 @ 150.25 DKK', -1450, '501', 1]]),
      { fileName: 'Transactions.xlsx' },
    );
    expect(result.lines[0]?.messages).toContainEqual({
      level: 'error',
      code: 'amount.mismatch',
      field: 'amount',
      params: { currency: 'DKK', amount: '1450.00', computed: '1502.50' },
    });
  });
});

describe('Saxo transactions report, CSV', () => {
  // The CSV variant: `Amount`, days like 04-Mar-2024, and a comma in the amounts while the
  // rates have points: each column decides its own separator.
  function csv(extraCell = false): Uint8Array {
    const header = HEADER.map((name) => (name === 'Booked Amount' ? 'Amount' : name));
    const months = [
      'Jan',
      'Feb',
      'Mar',
      'Apr',
      'May',
      'Jun',
      'Jul',
      'Aug',
      'Sep',
      'Oct',
      'Nov',
      'Dec',
    ];
    const day = (iso: string) =>
      `${iso.slice(8, 10)}-${months[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}`;
    const rows = LINES.map(([when, type, inst, currency, event, booked, order, rate], i) => {
      const cells = [
        '',
        day(when),
        day(when),
        type,
        inst?.name ?? '',
        inst?.isin ?? '',
        currency,
        'Example Exchange',
        inst?.symbol ?? '',
        event,
        booked.toFixed(2).replace('.', ','),
        order,
        String(rate),
      ];
      return extraCell && i === 0 ? [...cells, ''] : cells;
    });
    return utf8(delimited([header, ...rows], ','));
  }

  it('gives the same rows as the xlsx, with a ragged row', async () => {
    const sniffed = await sniff(csv(true), 'saxo.csv');
    expect(sniffed.preset?.id).toBe('saxo');
    expect(sniffed.dateFormat.value).toBe('dd-MMM-yyyy');
    expect(sniffed.numberColumns).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ column: 'Amount', decimalSeparator: ',' }),
        expect.objectContaining({ column: 'Conversion Rate', decimalSeparator: '.' }),
      ]),
    );
    const result = await parse(csv(true), { fileName: 'saxo.csv' });
    expect(result.rows).toEqual(EXPECTED);
    expect(result.lines[0]?.messages.map((m) => m.code)).toContain('row.ragged');
  });
});
