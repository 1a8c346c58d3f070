import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { chartKey, dataMachine, statsKey } from '../../src/machines/data.machine';
import { recoveryMessage } from '../../src/machines/selectors';
import {
  deferred,
  fakeApi,
  fakePlatform,
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
  const platform = fakePlatform();
  const clock = new SimulatedClock();
  const data = createActor(dataMachine, { input: { api, platform }, clock }).start();
  return { api, platform, clock, data };
}

const SERVER_ERROR = 'The server had a problem. Please try again in a moment.';

function valuation(value: number) {
  return {
    value: { value, change: 0, changeRatio: 0 },
    positions: { lifetime: 0, realised: 0, unrealised: 0 },
  };
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
  it('stats.viewed loads one entry; refresh.stats reloads only the one in view', async () => {
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
    expect(api.getPortfolioStats).not.toHaveBeenCalled();
    expect(api.getInvestmentStats.mock.calls).toEqual([['5']]);
  });
});

describe('loaders', () => {
  it('a chart or statistics request lives until it has answered: 200 views leave no child', async () => {
    const { api, data } = start();
    api.getChart.mockResolvedValue([]);
    api.getInvestmentStats.mockResolvedValue(STATS);
    for (let view = 0; view < 200; view += 1) {
      data.send({ type: 'screen.viewed', chart: { type: 'investment', id: String(view % 7) } });
      data.send({ type: 'stats.viewed', target: { type: 'investment', id: String(view % 7) } });
    }
    await flush();
    expect(Object.keys(data.getSnapshot().children)).toEqual([]);
  });

  it('a newer request for a key stops the one still loading', () => {
    const { api, data } = start();
    api.getChart.mockReturnValue(new Promise(() => {}));
    for (let view = 0; view < 50; view += 1) {
      data.send({ type: 'screen.viewed', chart: { type: 'user' } });
    }
    expect(Object.keys(data.getSnapshot().children)).toHaveLength(1);
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

  it('a created item a refresh already brought is not added twice', async () => {
    const { api, data } = start();
    api.getEvents.mockResolvedValue([transaction('1')]);
    api.getInvestments.mockResolvedValue([investment('5')]);
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    data.send({ type: 'refresh.events' });
    data.send({ type: 'refresh.investments' });
    data.send({ type: 'refresh.portfolios' });
    await flush();
    data.send({ type: 'event.created', event: transaction('1') });
    data.send({ type: 'investment.created', investment: investment('5') });
    data.send({ type: 'portfolio.created', portfolio: portfolio('1') });
    const { context } = data.getSnapshot();
    expect(context.events?.map((e) => e.id)).toEqual(['1']);
    expect(context.investments?.map((i) => i.id)).toEqual(['5']);
    expect(context.portfolios?.map((p) => p.id)).toEqual(['1']);
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

describe('periods', () => {
  it('each answer records the period it was asked in, kept while a newer one loads', async () => {
    const { api, data } = start();
    api.getValuation.mockResolvedValueOnce(valuation(1));
    api.getChart.mockResolvedValueOnce([{ time: 't1', value: 1 }]);
    data.send({ type: 'period.changed', period: 'Day' });
    data.send({ type: 'refresh.valuation' });
    data.send({ type: 'screen.viewed', chart: { type: 'user' } });
    await flush();
    api.getValuation.mockReturnValueOnce(deferred<never>().promise);
    api.getChart.mockReturnValueOnce(deferred<never>().promise);
    data.send({ type: 'period.changed', period: 'Year' });
    data.send({ type: 'refresh.valuation' });
    data.send({ type: 'refresh.chart' });
    const { context } = data.getSnapshot();
    expect(context.periods.valuation).toBe('Day');
    expect(context.charts['user:']).toMatchObject({ status: 'loading', period: 'Day' });
  });
});

describe('recovery', () => {
  /** Portfolios and the user's chart held for Day, then a Week refresh that fails with `error`. */
  async function failedRefresh(error: unknown) {
    const started = start();
    const { api, data } = started;
    // What else the new period reloads answers.
    api.getValuation.mockResolvedValue(valuation(1));
    api.getInvestments.mockResolvedValue([]);
    api.getPortfolios.mockResolvedValueOnce([portfolio('1')]);
    api.getChart.mockResolvedValueOnce([{ time: 't1', value: 1 }]);
    data.send({ type: 'period.changed', period: 'Day' });
    data.send({ type: 'refresh.portfolios' });
    data.send({ type: 'screen.viewed', chart: { type: 'user' } });
    await flush();
    api.getPortfolios.mockRejectedValueOnce(error);
    api.getChart.mockRejectedValueOnce(error);
    // A new period reloads the portfolios and the chart in view (changes.ts).
    data.send({ type: 'period.changed', period: 'Week' });
    await flush();
    return started;
  }

  /** The next answers succeed, for Week. */
  function recovered(api: ReturnType<typeof fakeApi>) {
    api.getPortfolios.mockResolvedValueOnce([portfolio('2')]);
    api.getChart.mockResolvedValueOnce([{ time: 't2', value: 2 }]);
  }

  describe('calm', () => {
    it('says nothing while nothing failed', async () => {
      const { api, data } = start();
      api.getPortfolios.mockResolvedValue([portfolio('1')]);
      data.send({ type: 'refresh.portfolios' });
      await flush();
      expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
      expect(recoveryMessage(data.getSnapshot())).toBeUndefined();
    });
  });

  describe('failing', () => {
    it('a failed refresh keeps what was held, for its period, and says why once', async () => {
      const { data } = await failedRefresh(http(500));
      const snapshot = data.getSnapshot();
      expect(snapshot.matches({ portfolios: 'failed' })).toBe(true);
      expect(snapshot.context.portfolios).toEqual([portfolio('1')]);
      expect(snapshot.context.periods.portfolios).toBe('Day');
      expect(snapshot.context.charts['user:']).toMatchObject({
        status: 'failed',
        data: [{ time: 't1', value: 1 }],
        period: 'Day',
        error: SERVER_ERROR,
      });
      expect(snapshot.matches({ recovery: { failing: 'waiting' } })).toBe(true);
      expect(recoveryMessage(snapshot)).toBe(SERVER_ERROR);
    });

    it('retry.requested reloads everything that failed, and all is calm again', async () => {
      const { api, data } = await failedRefresh(http(500));
      recovered(api);
      data.send({ type: 'retry.requested' });
      await flush();
      const snapshot = data.getSnapshot();
      expect(snapshot.context.portfolios).toEqual([portfolio('2')]);
      expect(snapshot.context.periods.portfolios).toBe('Week');
      expect(snapshot.context.charts['user:']).toMatchObject({ status: 'loaded', period: 'Week' });
      expect(snapshot.context.charts['user:']?.error).toBeUndefined();
      expect(snapshot.matches({ recovery: 'calm' })).toBe(true);
    });

    it('the message stays while the retry runs', async () => {
      const { api, data } = await failedRefresh(http(500));
      api.getPortfolios.mockReturnValueOnce(deferred<never>().promise);
      api.getChart.mockReturnValueOnce(deferred<never>().promise);
      data.send({ type: 'retry.requested' });
      expect(recoveryMessage(data.getSnapshot())).toBe(SERVER_ERROR);
    });

    it('retries when the connection comes back', async () => {
      const { api, platform, data } = await failedRefresh(offline());
      recovered(api);
      platform.goOnline();
      await flush();
      expect(api.getPortfolios).toHaveBeenCalledTimes(3);
      expect(api.getChart).toHaveBeenCalledTimes(3);
      expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
    });

    it('retries when the tab is shown again', async () => {
      const { api, platform, data } = await failedRefresh(http(500));
      recovered(api);
      platform.showTab();
      await flush();
      expect(data.getSnapshot().context.portfolios).toEqual([portfolio('2')]);
      expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
    });

    it('stops listening once calm', async () => {
      const { api, platform, data } = await failedRefresh(http(500));
      recovered(api);
      data.send({ type: 'retry.requested' });
      await flush();
      platform.goOnline();
      platform.showTab();
      await flush();
      expect(api.getPortfolios).toHaveBeenCalledTimes(3);
    });
  });

  describe('failing.throttled', () => {
    it('counts Retry-After down each second, then retries', async () => {
      const { api, clock, data } = await failedRefresh(http(429, {}, '3'));
      expect(data.getSnapshot().matches({ recovery: { failing: 'throttled' } })).toBe(true);
      expect(recoveryMessage(data.getSnapshot())).toBe(
        'Too many requests. Trying again in 3 seconds.',
      );
      clock.increment(1000);
      expect(recoveryMessage(data.getSnapshot())).toBe(
        'Too many requests. Trying again in 2 seconds.',
      );
      clock.increment(1000);
      expect(recoveryMessage(data.getSnapshot())).toBe(
        'Too many requests. Trying again in 1 second.',
      );
      expect(api.getPortfolios).toHaveBeenCalledTimes(2);
      recovered(api);
      clock.increment(1000);
      await flush();
      expect(api.getPortfolios).toHaveBeenCalledTimes(3);
      expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
    });

    it('waits for the server, not for the connection', async () => {
      const { api, platform } = await failedRefresh(http(429, {}, '30'));
      platform.goOnline();
      platform.showTab();
      await flush();
      expect(api.getPortfolios).toHaveBeenCalledTimes(2);
    });

    it('Retry retries at once', async () => {
      const { api, data } = await failedRefresh(http(429, {}, '30'));
      recovered(api);
      data.send({ type: 'retry.requested' });
      await flush();
      expect(api.getPortfolios).toHaveBeenCalledTimes(3);
      expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
    });
  });

  it('counts only what the screen holds: a chart left behind is not retried', async () => {
    const { api, data } = await failedRefresh(http(500));
    api.getPortfolios.mockResolvedValueOnce([portfolio('2')]);
    api.getChart.mockResolvedValueOnce([]);
    data.send({ type: 'refresh.portfolios' });
    data.send({ type: 'screen.viewed', chart: { type: 'portfolio', id: '1' } });
    await flush();
    expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
  });
});

describe('loaders of what is gone', () => {
  it('a request whose entry was dropped still goes once it has failed', async () => {
    const { api, data } = start();
    const late = deferred<{ time: string; value: number }[]>();
    api.getChart.mockReturnValueOnce(late.promise);
    data.send({ type: 'screen.viewed', chart: { type: 'user' } });
    data.send({ type: 'data.cleared' });
    late.reject(http(500));
    await flush();
    expect(Object.keys(data.getSnapshot().children)).toEqual([]);
  });
});
