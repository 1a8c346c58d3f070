// The one table of refresh effects (changes.ts), as the data machine carries it out: after each
// change, exactly these loads, of what the views need.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Change } from '../../../src/machines/data/changes';
import {
  chartKey,
  dataMachine,
  statsKey,
  type DataEvent,
} from '../../../src/machines/data/data.machine';
import { fakeApi, flush, investment, portfolio, transaction } from '../support';

type Load = 'valuation' | 'portfolios' | 'investments' | 'events' | 'chart' | 'stats';

const FIGURES: Load[] = ['valuation', 'portfolios', 'investments', 'chart', 'stats'];

const EXPECTED: Record<Change, Load[]> = {
  'event.created': ['events', ...FIGURES],
  'event.updated': ['events', ...FIGURES],
  'event.deleted': ['events', ...FIGURES],
  'investment.created': ['valuation', 'portfolios', 'investments', 'events', 'chart'],
  'investment.renamed': ['investments', 'events'],
  'investment.repriced': FIGURES,
  'investment.deleted': ['events', ...FIGURES],
  'portfolio.created': ['portfolios'],
  'portfolio.renamed': ['portfolios'],
  'portfolio.kindChanged': ['portfolios'],
  'portfolio.deleted': ['events', ...FIGURES],
  'deletion.undone': ['events', ...FIGURES],
  'period.changed': ['valuation', 'portfolios', 'investments', 'chart'],
  'user.updated': [],
  'import.committed': ['events', ...FIGURES],
  'import.undone': ['events', ...FIGURES],
  'benchmark.changed': ['chart'],
  'cash.changed': ['valuation', 'portfolios', 'chart'],
};

/** How a flow announces each change: with what it made, or only by name. */
function announcement(change: Change): DataEvent {
  switch (change) {
    case 'event.created':
      return { type: change, event: transaction('9') };
    case 'investment.created':
      return { type: change, investment: investment('9') };
    case 'portfolio.created':
      return { type: change, portfolio: portfolio('9') };
    case 'investment.deleted':
    case 'portfolio.deleted':
      return { type: change, id: '8' };
    case 'period.changed':
      return { type: change, period: 'Week' };
    case 'user.updated':
      return { type: change, user: { name: 'Ida', email: 'ida@example.com' } };
    default:
      return { type: 'data.changed', change };
  }
}

describe('what a change reloads', () => {
  it.each(Object.entries(EXPECTED) as [Change, Load[]][])('%s: %j', async (change, expected) => {
    const api = fakeApi();
    api.getValuation.mockResolvedValue({
      value: { value: 1, change: 0, changeRatio: 0 },
      positions: { lifetime: 0, realised: 0, unrealised: 0 },
    });
    api.getPortfolios.mockResolvedValue([]);
    api.getInvestments.mockResolvedValue([]);
    api.getEvents.mockResolvedValue([]);
    api.getChart.mockResolvedValue({ points: [] });
    api.getInvestmentStats.mockResolvedValue({
      shares: 1,
      costs: 1,
      fees: 0,
      dividends: 0,
      lifetime: 0,
      realised: 0,
      unrealised: 0,
    });
    const data = createActor(dataMachine, { input: { api } }).start();
    data.send({ type: 'refresh.all' });
    data.send({ type: 'period.changed', period: 'Month' });
    data.send({
      type: 'resource.needed',
      keys: [
        'valuation',
        'portfolios',
        'investments',
        'events',
        chartKey({ type: 'investment', id: '5' }),
        statsKey({ type: 'investment', id: '5' }),
      ],
    });
    await flush();
    for (const call of [
      api.getValuation,
      api.getPortfolios,
      api.getInvestments,
      api.getEvents,
      api.getChart,
      api.getInvestmentStats,
    ])
      call.mockClear();

    data.send(announcement(change));
    await flush();

    const loads: Record<Load, boolean> = {
      valuation: api.getValuation.mock.calls.length > 0,
      portfolios: api.getPortfolios.mock.calls.length > 0,
      investments: api.getInvestments.mock.calls.length > 0,
      events: api.getEvents.mock.calls.length > 0,
      chart: api.getChart.mock.calls.length > 0,
      stats: api.getInvestmentStats.mock.calls.length > 0,
    };
    const loaded = (Object.keys(loads) as Load[]).filter((load) => loads[load]);
    expect(loaded.sort()).toEqual([...expected].sort());
  });
});

describe('the period a session starts with', () => {
  it('reloads nothing: nothing held is for another period', async () => {
    const api = fakeApi();
    const data = createActor(dataMachine, { input: { api } }).start();
    data.send({ type: 'period.changed', period: 'Month' });
    await flush();
    expect(api.getValuation).not.toHaveBeenCalled();
    expect(data.getSnapshot().context.period).toBe('Month');
  });
});
