import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { chartKey, dataMachine, statsKey } from '../../src/machines/data.machine';
import {
  deferred,
  fakeApi,
  flush,
  http,
  investment,
  offline,
  portfolio,
  transaction,
} from './support';

const STATS = {
  shares: 1,
  costs: 2,
  fees: 0,
  dividends: 0,
  lifetime: 3,
  realised: 0,
  unrealised: 3,
};

function start() {
  const api = fakeApi();
  const data = createActor(dataMachine, { input: { api } }).start();
  return { api, data };
}

describe('idle', () => {
  it('loads nothing until asked', () => {
    const { api, data } = start();
    expect(data.getSnapshot().matches({ portfolios: 'idle' })).toBe(true);
    expect(api.getPortfolios).not.toHaveBeenCalled();
  });
});

describe('loading', () => {
  it('refresh.all loads every resource', async () => {
    const { api, data } = start();
    api.getUser.mockResolvedValue({ name: 'A', email: 'a@b.c' });
    api.getValuation.mockRejectedValue(offline());
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    api.getInvestments.mockResolvedValue([investment('5')]);
    api.getEvents.mockResolvedValue([transaction('9')]);
    api.getCurrencies.mockResolvedValue(['DKK', 'EUR']);
    data.send({ type: 'refresh.all' });
    expect(data.getSnapshot().matches({ portfolios: 'loading' })).toBe(true);
    await flush();
    const { context } = data.getSnapshot();
    expect(context.user).toEqual({ name: 'A', email: 'a@b.c' });
    expect(context.portfolios).toEqual([portfolio('1')]);
    expect(context.investments).toEqual([investment('5')]);
    expect(context.events).toEqual([transaction('9')]);
    expect(context.currencies).toEqual(['DKK', 'EUR']);
    expect(data.getSnapshot().matches({ valuation: 'failed' })).toBe(true);
    expect(context.errors.valuation).toMatch(/offline/);
  });

  it('keeps the old list on screen while a refresh runs', async () => {
    const { api, data } = start();
    api.getPortfolios.mockResolvedValueOnce([portfolio('1')]);
    data.send({ type: 'refresh.portfolios' });
    await flush();
    api.getPortfolios.mockReturnValueOnce(deferred<never>().promise);
    data.send({ type: 'refresh.portfolios' });
    expect(data.getSnapshot().matches({ portfolios: 'loading' })).toBe(true);
    expect(data.getSnapshot().context.portfolios).toEqual([portfolio('1')]);
  });

  it('a newer refresh wins over an older answer', async () => {
    const { api, data } = start();
    const first = deferred<ReturnType<typeof portfolio>[]>();
    api.getPortfolios.mockReturnValueOnce(first.promise).mockResolvedValueOnce([portfolio('2')]);
    data.send({ type: 'refresh.portfolios' });
    data.send({ type: 'refresh.portfolios' });
    await flush();
    first.resolve([portfolio('1')]);
    await flush();
    expect(data.getSnapshot().context.portfolios).toEqual([portfolio('2')]);
  });
});

describe('failed', () => {
  it('offers retry through the same refresh event', async () => {
    const { api, data } = start();
    api.getInvestments.mockRejectedValueOnce(http(500)).mockResolvedValueOnce([investment('5')]);
    data.send({ type: 'refresh.investments' });
    await flush();
    expect(data.getSnapshot().matches({ investments: 'failed' })).toBe(true);
    expect(data.getSnapshot().context.errors.investments).toBe(
      'The server had a problem. Please try again in a moment.',
    );
    data.send({ type: 'refresh.investments' });
    await flush();
    expect(data.getSnapshot().matches({ investments: 'loaded' })).toBe(true);
    expect(data.getSnapshot().context.errors.investments).toBeUndefined();
  });
});

