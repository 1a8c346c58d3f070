// The data actor, headless: a closed session, what is needed, loading, charts and statistics,
// its loaders, and what a change reloads.
import { describe, expect, it } from 'vitest';
import { chartKey, statsKey } from '../../../src/machines/data/data.machine';
import { deferred, flush, http, investment, offline, portfolio, transaction } from '../support';
import { SERVER_ERROR, USER_CHART, start, valuation } from './start-data';

const STATS = {
  shares: 1,
  costs: 2,
  fees: 0,
  dividends: 0,
  lifetime: 3,
  realised: 0,
  unrealised: 3,
};

/** The requests running: the data actor's children beside its watch of the connection. */
const loaders = (data: { getSnapshot(): { children: object } }) =>
  Object.keys(data.getSnapshot().children).filter((id) => id.startsWith('load-'));

describe('session.closed', () => {
  it('loads nothing before a session starts, then what views need', async () => {
    const { api, data, need } = start({ session: false });
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    need('portfolios');
    await flush();
    expect(api.getPortfolios).not.toHaveBeenCalled();
    data.send({ type: 'refresh.all' });
    await flush();
    expect(api.getPortfolios).toHaveBeenCalledOnce();
    expect(data.getSnapshot().context.portfolios).toEqual([portfolio('1')]);
  });

  it('data.cleared closes the session: a view mounted since loads nothing', async () => {
    const { api, data, need } = start();
    data.send({ type: 'data.cleared' });
    need('valuation');
    await flush();
    expect(api.getValuation).not.toHaveBeenCalled();
  });
});

describe('needs', () => {
  it('loads what a view needs, and nothing no view needs', async () => {
    const { api, data, need } = start();
    api.getUser.mockResolvedValue({ name: 'A', email: 'a@b.c' });
    api.getValuation.mockRejectedValue(offline());
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    need('user', 'valuation', 'portfolios');
    expect(data.getSnapshot().context.entries.portfolios?.status).toBe('loading');
    await flush();
    const { context } = data.getSnapshot();
    expect(context.user).toEqual({ name: 'A', email: 'a@b.c' });
    expect(context.portfolios).toEqual([portfolio('1')]);
    expect(context.entries.valuation).toMatchObject({ status: 'failed' });
    expect(context.entries.valuation?.error).toMatch(/offline/);
    for (const call of [api.getInvestments, api.getEvents, api.getCurrencies, api.getChart])
      expect(call).not.toHaveBeenCalled();
  });

  it('a view that goes stops the load no other view needs', () => {
    const { api, data, need, release } = start();
    api.getEvents.mockReturnValue(deferred<never>().promise);
    api.getChart.mockReturnValue(deferred<never>().promise);
    need('events', USER_CHART);
    need('events');
    expect(loaders(data)).toHaveLength(2);
    release('events', USER_CHART);
    // Another view still shows the events.
    expect(loaders(data)).toHaveLength(1);
    release('events');
    expect(loaders(data)).toEqual([]);
    expect(data.getSnapshot().context.needs).toEqual({});
  });

  it('an answer that comes after its view went is not taken; the next view asks again', async () => {
    const { api, data, need, release } = start();
    const late = deferred<ReturnType<typeof portfolio>[]>();
    api.getPortfolios.mockReturnValueOnce(late.promise).mockResolvedValueOnce([portfolio('2')]);
    need('portfolios');
    release('portfolios');
    late.resolve([portfolio('1')]);
    await flush();
    expect(data.getSnapshot().context.portfolios).toBeUndefined();
    need('portfolios');
    await flush();
    expect(data.getSnapshot().context.portfolios).toEqual([portfolio('2')]);
  });

  it('a fixed resource held fresh is not asked for again by the next view', async () => {
    const { api, need, release } = start();
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    need('portfolios');
    await flush();
    release('portfolios');
    need('portfolios');
    await flush();
    expect(api.getPortfolios).toHaveBeenCalledOnce();
  });

  it('a chart or statistics is asked for again each time a view shows it', async () => {
    const { api, data, need, release } = start();
    api.getChart.mockResolvedValue({ points: [{ time: 't1', value: 1 }] });
    need(USER_CHART);
    await flush();
    release(USER_CHART);
    api.getChart.mockReturnValueOnce(deferred<never>().promise);
    need(USER_CHART);
    expect(api.getChart).toHaveBeenCalledTimes(2);
    // Held meanwhile, so the chart never blanks.
    expect(data.getSnapshot().context.charts[USER_CHART]).toEqual([{ time: 't1', value: 1 }]);
  });
});

