// Nordnet's export checked against its own figures: each trade's amount (Beløb) and the running
// cash balance (Saldo).
import { describe, expect, it } from 'vitest';
import { parse, type ImportMessage, type ImportRow } from '../../../src/domain/import';
import { APPLE, BANK, DOLLAR_PRICE_DKK_FEE, nordnetFile, type NordnetLine } from './nordnet-file';
import { FUND_BUY } from './nordnet-history';

describe("Nordnet: each trade's money held against the file's own amount (Beløb)", () => {
  const trade = (line: Partial<NordnetLine>): NordnetLine => ({
    id: '1000000100',
    day: '2024-09-02',
    type: 'KØBT',
    ...APPLE,
    amount: '0',
    ...line,
  });
  const dated = { line: 1, date: '2024-09-02', instrument: APPLE, external_id: '1000000100' };

  it.each<[string, Partial<NordnetLine>, Partial<ImportRow> | undefined, ImportMessage]>([
    [
      // The defect: the fee's Valuta says DKK, the price is in dollars; 3 × 185.5 × 6.8912.
      'the price in the trading currency, the fee column in DKK',
      DOLLAR_PRICE_DKK_FEE,
      { kind: 'buy', shares: 3, share_price: 1278.3176, currency_code: 'DKK' },
      {
        level: 'info',
        code: 'amount.price_in_trading_currency',
        field: 'share_price',
        params: {
          price: '185.5',
          rate: '6.8912',
          converted: '1278.3176',
          currency: 'DKK',
          amount: '3834.95',
        },
      },
    ],
    [
      'a sell in the trading currency less a fee in DKK',
      {
        type: 'SOLGT',
        shares: '2',
        price: '190',
        fee: '29',
        currency: 'DKK',
        rate: '6,9',
        amount: '2.593,00',
      },
      { kind: 'sell', shares: 2, share_price: 1311, fee: 29, currency_code: 'DKK' },
      expect.objectContaining({ code: 'amount.price_in_trading_currency' }) as ImportMessage,
    ],
    [
      'an amount that is not shares × price + fee',
      { ...BANK, shares: '10', price: '80', amount: '-850' },
      undefined,
      {
        level: 'error',
        code: 'amount.mismatch',
        field: 'amount',
        params: { currency: 'DKK', amount: '850.00', computed: '800.00' },
      },
    ],
    [
      'a dollar fee the amount does not hold',
      {
        shares: '3',
        price: '185,5',
        fee: '1',
        currency: 'USD',
        rate: '6,8912',
        amount: '-3.834,95',
      },
      undefined,
      {
        level: 'error',
        code: 'amount.mismatch',
        field: 'amount',
        params: { currency: 'DKK', amount: '3834.95', computed: '3841.84' },
      },
    ],
  ])('%s', async (_, line, row, message) => {
    const result = await parse(nordnetFile([trade(line)]), { fileName: 'x.csv' });
    expect(result.lines[0]?.messages).toContainEqual(message);
    if (row) expect(result.rows).toEqual([{ ...dated, ...row }]);
    else expect(result).toMatchObject({ rows: [], lines: [{ status: 'error' }] });
  });

  it.each<[string, Partial<NordnetLine>]>([
    [
      'in dollars with a dollar fee',
      {
        shares: '3',
        price: '185,5',
        fee: '1',
        currency: 'USD',
        rate: '6,8912',
        amount: '-3.841,84',
      },
    ],
    // 185,500 dollars at a rate of 6.89123 the file prints as 6,8912: 5.57 kroner apart.
    [
      'a rate rounded to its printed decimals',
      {
        shares: '1000',
        price: '185,5',
        currency: 'USD',
        fee: '0',
        rate: '6,8912',
        amount: '-1.278.323,17',
      },
    ],
    [
      'øre rounding',
      {
        shares: '3',
        price: '185,5',
        fee: '0',
        currency: 'USD',
        rate: '6,8912',
        amount: '-3.834,96',
      },
    ],
  ])('takes a trade %s as it is', async (_, line) => {
    const result = await parse(nordnetFile([trade(line)]), { fileName: 'x.csv' });
    expect(result.lines[0]).toMatchObject({ status: 'ok', messages: [] });
    expect(result.rows[0]).toMatchObject({ currency_code: 'USD', share_price: 185.5 });
  });
});

describe('Nordnet: the running cash balance (Saldo)', () => {
  // Oldest first; two depots, each with its own balance.
  const LEDGER: NordnetLine[] = [
    {
      id: '1000000201',
      day: '2024-03-01',
      type: 'INDBETALING',
      amount: '10.000,00',
      balance: '10.000,00',
    },
    {
      id: '1000000202',
      day: '2024-03-01',
      type: 'INDBETALING',
      amount: '500,00',
      balance: '500,00',
      depot: '22222222',
    },
    { id: '1000000203', ...FUND_BUY, amount: '-1.531,50', balance: '8.468,50' },
    { id: '1000000204', day: '2024-03-04', ...DOLLAR_PRICE_DKK_FEE, balance: '4.633,55' },
    {
      id: '1000000205',
      day: '2024-05-02',
      type: 'UDBYTTE',
      ...APPLE,
      amount: '6,90',
      balance: '4.640,45',
    },
    {
      id: '1000000206',
      day: '2024-05-02',
      type: 'UDBYTTESKAT',
      ...APPLE,
      amount: '-1,04',
      balance: '4.639,41',
    },
    {
      id: '1000000207',
      day: '2024-06-01',
      type: 'HÆVNING',
      amount: '-100,00',
      balance: '400,00',
      depot: '22222222',
    },
  ];
  const file = (lines: NordnetLine[]) => nordnetFile([...lines].reverse());

  it('adds up per depot, cash lines too', async () => {
    const { balances } = await parse(file(LEDGER), { fileName: 'x.csv' });
    expect(balances).toEqual([
      {
        account: '11111111',
        currency: 'DKK',
        expected: '4639.41',
        computed: '4639.41',
        line: 2,
        ok: true,
      },
      { account: '22222222', currency: 'DKK', expected: '400', computed: '400', line: 1, ok: true },
    ]);
  });

  it('names the line where a missing line breaks it', async () => {
    const gap = LEDGER.filter((line) => line.id !== '1000000205');
    const { balances } = await parse(file(gap), { fileName: 'x.csv' });
    // The tax line, second in the file (newest first), is the first that does not add up.
    expect(balances[0]).toEqual({
      account: '11111111',
      currency: 'DKK',
      expected: '4639.41',
      computed: '4632.51',
      line: 2,
      ok: false,
    });
  });
});
