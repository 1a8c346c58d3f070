import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/domain/import';
import { isin } from './files';
import { INDEX_FUND, US_STOCK } from './nordnet-file';

// Tiny files committed as bytes (written once by the generators beside them), so a change in a
// generator cannot hide a change in what the reader accepts.
const read = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./samples/${name}`, import.meta.url)));

describe('committed sample files', () => {
  it.each([
    [
      'nordnet-da.csv',
      'nordnet-da',
      [
        {
          line: 2,
          kind: 'dividend',
          date: '2024-05-02',
          instrument: US_STOCK,
          external_id: '1000000002',
          // Gross, with the UDBYTTESKAT line's tax; 2 × 0.50 at the rate 6.9 is its DKK 6.90,
          // in a currency the file does not name (no trade of it here): kept in DKK.
          amount: 6.9,
          withholding_tax: 1.04,
          currency_code: 'DKK',
        },
        {
          line: 3,
          kind: 'buy',
          date: '2024-03-04',
          instrument: INDEX_FUND,
          external_id: '1000000001',
          shares: 10,
          share_price: 150.25,
          fee: 29,
          currency_code: 'DKK',
        },
      ],
    ],
    [
      'degiro-account.csv',
      'degiro-account',
      [
        {
          line: 1,
          kind: 'buy',
          date: '2024-03-04',
          instrument: US_STOCK,
          external_id: '00000000-0000-0000-0000-000000000001',
          shares: 2,
          share_price: 100.5,
          currency_code: 'USD',
        },
      ],
    ],
    [
      'ibkr-flex.csv',
      'ibkr-flex',
      [
        {
          line: 1,
          kind: 'buy',
          date: '2024-03-04',
          instrument: { name: US_STOCK.isin, isin: US_STOCK.isin },
          external_id: '900000001',
          shares: 5,
          share_price: 100.5,
          fee: 1,
          currency_code: 'USD',
        },
      ],
    ],
    [
      'saxo-transactions.xlsx',
      'saxo',
      [
        {
          line: 1,
          kind: 'buy',
          date: '2024-03-04',
          instrument: {
            name: 'Eksempel Bank A/S',
            isin: isin('DK00000000E'),
            symbol: 'EXMPL:xcse',
          },
          external_id: '5000000001',
          shares: 10,
          share_price: 150.25,
          fee: 29,
          currency_code: 'DKK',
        },
      ],
    ],
  ])('%s', async (name, preset, rows) => {
    const result = await parse(read(name), { fileName: name });
    expect(result.preset?.id).toBe(preset);
    expect(result.rows).toEqual(rows);
    expect(result.blocked).toBe(false);
  });
});