describe('loading', () => {
  it('refresh.<resource> loads it now, needed or not', async () => {
    const { api, data } = start();
    api.getEvents.mockResolvedValue([transaction('9')]);
    data.send({ type: 'refresh.events' });
    await flush();
    expect(data.getSnapshot().context.events).toEqual([transaction('9')]);
  });

  it('keeps the old list on screen while a refresh runs', async () => {
    const { api, data } = start();
    api.getPortfolios.mockResolvedValueOnce([portfolio('1')]);
    data.send({ type: 'refresh.portfolios' });
    await flush();
    api.getPortfolios.mockReturnValueOnce(deferred<never>().promise);
    data.send({ type: 'refresh.portfolios' });
    expect(data.getSnapshot().context.entries.portfolios?.status).toBe('loading');
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

  it('a failed load is asked for again by the same refresh', async () => {
    const { api, data } = start();
    api.getInvestments.mockRejectedValueOnce(http(500)).mockResolvedValueOnce([investment('5')]);
    data.send({ type: 'refresh.investments' });
    await flush();
    expect(data.getSnapshot().context.entries.investments).toMatchObject({
      status: 'failed',
      error: SERVER_ERROR,
    });
    data.send({ type: 'refresh.investments' });
    await flush();
    expect(data.getSnapshot().context.entries.investments?.status).toBe('loaded');
    expect(data.getSnapshot().context.entries.investments?.error).toBeUndefined();
  });
});

describe('charts and statistics', () => {
  it('are keyed by what they are of', async () => {
    const { api, data, need } = start();
    api.getChart.mockResolvedValue({ points: [{ time: '2026-01-01T00:00:00Z', value: 1 }] });
    api.getInvestmentStats.mockResolvedValue(STATS);
    need(chartKey({ type: 'portfolio', id: '4' }), statsKey({ type: 'investment', id: '5' }));
    await flush();
    expect(api.getChart).toHaveBeenCalledWith('portfolio', '4');
    expect(api.getInvestmentStats).toHaveBeenCalledWith('5');
    const { context } = data.getSnapshot();
    expect(context.charts['chart:portfolio:4']).toEqual([
      { time: '2026-01-01T00:00:00Z', value: 1 },
    ]);
    expect(context.stats['stats:investment:5']).toEqual(STATS);
  });

  it('an unknown chart type fails that entry with an error', async () => {
    const { api, data, need } = start();
    api.getChart.mockRejectedValue(new TypeError('Unknown valuable type "planet"'));
    need(USER_CHART);
    await flush();
    expect(data.getSnapshot().context.entries[USER_CHART]).toMatchObject({
      status: 'failed',
      error: 'Unknown valuable type "planet"',
    });
  });
});

describe('loaders', () => {
  it('a request lives until it has answered: 200 views leave no child', async () => {
    const { api, data, need, release } = start();
    api.getChart.mockResolvedValue({ points: [] });
    api.getInvestmentStats.mockResolvedValue(STATS);
    for (let view = 0; view < 200; view += 1) {
      const id = String(view % 7);
      need(chartKey({ type: 'investment', id }), statsKey({ type: 'investment', id }));
      if (view % 2 === 0)
        release(chartKey({ type: 'investment', id }), statsKey({ type: 'investment', id }));
    }
    await flush();
    expect(loaders(data)).toEqual([]);
  });

  it('a newer request for a key stops the one still loading', () => {
    const { api, data } = start();
    api.getEvents.mockReturnValue(new Promise(() => {}));
    for (let view = 0; view < 50; view += 1) data.send({ type: 'refresh.events' });
    expect(loaders(data)).toHaveLength(1);
  });

  it('a request whose entry was dropped still goes once it has failed', async () => {
    const { api, data, need } = start();
    const late = deferred<{ points: { time: string; value: number }[] }>();
    api.getChart.mockReturnValueOnce(late.promise);
    need(USER_CHART);
    data.send({ type: 'data.cleared' });
    late.reject(http(500));
    await flush();
    expect(loaders(data)).toEqual([]);
  });
});

describe('changes', () => {
  // Event 1, investment 5 and portfolio 1 loaded, then an event, investment and portfolio created.
  it.each([
    {
      what: 'add to the lists',
      created: { event: '2', investment: '6', portfolio: '2' },
      lists: { events: ['2', '1'], investments: ['5', '6'], portfolios: ['1', '2'] },
    },
    {
      what: 'are not added twice when a refresh already brought them',
      created: { event: '1', investment: '5', portfolio: '1' },
      lists: { events: ['1'], investments: ['5'], portfolios: ['1'] },
    },
  ])('created items $what', async ({ created, lists }) => {
    const { api, data } = start();
    api.getEvents.mockResolvedValue([transaction('1')]);
    api.getInvestments.mockResolvedValue([investment('5')]);
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    data.send({ type: 'refresh.events' });
    data.send({ type: 'refresh.investments' });
    data.send({ type: 'refresh.portfolios' });
    await flush();
    data.send({ type: 'event.created', event: transaction(created.event) });
    data.send({ type: 'investment.created', investment: investment(created.investment) });
    data.send({ type: 'portfolio.created', portfolio: portfolio(created.portfolio) });
    const { context } = data.getSnapshot();
    expect(context.events?.map((e) => e.id)).toEqual(lists.events);
    expect(context.investments?.map((i) => i.id)).toEqual(lists.investments);
    expect(context.portfolios?.map((p) => p.id)).toEqual(lists.portfolios);
  });

  it('a change reloads only what views need; the rest waits, stale, for a view', async () => {
    const { api, data, need, release } = start();
    api.getValuation.mockResolvedValue(valuation(1));
    api.getEvents.mockResolvedValue([transaction('1')]);
    api.getChart.mockResolvedValue({ points: [] });
    api.getPortfolioStats.mockResolvedValue(STATS);
    need('valuation', 'events', USER_CHART, statsKey({ type: 'portfolio', id: '1' }));
    await flush();
    release('events', statsKey({ type: 'portfolio', id: '1' }));
    api.getValuation.mockClear();
    api.getEvents.mockClear();
    api.getChart.mockClear();
    api.getPortfolioStats.mockClear();

    data.send({ type: 'data.changed', change: 'event.updated' });
    await flush();
    expect(api.getValuation).toHaveBeenCalledOnce();
    expect(api.getChart).toHaveBeenCalledOnce();
    expect(api.getEvents).not.toHaveBeenCalled();
    expect(api.getPortfolioStats).not.toHaveBeenCalled();
    expect(data.getSnapshot().context.entries.events?.status).toBe('stale');

    need('events');
    await flush();
    expect(api.getEvents).toHaveBeenCalledOnce();
  });

  it('data.cleared forgets everything, and a late answer is not taken', async () => {
    const { api, data, need } = start();
    const late = deferred<{ points: { time: string; value: number }[] }>();
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    api.getChart.mockReturnValue(late.promise);
    need('portfolios', USER_CHART);
    await flush();
    data.send({ type: 'data.cleared' });
    late.resolve({ points: [{ time: 't', value: 1 }] });
    await flush();
    const { context } = data.getSnapshot();
    expect(context.portfolios).toBeUndefined();
    expect(context.charts).toEqual({});
    expect(context.entries).toEqual({});
  });

  it('the next session loads again what mounted views still need', async () => {
    const { api, data, need } = start();
    api.getPortfolios.mockResolvedValue([portfolio('1')]);
    need('portfolios');
    await flush();
    data.send({ type: 'data.cleared' });
    data.send({ type: 'refresh.all' });
    await flush();
    expect(api.getPortfolios).toHaveBeenCalledTimes(2);
    expect(data.getSnapshot().context.portfolios).toEqual([portfolio('1')]);
  });
});
