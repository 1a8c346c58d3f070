// A broker file's cash lines (issue 38) become the import request's `cash` rows: deposits,
// withdrawals, interest and fees by the type word and the amount's sign, in real Nordnet rows.
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/domain/import';
import { cashKindOf } from '../../../src/domain/import/presets';
import { nordnetFile, type NordnetLine } from './nordnet-file';

const LINES: NordnetLine[] = [
  { id: '1000000301', day: '2024-03-01', type: 'INDBETALING', amount: '10.000,00' },
  { id: '1000000302', day: '2024-04-02', type: 'HÆVNING', amount: '-2.500,50' },
  { id: '1000000303', day: '2024-06-30', type: 'KREDITRENTE', amount: '12,34' },
  { id: '1000000304', day: '2024-07-31', type: 'DEBITRENTE', amount: '-3,10' },
  { id: '1000000305', day: '2024-12-31', type: 'AFKASTSKAT ASK', amount: '-170,00' },
];

describe('cash lines of a Nordnet export', () => {
  it('become cash rows, the lines still shown as cash', async () => {
    // Nordnet lists newest first.
    const result = await parse(nordnetFile([...LINES].reverse()), { fileName: 'x.csv' });
    expect(result.rows).toEqual([]);
    expect(result.lines.every((line) => line.status === 'skipped' && line.reason === 'cash')).toBe(
      true,
    );
    expect(result.cash).toEqual([
      {
        line: 1,
        kind: 'withdrawal',
        date: '2024-12-31',
        amount: 170,
        currency_code: 'DKK',
        external_id: '1000000305',
      },
      {
        line: 2,
        kind: 'fee',
        date: '2024-07-31',
        amount: 3.1,
        currency_code: 'DKK',
        external_id: '1000000304',
      },
      {
        line: 3,
        kind: 'interest',
        date: '2024-06-30',
        amount: 12.34,
        currency_code: 'DKK',
        external_id: '1000000303',
      },
      {
        line: 4,
        kind: 'withdrawal',
        date: '2024-04-02',
        amount: 2500.5,
        currency_code: 'DKK',
        external_id: '1000000302',
      },
      {
        line: 5,
        kind: 'deposit',
        date: '2024-03-01',
        amount: 10000,
        currency_code: 'DKK',
        external_id: '1000000301',
      },
    ]);
  });

  it.each([
    ['INDBETALING', '100', 'deposit'],
    ['OVERFØRSEL', '-100', 'withdrawal'],
    ['Deposits/Withdrawals', '-5', 'withdrawal'],
    ['Broker Interest Received', '1.5', 'interest'],
    ['Broker Interest Paid', '-1.5', 'fee'],
    ['Custody Fee', '-25', 'fee'],
  ])('%s of %s is a %s', (word, amount, kind) => {
    expect(cashKindOf(word, amount)).toBe(kind);
  });
});
