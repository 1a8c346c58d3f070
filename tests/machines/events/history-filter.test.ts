import { describe, expect, it } from 'vitest';
import type { Transaction, TransactionType } from '../../../src/domain/types';
import {
  filterTransactions,
  historySearch,
  isHistoryFiltered,
  parseHistoryFilter,
  totalsByType,
  type HistoryFilter,
} from '../../../src/machines/data/selectors';
import { transaction } from '../support';

const NONE: HistoryFilter = { q: '', type: '', portfolio: '', from: '', to: '' };

describe('parseHistoryFilter and historySearch', () => {
  it('reads every part of the query and writes it back', () => {
    const search = 'q=novo+b&type=div&portfolio=p2&from=2025-01-01&to=2025-12-31';
    const filter = parseHistoryFilter(search);
    expect(filter).toEqual({
      q: 'novo b',
      type: 'div',
      portfolio: 'p2',
      from: '2025-01-01',
      to: '2025-12-31',
    });
    expect(historySearch(filter)).toBe(search);
    expect(isHistoryFiltered(filter)).toBe(true);
  });

  it.each([
    { search: '', filter: NONE },
    { search: 'type=bonus', filter: NONE },
    { search: 'from=2025-02-30&to=yesterday', filter: NONE },
    { search: '?type=sell&unknown=1', filter: { ...NONE, type: 'sell' } },
  ])('"$search" keeps only what it can read', ({ search, filter }) => {
    expect(parseHistoryFilter(search)).toEqual(filter);
  });

  it('an empty filter is no query and no filter', () => {
    expect(historySearch(NONE)).toBe('');
    expect(isHistoryFiltered(NONE)).toBe(false);
  });
});

describe('filterTransactions', () => {
  const event = (id: string, type: TransactionType, name: string, day: string, inv = id) => ({
    ...transaction(id, inv),
    type,
    stock_name: name,
    // Noon UTC is the same calendar day in every time zone the tests run in.
    date: `${day}T12:00:00Z`,
  });
  const list: Transaction[] = [
    event('1', 'buy', 'Apple', '2025-01-10'),
    event('2', 'div', 'Novo Nordisk B', '2025-03-01'),
    event('3', 'sell', 'Apple', '2025-06-30', '1'),
    event('4', 'split', 'Pensionsopsparingskontoen', '2025-12-31'),
  ];
  const lookup = {
    portfolioOf: (id: string) => ({ '1': 'p1', '2': 'p2', '4': 'p2' })[id],
    typeLabel: (type: TransactionType) =>
      ({ buy: 'Buy', sell: 'Sell', div: 'Dividend', split: 'Split' })[type],
  };
  const ids = (filter: Partial<HistoryFilter>) =>
    filterTransactions(list, { ...NONE, ...filter }, lookup).map((t) => t.id);

  it.each([
    { filter: {}, expected: ['1', '2', '3', '4'] },
    { filter: { q: 'apple' }, expected: ['1', '3'] },
    { filter: { q: '  NOVO   b ' }, expected: ['2'] },
    { filter: { q: 'dividend' }, expected: ['2'] },
    { filter: { q: 'apple sell' }, expected: ['3'] },
    { filter: { q: 'tesla' }, expected: [] },
    { filter: { type: 'buy' as const }, expected: ['1'] },
    { filter: { portfolio: 'p2' }, expected: ['2', '4'] },
    { filter: { portfolio: 'p1', type: 'sell' as const }, expected: ['3'] },
    { filter: { from: '2025-03-01' }, expected: ['2', '3', '4'] },
    { filter: { to: '2025-03-01' }, expected: ['1', '2'] },
    { filter: { from: '2025-03-02', to: '2025-06-30' }, expected: ['3'] },
  ])('$filter lets through $expected', ({ filter, expected }) => {
    expect(ids(filter)).toEqual(expected);
  });

  it('an event of an investment it cannot place is left out by a portfolio filter only', () => {
    const lost = [event('9', 'buy', 'Gone', '2025-01-01')];
    expect(filterTransactions(lost, { ...NONE, portfolio: 'p1' }, lookup)).toEqual([]);
    expect(filterTransactions(lost, NONE, lookup)).toHaveLength(1);
  });
});

describe('totalsByType', () => {
  const of = (type: TransactionType, total_value: number, id = `${type}${total_value}`) => ({
    ...transaction(id),
    type,
    total_value,
  });

  it.each<[string, Transaction[], ReturnType<typeof totalsByType>]>([
    ['nothing listed', [], []],
    [
      'three dividends',
      [of('div', 10.1), of('div', 20.2), of('div', 0.3)],
      [{ type: 'div', count: 3, total: 30.6 }],
    ],
    [
      'each type once, in the order buy, sell, dividend, split',
      [of('split', 12.5), of('div', 5), of('sell', 200), of('buy', 100.05), of('buy', 0.01)],
      [
        { type: 'buy', count: 2, total: 100.06 },
        { type: 'sell', count: 1, total: 200 },
        { type: 'div', count: 1, total: 5 },
        { type: 'split', count: 1, total: 12.5 },
      ],
    ],
    ['a split without cash', [of('split', 0)], []],
    [
      'rows as shown, in whole øre',
      [of('buy', 0.105), of('buy', 0.104)],
      [{ type: 'buy', count: 2, total: 0.2 }],
    ],
  ])('%s', (_, list, totals) => {
    expect(totalsByType(list)).toEqual(totals);
  });
});
