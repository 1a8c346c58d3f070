// The data actor, headless: periods, and its recovery from failed loads.
import { describe, expect, it } from 'vitest';
import { recoveryMessage } from '../../../src/machines/data/selectors';
import type { fakeApi } from '../support';
import { deferred, flush, http, offline, portfolio } from '../support';
import { SERVER_ERROR, USER_CHART, start, valuation } from './start-data';

describe('periods', () => {
  it('each answer records the period it was asked in, kept while a newer one loads', async () => {
    const { api, data, need } = start();
    api.getValuation.mockResolvedValueOnce(valuation(1));
    api.getChart.mockResolvedValueOnce({ points: [{ time: 't1', value: 1 }] });
    data.send({ type: 'period.changed', period: 'Day' });
    need('valuation', USER_CHART);
    await flush();
    api.getValuation.mockReturnValueOnce(deferred<never>().promise);
    api.getChart.mockReturnValueOnce(deferred<never>().promise);
    data.send({ type: 'period.changed', period: 'Year' });
    const { context } = data.getSnapshot();
    expect(context.entries.valuation).toMatchObject({ status: 'loading', period: 'Day' });
    expect(context.entries[USER_CHART]).toMatchObject({ status: 'loading', period: 'Day' });
  });
});

describe('recovery', () => {
  /** Portfolios and the user's chart held for Day, then a Week refresh that fails with `error`. */
  async function failedRefresh(error: unknown) {
    const started = start();
    const { api, data, need } = started;
    api.getPortfolios.mockResolvedValueOnce([portfolio('1')]);
    api.getChart.mockResolvedValueOnce({ points: [{ time: 't1', value: 1 }] });
    data.send({ type: 'period.changed', period: 'Day' });
    need('portfolios', USER_CHART);
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
    api.getChart.mockResolvedValueOnce({ points: [{ time: 't2', value: 2 }] });
  }

  describe('calm', () => {
    it('says nothing while nothing failed', async () => {
      const { api, data, need } = start();
      api.getPortfolios.mockResolvedValue([portfolio('1')]);
      need('portfolios');
      await flush();
      expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
      expect(recoveryMessage(data.getSnapshot())).toBeUndefined();
    });
  });

  describe('failing', () => {
    it('a failed refresh keeps what was held, for its period, and says why once', async () => {
      const { data } = await failedRefresh(http(500));
      const snapshot = data.getSnapshot();
      expect(snapshot.context.portfolios).toEqual([portfolio('1')]);
      expect(snapshot.context.entries.portfolios).toMatchObject({
        status: 'failed',
        period: 'Day',
        error: SERVER_ERROR,
      });
      expect(snapshot.context.charts[USER_CHART]).toEqual([{ time: 't1', value: 1 }]);
      expect(snapshot.context.entries[USER_CHART]).toMatchObject({
        status: 'failed',
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
      expect(snapshot.context.entries.portfolios).toEqual({
        status: 'loaded',
        period: 'Week',
        request: expect.any(Number),
      });
      expect(snapshot.context.entries[USER_CHART]).toMatchObject({
        status: 'loaded',
        period: 'Week',
      });
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

  it('counts only what views need: a chart left behind is not retried', async () => {
    const { api, data, release } = await failedRefresh(http(500));
    api.getPortfolios.mockResolvedValueOnce([portfolio('2')]);
    data.send({ type: 'refresh.portfolios' });
    release(USER_CHART);
    await flush();
    expect(data.getSnapshot().matches({ recovery: 'calm' })).toBe(true);
    expect(api.getChart).toHaveBeenCalledTimes(2);
  });
});
