import { describe, expect, it } from 'vitest';
import { NOTHING_HELD, type Held } from '../../../src/machines/data/data-held';
import {
  byValueDescending,
  entryView,
  FIRST_STEP,
  firstStep,
  holdings,
  investmentFactsView,
  loadView,
  newestFirst,
  repeatedInvestments,
  shownInvestments,
  type HeldView,
} from '../../../src/machines/data/selectors';
import { investment, portfolio, transaction } from '../support';

const valued = <T extends { value: number }>(item: T, value: number): T => ({ ...item, value });

describe('byValueDescending', () => {
  it('puts the largest first and leaves the list as it was', () => {
    const list = [valued(portfolio('1'), 5), valued(portfolio('2'), 50), valued(portfolio('3'), 7)];
    expect(byValueDescending(list).map((p) => p.id)).toEqual(['2', '3', '1']);
    expect(list.map((p) => p.id)).toEqual(['1', '2', '3']);
  });
});

describe('repeatedInvestments', () => {
  const held = (id: string, name: string, isin: string, portfolioId: string) => ({
    ...investment(id, name, portfolioId),
    instrument: { type: 'stock' as const, isin, asset_class: 'stock' as const, currency: 'USD' },
  });

  it('names those whose name or instrument repeats, in whichever portfolio', () => {
    const list = [
      held('1', 'Novo Nordisk B', 'DK0062498333', '1'),
      held('2', 'Novo Nordisk B', 'DK0062498333', '2'),
      held('3', 'Apple', 'US0378331005', '1'),
      held('4', 'Apple Inc', 'us0378331005', '2'),
      held('5', 'Microsoft', 'US5949181045', '1'),
      investment('6', 'Local fund', '1'),
      investment('7', 'local fund ', '2'),
    ];
    expect([...repeatedInvestments(list)].sort()).toEqual(['1', '2', '3', '4', '6', '7']);
  });

  it('names none when each is held once', () => {
    expect(repeatedInvestments([investment('1', 'A'), investment('2', 'B')]).size).toBe(0);
  });
});

describe('shownInvestments', () => {
  const sold = { ...valued(investment('7', 'Sold', '2'), 0), shares: 0 };
  const list = [valued(investment('5'), 10), valued(investment('6', 'B', '2'), 20), sold];

  it.each([
    { portfolioId: undefined, hideSold: true, ids: ['6', '5'] },
    { portfolioId: undefined, hideSold: false, ids: ['6', '5', '7'] },
    { portfolioId: '2', hideSold: false, ids: ['6', '7'] },
    { portfolioId: '2', hideSold: true, ids: ['6'] },
  ])('portfolio $portfolioId, hide sold $hideSold: $ids', ({ portfolioId, hideSold, ids }) => {
    expect(shownInvestments(list, { portfolioId, hideSold }).map((i) => i.id)).toEqual(ids);
  });
});

describe('holdings', () => {
  const list = [
    investment('5'),
    investment('6', 'B', '2'),
    { ...investment('7', 'Sold', '2'), shares: 0 },
  ];

  it.each([
    { portfolioId: undefined, counted: { held: 2, sold: 1 } },
    { portfolioId: '2', counted: { held: 1, sold: 1 } },
    { portfolioId: '9', counted: { held: 0, sold: 0 } },
  ])('portfolio $portfolioId: $counted', ({ portfolioId, counted }) => {
    expect(holdings(list, portfolioId)).toEqual(counted);
  });
});

describe('newestFirst', () => {
  const at = (id: string, date: string, investmentId = '5') => ({
    ...transaction(id, investmentId),
    date,
  });
  const list = [
    at('1', '2026-01-01T00:00:00Z'),
    at('2', '2026-03-01T00:00:00Z', '6'),
    at('3', '2026-02-01T00:00:00Z'),
  ];

  it('sorts by date, newest first, one investment when asked', () => {
    expect(newestFirst(list).map((t) => t.id)).toEqual(['2', '3', '1']);
    expect(newestFirst(list, '5').map((t) => t.id)).toEqual(['3', '1']);
  });
});

describe('loadView', () => {
  it.each([
    { held: false, failed: false, loading: true, view: ['loading', false, false] },
    { held: false, failed: true, loading: false, view: ['failed', false, false] },
    { held: true, failed: false, loading: true, view: ['ready', false, true] },
    { held: true, failed: true, loading: false, view: ['ready', true, false] },
    { held: true, failed: true, loading: true, view: ['ready', true, true] },
  ])('held $held, failed $failed, loading $loading', ({ held, failed, loading, view }) => {
    const { status, stale, refreshing } = loadView(held, failed, loading);
    expect([status, stale, refreshing]).toEqual(view);
  });

  it('an entry that failed after an answer is shown, out of date', () => {
    expect(entryView({ status: 'failed', error: 'No', request: 2 }, true)).toEqual({
      status: 'ready',
      stale: true,
      refreshing: false,
    });
    expect(entryView(undefined, false).status).toBe('loading');
  });
});

describe('firstStep', () => {
  const sold = { ...investment('5'), shares: 0 };
  it.each([
    ['portfolios still loading', undefined, undefined, undefined],
    ['no portfolio yet', [], undefined, 'portfolio'],
    ['no portfolio, even with investments loaded', [], [], 'portfolio'],
    ['a portfolio, investments still loading', [portfolio('1')], undefined, undefined],
    ['a portfolio and no investment', [portfolio('1')], [], 'investment'],
    ['a portfolio and an investment', [portfolio('1')], [investment('5')], undefined],
    ['only sold investments: the account has figures', [portfolio('1')], [sold], undefined],
  ])('%s', (_, portfolios, investments, expected) => {
    expect(firstStep(portfolios, investments)).toBe(expected);
  });
});

describe('a held view names every resource it reads', () => {
  // What a view reads and does not name would be a remembered or stale answer nothing asks for
  // again: home's first step stayed on "Welcome" for an account with data (issue 34).
  const held: Held = {
    ...NOTHING_HELD,
    portfolios: [portfolio('1')],
    investments: [investment('5')],
  };

  /** The resources `view` reads of what is held. */
  function readBy(view: HeldView<unknown>): string[] {
    const read = new Set<string>();
    const spy = new Proxy(held, {
      get: (target, key: keyof Held) => {
        read.add(String(key));
        return target[key];
      },
    });
    view.select(spy);
    return [...read].sort();
  }

  it.each([
    ['the first step', FIRST_STEP],
    ["an investment's facts", investmentFactsView('5')],
  ])('%s', (_, view: HeldView<unknown>) => {
    expect(readBy(view)).toEqual([...view.reads].sort());
  });
});
