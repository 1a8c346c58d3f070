import { describe, expect, it } from 'vitest';
import { parse, sniff, type ImportRow } from '../../../src/domain/import';
import { delimited, isin, utf8 } from './files';

const EU = { name: 'VOORBEELD NV', isin: isin('NL00000000J') };
const US = { name: 'EXAMPLE CORP', isin: isin('US00000000K') };
const UK = { name: 'SAMPLE HOLDINGS PLC', isin: isin('GB00000000L') };
const ORDER = (n: number) => `00000000-0000-0000-0000-00000000000${n}`;

/** The trades both DEGIRO files below hold, as read (each file adds its line numbers and fees). */
const TRADES = {
  sellEu: {
    kind: 'sell',
    date: '2024-12-31',
    instrument: EU,
    external_id: ORDER(6),
    shares: 4,
    share_price: 16.25,
    currency_code: 'EUR',
  },
  buyUk: {
    kind: 'buy',
    date: '2024-06-03',
    instrument: UK,
    external_id: ORDER(5),
    shares: 100,
    share_price: 4.96,
    currency_code: 'GBP',
  },
  buyUs: {
    kind: 'buy',
    date: '2024-04-10',
    instrument: US,
    external_id: ORDER(4),
    shares: 2,
    share_price: 100.5,
    currency_code: 'USD',
  },
  /** Its two identical fills: the second gets an id of its own, as the order's is taken. */
  buyEu: {
    kind: 'buy',
    date: '2024-03-05',
    instrument: EU,
    external_id: ORDER(2),
    shares: 5,
    share_price: 15.5,
    currency_code: 'EUR',
  },
} as const;
const SECOND_FILL = `${ORDER(2)}#2`;

describe('DEGIRO Account.csv (Dutch, decimal comma)', () => {
  const header = [
    'Datum',
    'Tijd',
    'Valutadatum',
    'Product',
    'ISIN',
    'Omschrijving',
    'FX',
    'Mutatie',
    '',
    'Saldo',
    '',
    'Order Id',
  ];
  type Inst = typeof EU | null;
  const row = (
    day: string,
    time: string,
    inst: Inst,
    text: string,
    currency: string,
    amount: string,
    order = '',
    fx = '',
  ) => [
    day,
    time,
    day,
    inst?.name ?? '',
    inst?.isin ?? '',
    text,
    fx,
    currency,
    amount,
    'EUR',
    '1.000,00',
    order,
  ];
  // Newest first, as DEGIRO writes it.
  const rows = [
    row('31-12-2024', '23:59', EU, 'Verkoop 4 @ 16,25 EUR', 'EUR', '65,00', ORDER(6)),
    row('01-07-2024', '09:00', US, 'Stock split 1:4', 'USD', '0,00'),
    row('03-06-2024', '10:15', UK, 'Koop 100 SAMPLE@496 GBX', 'GBX', '-49.600,00', ORDER(5)),
    row('02-05-2024', '07:00', US, 'Dividendbelasting', 'USD', '-0,15'),
    row('02-05-2024', '07:00', US, 'Dividend', 'USD', '1,00'),
    row('10-04-2024', '15:30', null, 'Valuta Debitering', 'EUR', '-185,17', ORDER(4), '1,0856'),
    row('10-04-2024', '15:30', null, 'Valuta Creditering', 'USD', '201,00', ORDER(4), '1,0856'),
    row('10-04-2024', '15:30', US, 'Koop 2 @ 100,5 USD', 'USD', '-201,00', ORDER(4)),
    row(
      '05-03-2024',
      '11:00',
      EU,
      'DEGIRO Transactiekosten en/of kosten van derden',
      'EUR',
      '-2,00',
      ORDER(2),
    ),
    // Two identical fills of one order.
    row('05-03-2024', '11:00', EU, 'Koop 5 @ 15,5 EUR', 'EUR', '-77,50', ORDER(2)),
    row('05-03-2024', '11:00', EU, 'Koop 5 @ 15,5 EUR', 'EUR', '-77,50', ORDER(2)),
    row('04-03-2024', '09:00', null, 'iDEAL storting', 'EUR', '1.000,00'),
    [...row('04-03-2024', '08:00', null, 'Degiro Cash Sweep Transfer', 'EUR', '0,00'), ''],
  ];
  const file = utf8(delimited([header, ...rows], ','));

  it('is recognised, and the other DEGIRO files are told apart', async () => {
    const sniffed = await sniff(file, 'Account.csv');
    expect(sniffed).toMatchObject({
      preset: { id: 'degiro-account' },
      separator: ',',
      dateFormat: { value: 'dd-MM-yyyy' },
      decimalSeparator: { value: ',' },
      dateSpan: { from: '2024-03-04', to: '2024-12-31' },
    });
    const portfolio = utf8(
      'Product,Symbol/ISIN,Quantity,Closing,Local value,,Value in EUR\r\nVOORBEELD NV,NL0000000001,10,"16,25",EUR,"162,50","162,50"\r\n',
    );
    expect((await sniff(portfolio, 'Portfolio.csv')).problem).toEqual({
      level: 'error',
      code: 'file.wrong_degiro_file',
      params: { file: 'Account.csv' },
    });
  });

  it('reads trades from Omschrijving, folds the fee, pairs the dividend tax', async () => {
    const result = await parse(file, { fileName: 'Account.csv' });
    const expected: ImportRow[] = [
      { line: 1, ...TRADES.sellEu },
      {
        line: 2,
        kind: 'split',
        date: '2024-07-01',
        instrument: US,
        split_from: 1,
        split_to: 4,
        currency_code: 'USD',
      },
      { line: 3, ...TRADES.buyUk },
      {
        line: 5,
        kind: 'dividend',
        date: '2024-05-02',
        instrument: US,
        // Gross, with its Dividendbelasting line's tax.
        amount: 1,
        withholding_tax: 0.15,
        currency_code: 'USD',
      },
      { line: 8, ...TRADES.buyUs },
      { line: 10, ...TRADES.buyEu },
      { line: 11, ...TRADES.buyEu, external_id: SECOND_FILL, fee: 2 },
    ];
    expect(result.rows).toEqual(expected);
    expect(result.blocked).toBe(false);
    expect(result.lines.map((line) => line.reason ?? line.status)).toEqual([
      'ok',
      'ok',
      'ok',
      'paired',
      'ok',
      'ignored',
      'ignored',
      'ok',
      'folded',
      'ok',
      'ok',
      'cash',
      'ignored',
    ]);
    expect(result.lines[12]?.messages.map((m) => m.code)).toContain('row.ragged');
  });
});

