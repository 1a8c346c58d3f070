import { describe, expect, it } from 'vitest';
import { parse, sniff, type ParseOptions } from '../../../src/domain/import';
import { decideDecimal, evidence, readDecimal } from '../../../src/domain/import/decimal-text';
import { decideDateFormat, readDay } from '../../../src/domain/import/day-text';
import { isin, utf8, xlsx } from './files';

const FUND = isin('DK00000000R');

/** A list of buys read as it is (its first line's messages), then with the user's `answer`. */
async function askedThenTold(file: Uint8Array, answer: Partial<ParseOptions>) {
  const options: ParseOptions = { fileName: 'a.csv', typeWords: { Buy: 'buy' } };
  const asked = await parse(file, options);
  const told = await parse(file, { ...options, ...answer });
  return { asked: asked.lines[0]?.messages, told: told.rows };
}

describe('a generic file mapped by hand', () => {
  const csv = utf8(
    [
      'Bogført;Handling;Papir;Kode;Stk.;Kurs;Kurtage;Valuta;Note',
      `03/04/2024;Køb;Eksempel Fond;${FUND};10;1.150,25;29;DKK;`,
      `13/04/2024;Udbytte;Eksempel Fond;${FUND};10;;45,5;DKK;`,
      `14/04/2024;Overførsel;;;;;;DKK;`,
    ].join('\n'),
  );

  it('guesses the columns it can, and lists the type words to map', async () => {
    const sniffed = await sniff(csv, 'bank.csv');
    expect(sniffed.preset).toBeNull();
    expect(sniffed.problem).toBeUndefined();
    expect(sniffed.columns).toMatchObject({
      date: 'Bogført',
      type: 'Handling',
      share_price: 'Kurs',
      fee: 'Kurtage',
      currency: 'Valuta',
    });
    expect(sniffed.typeValues).toEqual([
      { word: 'Køb', count: 1 },
      { word: 'Udbytte', count: 1 },
      { word: 'Overførsel', count: 1 },
    ]);
    // 13/04 decides: day first.
    expect(sniffed.dateFormat.value).toBe('dd/MM/yyyy');
  });

  it('reads rows with the column and type-word maps the user made', async () => {
    const options = {
      fileName: 'bank.csv',
      columns: {
        date: 'Bogført',
        type: 'Handling',
        name: 'Papir',
        isin: 'Kode',
        shares: 'Stk.',
        share_price: 'Kurs',
        fee: 'Kurtage',
        amount: 'Kurtage',
        currency: 'Valuta',
      },
      typeWords: { Køb: 'buy' as const, Udbytte: 'dividend' as const },
    };
    const blocked = await parse(csv, options);
    expect(blocked.unknownTypes).toEqual([{ word: 'Overførsel', count: 1 }]);
    expect(blocked.blocked).toBe(true);
    const result = await parse(csv, {
      ...options,
      typeWords: { ...options.typeWords, overførsel: 'cash' },
    });
    expect(result.source).toBe('generic');
    expect(result.blocked).toBe(false);
    expect(result.rows).toEqual([
      {
        line: 1,
        kind: 'buy',
        date: '2024-04-03',
        instrument: { name: 'Eksempel Fond', isin: FUND },
        shares: 10,
        share_price: 1150.25,
        fee: 29,
        currency_code: 'DKK',
      },
      {
        line: 2,
        kind: 'dividend',
        date: '2024-04-13',
        instrument: { name: 'Eksempel Fond', isin: FUND },
        amount: 45.5,
        currency_code: 'DKK',
      },
    ]);
  });

  it('asks for the date format when every day could be either, until the user says', async () => {
    const ambiguous = utf8(
      'Date,Type,Name,Quantity,Price,Currency\n03/04/2024,Buy,Eksempel Fond,1,10,DKK\n05/06/2024,Buy,Eksempel Fond,1,10,DKK\n',
    );
    const sniffed = await sniff(ambiguous, 'a.csv');
    expect(sniffed.dateFormat).toEqual({ value: null, samples: ['03/04/2024', '05/06/2024'] });
    const { asked, told } = await askedThenTold(ambiguous, { dateFormat: 'MM/dd/yyyy' });
    expect(asked).toContainEqual({
      level: 'error',
      code: 'date.ambiguous',
      field: 'date',
      params: { value: '03/04/2024' },
    });
    expect(told.map((row) => row.date)).toEqual(['2024-03-04', '2024-05-06']);
  });

  it('asks for the decimal separator when every number could be either', async () => {
    const file = utf8(
      'Date,Type,Name,Quantity,Price,Currency\n2024-03-04,Buy,Eksempel Fond,1,"1,250",DKK\n',
    );
    const sniffed = await sniff(file, 'a.csv');
    expect(sniffed.numberColumns).toContainEqual({
      column: 'Price',
      decimalSeparator: null,
      samples: ['1,250'],
    });
    const { asked, told } = await askedThenTold(file, { decimalSeparator: '.' });
    expect(asked).toContainEqual({
      level: 'error',
      code: 'number.ambiguous',
      field: 'share_price',
      params: { value: '1,250' },
    });
    expect(told[0]?.share_price).toBe(1250);
  });

  it('keeps a withholding tax given in a column of the dividend row beside the gross', async () => {
    const file = utf8(
      'Date,Type,Name,Gross,Tax,Currency\n2024-05-02,Dividend,Eksempel Fond,"10,00","-2,70",DKK\n',
    );
    const result = await parse(file, {
      fileName: 'd.csv',
      columns: { amount: 'Gross', withholding_tax: 'Tax' },
      typeWords: { Dividend: 'dividend' },
    });
    expect(result.rows).toEqual([
      {
        line: 1,
        kind: 'dividend',
        date: '2024-05-02',
        instrument: { name: 'Eksempel Fond' },
        amount: 10,
        withholding_tax: 2.7,
        currency_code: 'DKK',
      },
    ]);
  });

  it('reads a generic xlsx sheet, the header after a preamble', async () => {
    const book = xlsx('Ark1', [
      ['Depotoversigt'],
      [],
      ['Dato', 'Type', 'Navn', 'Antal', 'Kurs', 'Valuta'],
      [{ date: '2024-03-04' }, 'Køb', 'Eksempel Fond', 10, 150.25, 'DKK'],
    ]);
    const sniffed = await sniff(book, 'bank.xlsx');
    expect(sniffed).toMatchObject({ kind: 'xlsx', headerRow: 2, sheet: 'Ark1', rowCount: 1 });
    const result = await parse(book, { fileName: 'bank.xlsx', typeWords: { Køb: 'buy' } });
    expect(result.rows).toEqual([
      {
        line: 1,
        kind: 'buy',
        date: '2024-03-04',
        instrument: { name: 'Eksempel Fond' },
        shares: 10,
        share_price: 150.25,
        currency_code: 'DKK',
      },
    ]);
  });
});

