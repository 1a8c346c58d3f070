import { describe, expect, it } from 'vitest';
import { foldSearchText, searchInstruments } from '../../../src/domain/instrument-search';
import { CATALOGUE, type Instrument } from '../../../src/domain/market';

const names = (query: string, catalogue: readonly Instrument[] = CATALOGUE) =>
  searchInstruments(catalogue, query).map((instrument) => instrument.name);

const stock = (code: string, name: string): Instrument => ({
  type: 'stock',
  code,
  name,
  currency: 'EUR',
});

describe('searchInstruments', () => {
  it('ranks an exact identifier, then names starting with the query, then a word, then a code, then anywhere', () => {
    const catalogue = [
      stock('XX0000000005', 'Has abc inside: Xabcx'),
      stock('ABC000000001', 'Code starts'),
      stock('XX0000000002', 'Word Abc'),
      stock('XX0000000003', 'Abcde'),
      stock('ABC', 'Exact code'),
    ];
    expect(names('abc', catalogue)).toEqual([
      'Exact code',
      'Abcde',
      'Has abc inside: Xabcx',
      'Word Abc',
      'Code starts',
    ]);
  });

  it('orders equal matches by name', () => {
    expect(names('novo')).toEqual(['Novo Nordisk B', 'Novonesis B']);
    expect(names('ishares')).toEqual([
      'iShares Core MSCI EM IMI UCITS ETF',
      'iShares Core MSCI World UCITS ETF',
      'iShares Core S&P 500 UCITS ETF',
    ]);
  });

  it('finds stocks by ISIN and crypto by symbol, in any case and with spaces around', () => {
    expect(names(' dk0062498333 ')).toEqual(['Novo Nordisk B']);
    expect(names('eth')[0]).toBe('Ethereum');
    expect(names('US03783')).toEqual(['Apple']);
  });

  it('folds accents and the Nordic letters', () => {
    expect(names('orsted')).toEqual(['Ørsted']);
    expect(names('Ørsted')).toEqual(['Ørsted']);
    expect(names('maersk')).toEqual(['A.P. Møller - Mærsk B']);
    expect(names('moller')).toEqual(['A.P. Møller - Mærsk B']);
    expect(foldSearchText('Crème Brûlée')).toBe('creme brulee');
  });

  it('finds nothing for a blank query or no match, and at most the limit', () => {
    expect(names('')).toEqual([]);
    expect(names('   ')).toEqual([]);
    expect(names('qqqq')).toEqual([]);
    expect(searchInstruments(CATALOGUE, 'e')).toHaveLength(8);
    expect(searchInstruments(CATALOGUE, 'e', 3)).toHaveLength(3);
  });
});