describe('DEGIRO Transactions.csv (English, decimal point)', () => {
  const header = [
    'Date',
    'Time',
    'Product',
    'ISIN',
    'Reference exchange',
    'Venue',
    'Quantity',
    'Price',
    '',
    'Local value',
    '',
    'Value EUR',
    'Exchange rate',
    'AutoFX Fee',
    'Transaction and/or third party fees EUR',
    'Total EUR',
    'Order ID',
  ];
  const fill = [
    '05-03-2024',
    '11:00',
    EU.name,
    EU.isin,
    'EAM',
    'XAMS',
    '5',
    '15.5',
    'EUR',
    '-77.50',
    'EUR',
    '-77.50',
    '',
    '0.00',
    '',
    '-77.50',
    ORDER(2),
  ];
  const rows = [
    [
      '31-12-2024',
      '23:59',
      EU.name,
      EU.isin,
      'EAM',
      'XAMS',
      '-4',
      '16.25',
      'EUR',
      '65.00',
      'EUR',
      '65.00',
      '',
      '0.00',
      '-2.00',
      '63.00',
      ORDER(6),
    ],
    [
      '03-06-2024',
      '10:15',
      UK.name,
      UK.isin,
      'LSE',
      'XLON',
      '100',
      '496',
      'GBX',
      '-49600.00',
      'GBX',
      '-585.04',
      '84.78',
      '0.00',
      '-1.00',
      '-586.04',
      ORDER(5),
    ],
    [
      '10-04-2024',
      '15:30',
      US.name,
      US.isin,
      'NSY',
      'XNYS',
      '2',
      '100.5',
      'USD',
      '-201.00',
      'USD',
      '-185.15',
      '1.0856',
      '-0.46',
      '-2.00',
      '-187.61',
      ORDER(4),
    ],
    // Two identical fills of one order.
    fill,
    fill,
  ];

  it('reads sells from the negative quantity and converts the EUR fee at the file rate', async () => {
    const file = utf8(delimited([header, ...rows], ','));
    expect((await sniff(file, 'Transactions.csv')).preset?.id).toBe('degiro-transactions');
    const result = await parse(file, { fileName: 'Transactions.csv' });
    const expected: ImportRow[] = [
      { line: 1, ...TRADES.sellEu, fee: 2 },
      // 1 EUR at 84.78 pence per euro is 0.8478 pounds.
      { line: 2, ...TRADES.buyUk, fee: 0.8478 },
      { line: 3, ...TRADES.buyUs, fee: 2.1712 },
      { line: 4, ...TRADES.buyEu },
      { line: 5, ...TRADES.buyEu, external_id: SECOND_FILL },
    ];
    expect(result.rows).toEqual(expected);
  });

  it("holds a trade against its Local value, the file's shares × price", async () => {
    const wrong = rows[2]?.map((cell, i) => (i === 9 ? '-210.00' : cell)) ?? [];
    const file = utf8(delimited([header, wrong], ','));
    const { lines } = await parse(file, { fileName: 'Transactions.csv' });
    expect(lines[0]?.messages).toContainEqual({
      level: 'error',
      code: 'amount.mismatch',
      field: 'amount',
      params: { currency: 'USD', amount: '210.00', computed: '201.00' },
    });
  });
});