describe('numbers and days as written', () => {
  it.each([
    ['-1.234,56', ','],
    ['1,234.56', '.'],
    ['12,5', ','],
    ['0.125', '.'],
    ['1234.567', '.'],
    ['1.234.567', ','],
    ['1.234', 'ambiguous'],
    ['2,500', 'ambiguous'],
    ['2500', 'none'],
    ['abc', 'invalid'],
  ])('%s says %s', (text, expected) => {
    expect(evidence(text)).toBe(expected);
  });

  it('reads exact decimals, never through a float', () => {
    expect(readDecimal('-2.482,35', ',')).toEqual({ value: '-2482.35' });
    expect(readDecimal('190,9498', ',')).toEqual({ value: '190.9498' });
    expect(readDecimal('0.1', '.')).toEqual({ value: '0.1' });
    expect(readDecimal('1 234,5', ',')).toEqual({ value: '1234.5' });
    expect(readDecimal('1E-3', '.')).toEqual({ value: '0.001' });
    expect(readDecimal('1.23,4', ',')).toEqual({ problem: 'unreadable' });
    expect(readDecimal('1.234', null)).toEqual({ problem: 'ambiguous' });
    expect(readDecimal('12,5', null)).toEqual({ value: '12.5' });
  });

  it('decides a column from all its values, and sees a conflict', () => {
    expect(decideDecimal(['1.234', '12,5']).value).toBe(',');
    expect(decideDecimal(['1.234', '2.500'])).toMatchObject({ value: null, ambiguous: true });
    expect(decideDecimal(['1,5', '2.5'])).toMatchObject({ value: null, conflict: true });
  });

  it('reads days by pattern, rejecting days that do not exist', () => {
    expect(readDay('2024-12-31 23:30:00', 'yyyy-MM-dd')).toBe('2024-12-31');
    expect(readDay('20241231;233000', 'yyyyMMdd')).toBe('2024-12-31');
    expect(readDay('02-Apr-2025', 'dd-MMM-yyyy')).toBe('2025-04-02');
    expect(readDay('02-okt-2025', 'dd-MMM-yyyy')).toBe('2025-10-02');
    expect(readDay('16/09/21', 'dd/MM/yy')).toBe('2021-09-16');
    expect(readDay('2024-02-30', 'yyyy-MM-dd')).toBeNull();
    expect(decideDateFormat(['01/02/2024', '13/02/2024']).value).toBe('dd/MM/yyyy');
    expect(decideDateFormat(['01/02/2024', '02/13/2024']).value).toBe('MM/dd/yyyy');
  });
});
