import { describe, expect, it } from 'vitest';
import { parse, sniff } from '../../../src/domain/import';
import { isin, utf8 } from './files';

const US = { name: 'EXAMPLE CORP', isin: isin('US00000000M'), symbol: 'EXC' };
const UK = { name: 'SAMPLE HOLDINGS PLC', isin: isin('GB00000000N'), symbol: 'SMPL' };

/** Flex Query CSV: every cell quoted, as IBKR writes it. */
function flex(rows: string[][]): Uint8Array {
  return utf8(rows.map((row) => row.map((cell) => `"${cell}"`).join(',')).join('\n') + '\n');
}

describe('Interactive Brokers Flex Query CSV', () => {
  const header = [
    'Buy/Sell',
    'TradeDate',
    'ISIN',
    'Symbol',
    'Description',
    'Quantity',
    'TradePrice',
    'TradeMoney',
    'CurrencyPrimary',
    'IBCommission',
    'IBCommissionCurrency',
    'FXRateToBase',
    'TransactionID',
  ];
  /** A trade of US in dollars, commission in dollars, at 6.9 DKK per dollar. */
  const usTrade = (
    side: string,
    day: string,
    quantity: string,
    price: string,
    money: string,
    commission: string,
    id: string,
  ) => [
    side,
    day,
    US.isin,
    US.symbol,
    US.name,
    quantity,
    price,
    money,
    'USD',
    commission,
    'USD',
    '6.9',
    id,
  ];
  const trades = flex([
    header,
    usTrade('BUY', '20240304', '5', '100.50', '502.5', '-1', '900000001'),
    usTrade('BUY (Ca.)', '20240304', '5', '100.50', '502.5', '-1', '900000002'),
    // Two identical fills, each with its own id.
    usTrade('BUY', '20240305', '3', '1000.125', '3000.375', '-0.35', '900000003'),
    usTrade('BUY', '20240305', '3', '1000.125', '3000.375', '-0.35', '900000004'),
    [
      'SELL',
      '20240603',
      UK.isin,
      UK.symbol,
      UK.name,
      '-100',
      '496',
      '-49600',
      'GBX',
      '-50',
      'GBX',
      '0.087',
      '900000005',
      '',
    ],
    // Trade time 23:30 exchange-local: the day stays the day.
    [
      'SELL',
      '20241231;233000',
      US.isin,
      US.symbol,
      US.name,
      '-2',
      '110',
      '-220',
      'USD',
      '-1',
      'USD',
      '6.8',
      '900000006',
    ],
  ]);

  it('reads trades: dot decimals ("1000.125" is no thousand), signs, commissions', async () => {
    const sniffed = await sniff(trades, 'flex.csv');
    expect(sniffed).toMatchObject({
      preset: { id: 'ibkr-flex' },
      dateFormat: { value: 'yyyyMMdd' },
      decimalSeparator: { value: '.' },
    });
    const result = await parse(trades, { fileName: 'flex.csv' });
    const filled = {
      kind: 'buy',
      date: '2024-03-05',
      instrument: US,
      shares: 3,
      share_price: 1000.125,
      fee: 0.35,
      currency_code: 'USD',
      exchange_rate: 6.9,
    };
    expect(result.rows).toEqual([
      {
        line: 1,
        kind: 'buy',
        date: '2024-03-04',
        instrument: US,
        external_id: '900000001',
        shares: 5,
        share_price: 100.5,
        fee: 1,
        currency_code: 'USD',
        exchange_rate: 6.9,
      },
      { line: 3, ...filled, external_id: '900000003' },
      { line: 4, ...filled, external_id: '900000004' },
      {
        line: 5,
        kind: 'sell',
        date: '2024-06-03',
        instrument: UK,
        external_id: '900000005',
        shares: 100,
        share_price: 4.96,
        fee: 0.5,
        currency_code: 'GBP',
        exchange_rate: 8.7,
      },
      {
        line: 6,
        kind: 'sell',
        date: '2024-12-31',
        instrument: US,
        external_id: '900000006',
        shares: 2,
        share_price: 110,
        fee: 1,
        currency_code: 'USD',
        exchange_rate: 6.8,
      },
    ]);
    expect(result.lines[1]).toMatchObject({ status: 'skipped', reason: 'cancelled' });
    expect(result.lines[4]?.messages.map((m) => m.code)).toContain('row.ragged');
  });

  it("holds a trade against its TradeMoney, the file's shares × price", async () => {
    const file = flex([
      header,
      usTrade('BUY', '20240304', '5', '100.50', '502.5', '-1', '900000001'),
      usTrade('BUY', '20240305', '5', '100.50', '520.5', '-1', '900000002'),
    ]);
    const { lines, rows } = await parse(file, { fileName: 'flex.csv' });
    expect(lines[0]?.status).toBe('ok');
    expect(lines[1]).toMatchObject({
      status: 'error',
      messages: [
        {
          level: 'error',
          code: 'amount.mismatch',
          field: 'amount',
          params: { currency: 'USD', amount: '520.50', computed: '502.50' },
        },
      ],
    });
    expect(rows.map((row) => row.external_id)).toEqual(['900000001']);
  });

  it('reads the cash section: a dividend gross with its withholding tax, a split from its text', async () => {
    const cash = flex([
      [
        'Type',
        'SettleDate',
        'ISIN',
        'Symbol',
        'Description',
        'Amount',
        'CurrencyPrimary',
        'TransactionID',
      ],
      [
        'Dividends',
        '2024-05-02',
        US.isin,
        US.symbol,
        'EXC(US) CASH DIVIDEND USD 0.20 PER SHARE',
        '1.00',
        'USD',
        '900000010',
      ],
      [
        'Withholding Tax',
        '2024-05-02',
        US.isin,
        US.symbol,
        'EXC(US) CASH DIVIDEND - US TAX',
        '-0.15',
        'USD',
        '900000011',
      ],
      ['Deposits/Withdrawals', '2024-03-01', '', '', 'CASH RECEIPTS', '1000', 'DKK', '900000012'],
      ['FS', '2024-07-01', US.isin, US.symbol, 'EXC(US) SPLIT 4 FOR 1', '0', 'USD', '900000013'],
    ]);
    const result = await parse(cash, { fileName: 'cash.csv', typeWords: { FS: 'split' } });
    expect(result.rows).toEqual([
      {
        line: 1,
        kind: 'dividend',
        date: '2024-05-02',
        instrument: { ...US, name: 'EXC(US) CASH DIVIDEND USD 0.20 PER SHARE' },
        external_id: '900000010',
        amount: 1,
        withholding_tax: 0.15,
        currency_code: 'USD',
      },
      {
        line: 4,
        kind: 'split',
        date: '2024-07-01',
        instrument: { ...US, name: 'EXC(US) SPLIT 4 FOR 1' },
        external_id: '900000013',
        split_from: 1,
        split_to: 4,
        currency_code: 'USD',
      },
    ]);
    expect(result.dateFormat).toBe('yyyy-MM-dd');
  });
});