describe('charts', () => {
  it('screen.viewed makes the chart active and loads it', async () => {
    const { api, data } = start();
    api.getChart.mockResolvedValue([{ time: '2026-01-01T00:00:00Z', value: 1 }]);
    data.send({ type: 'screen.viewed', chart: { type: 'portfolio', id: '4' } });
    expect(
      data.getSnapshot().context.charts[chartKey({ type: 'portfolio', id: '4' })]?.status,
    ).toBe('loading');
    await flush();
    expect(api.getChart).toHaveBeenCalledWith('portfolio', '4');
    expect(data.getSnapshot().context.activeChart).toEqual({ type: 'portfolio', id: '4' });
    expect(data.getSnapshot().context.charts['portfolio:4']).toMatchObject({
      status: 'loaded',
      data: [{ time: '2026-01-01T00:00:00Z', value: 1 }],
    });
  });

  it('refresh.chart without a chart reloads the active one', async () => {
    const { api, data } = start();
    api.getChart.mockResolvedValue([]);
    data.send({ type: 'screen.viewed', chart: { type: 'user' } });
    data.send({ type: 'screen.viewed', chart: { type: 'investment', id: '5' } });
    await flush();
    api.getChart.mockClear();
    data.send({ type: 'refresh.chart' });
    await flush();
    expect(api.getChart.mock.calls).toEqual([['investment', '5']]);
  });

  it('a stale chart answer is dropped', async () => {
    const { api, data } = start();
    const old = deferred<{ time: string; value: number }[]>();
    api.getChart.mockReturnValueOnce(old.promise).mockResolvedValueOnce([{ time: 't2', value: 2 }]);
    data.send({ type: 'screen.viewed', chart: { type: 'user' } });
    data.send({ type: 'refresh.chart' });
    await flush();
    old.resolve([{ time: 't1', value: 1 }]);
    await flush();
    expect(data.getSnapshot().context.charts['user:']?.data).toEqual([{ time: 't2', value: 2 }]);
  });

  it('an unknown chart type fails that entry with an error', async () => {
    const { api, data } = start();
    api.getChart.mockRejectedValue(new TypeError('Unknown valuable type "planet"'));
    data.send({ type: 'refresh.chart', chart: { type: 'user' } });
    await flush();
    expect(data.getSnapshot().context.charts['user:']).toMatchObject({
      status: 'failed',
      error: 'Unknown valuable type "planet"',
    });
  });
});

describe('stats', () => {
  it('stats.viewed loads one entry; refresh.stats reloads every held one', async () => {
    const { api, data } = start();
    api.getPortfolioStats.mockResolvedValue(STATS);
    api.getInvestmentStats.mockResolvedValue(STATS);
    data.send({ type: 'stats.viewed', target: { type: 'portfolio', id: '1' } });
    data.send({ type: 'stats.viewed', target: { type: 'investment', id: '5' } });
    await flush();
    expect(
      data.getSnapshot().context.stats[statsKey({ type: 'portfolio', id: '1' })],
    ).toMatchObject({
      status: 'loaded',
      data: STATS,
    });
    api.getPortfolioStats.mockClear();
    api.getInvestmentStats.mockClear();
    data.send({ type: 'refresh.stats' });
    await flush();
    expect(api.getPortfolioStats).toHaveBeenCalledWith('1');
    expect(api.getInvestmentStats).toHaveBeenCalledWith('5');
  });
});

describe('changes', () => {
  it('event.created, investment.created and portfolio.created add to the lists', async () => {
    const { api, data } = start();
    api.getEvents.mockResolvedValue([transaction('1')]);
    api.getInvestments.mockResolvedValue([investment('5')]);
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    data.send({ type: 'refresh.events' });
    data.send({ type: 'refresh.investments' });
    data.send({ type: 'refresh.portfolios' });
    await flush();
    data.send({ type: 'event.created', event: transaction('2') });
    data.send({ type: 'investment.created', investment: investment('6') });
    data.send({ type: 'portfolio.created', portfolio: portfolio('2') });
    const { context } = data.getSnapshot();
    expect(context.events?.map((e) => e.id)).toEqual(['2', '1']);
    expect(context.investments?.map((i) => i.id)).toEqual(['5', '6']);
    expect(context.portfolios?.map((p) => p.id)).toEqual(['1', '2']);
  });

  it('data.cleared forgets everything, and a late answer is not taken', async () => {
    const { api, data } = start();
    const late = deferred<{ time: string; value: number }[]>();
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    api.getChart.mockReturnValue(late.promise);
    data.send({ type: 'refresh.portfolios' });
    data.send({ type: 'screen.viewed', chart: { type: 'user' } });
    await flush();
    data.send({ type: 'data.cleared' });
    late.resolve([{ time: 't', value: 1 }]);
    await flush();
    const snapshot = data.getSnapshot();
    expect(snapshot.context.portfolios).toBeUndefined();
    expect(snapshot.context.charts).toEqual({});
    expect(snapshot.context.activeChart).toBeUndefined();
    expect(snapshot.matches({ portfolios: 'idle' })).toBe(true);
  });
});
