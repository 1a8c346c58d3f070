import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { chartKey, dataMachine, statsKey } from '../../src/machines/data.machine';
import {
  deleteQuestion,
  deleteSummary,
  deleteValuableMachine,
  type DeleteTarget,
} from '../../src/machines/delete-valuable.machine';
import {
  deferred,
  fakeApi,
  fakeSession,
  fakePlatform,
  flush,
  http,
  investment,
  offline,
  portfolio,
  recorder,
  transaction,
} from './support';

const NOVO: DeleteTarget = { kind: 'investment', id: '5' };
const PENSION: DeleteTarget = { kind: 'portfolio', id: '1' };

function start() {
  const api = fakeApi();
  const data = recorder();
  const platform = fakePlatform({ path: '/investments/5' });
  const session = fakeSession();
  const flow = createActor(deleteValuableMachine, {
    input: { api, data: data.ref, session: session.session, platform },
  }).start();
  return { api, data, platform, session, flow };
}

describe('idle', () => {
  it('Delete asks first: nothing is deleted, the counts it names are reloaded', () => {
    const { flow, api, data } = start();
    expect(flow.getSnapshot().hasTag('open')).toBe(false);
    flow.send({ type: 'delete.requested', target: NOVO });
    expect(flow.getSnapshot().matches('confirming')).toBe(true);
    expect(flow.getSnapshot().hasTag('open')).toBe(true);
    expect(api.deleteInvestment).not.toHaveBeenCalled();
    expect(data.types()).toEqual(['refresh.events']);
  });

  it("a portfolio's question reloads the portfolios, which count its investments", () => {
    const { flow, data } = start();
    flow.send({ type: 'delete.requested', target: PENSION });
    expect(data.types()).toEqual(['refresh.portfolios']);
  });

  it('a confirmation without a question is ignored', () => {
    const { flow, api } = start();
    flow.send({ type: 'delete.confirmed' });
    expect(flow.getSnapshot().matches('idle')).toBe(true);
    expect(api.deleteInvestment).not.toHaveBeenCalled();
  });
});

describe('confirming', () => {
  it('Cancel closes and keeps everything', () => {
    const { flow, api, data, platform } = start();
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.cancelled' });
    expect(flow.getSnapshot().matches('idle')).toBe(true);
    expect(api.deleteInvestment).not.toHaveBeenCalled();
    expect(data.types()).toEqual(['refresh.events']);
    expect(platform.visited).toEqual([]);
  });
});

describe('deleting', () => {
  it('is busy, and ignores Cancel and a second Delete while the call runs', async () => {
    const { flow, api } = start();
    const call = deferred<void>();
    api.deleteInvestment.mockReturnValue(call.promise);
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.confirmed' });
    expect(flow.getSnapshot().hasTag('deleting')).toBe(true);
    expect(flow.getSnapshot().hasTag('open')).toBe(true);
    flow.send({ type: 'delete.cancelled' });
    flow.send({ type: 'delete.confirmed' });
    expect(flow.getSnapshot().matches('deleting')).toBe(true);
    expect(api.deleteInvestment).toHaveBeenCalledTimes(1);
    call.resolve();
    await flush();
    expect(flow.getSnapshot().status).toBe('done');
  });

  it('an investment: deleted, every view refreshed, then /home in place of its page', async () => {
    const { flow, api, data, platform } = start();
    api.deleteInvestment.mockResolvedValue(undefined);
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.confirmed' });
    await flush();
    expect(api.deleteInvestment).toHaveBeenCalledWith('5');
    expect(api.deletePortfolio).not.toHaveBeenCalled();
    expect(data.events()).toEqual([
      { type: 'refresh.events' },
      { type: 'investment.deleted', id: '5' },
      { type: 'refresh.portfolios' },
      { type: 'refresh.investments' },
      { type: 'refresh.valuation' },
      { type: 'refresh.chart', chart: { type: 'user' } },
      { type: 'refresh.events' },
    ]);
    expect(platform.visited).toEqual(['/home']);
    expect(platform.currentPath()).toBe('/home');
    expect(platform.backCalls()).toBe(0);
    expect(flow.getSnapshot().matches('deleted')).toBe(true);
  });

  it('replaces the history entry, so back does not return to the deleted page', async () => {
    const { flow, api, platform } = start();
    const calls: { path: string; replace: boolean | undefined }[] = [];
    const navigate = platform.navigate;
    platform.navigate = (path, options) => {
      calls.push({ path, replace: options?.replace });
      navigate(path, options);
    };
    api.deletePortfolio.mockResolvedValue(undefined);
    flow.send({ type: 'delete.requested', target: PENSION });
    flow.send({ type: 'delete.confirmed' });
    await flush();
    expect(calls).toEqual([{ path: '/home', replace: true }]);
  });

  it('a portfolio: deleted with what it holds, every view refreshed, then /home', async () => {
    const { flow, api, data, platform } = start();
    api.deletePortfolio.mockResolvedValue(undefined);
    flow.send({ type: 'delete.requested', target: PENSION });
    flow.send({ type: 'delete.confirmed' });
    await flush();
    expect(api.deletePortfolio).toHaveBeenCalledWith('1');
    expect(data.types()).toEqual([
      'refresh.portfolios',
      'portfolio.deleted',
      'refresh.portfolios',
      'refresh.investments',
      'refresh.valuation',
      'refresh.chart',
      'refresh.events',
    ]);
    expect(platform.visited).toEqual(['/home']);
  });

  it.each([
    ['a server error', http(500), /^Nothing was deleted\. The server had a problem/],
    ['offline', offline(), /^Nothing was deleted\. You appear to be offline/],
    ['a 404', http(404, { message: 'Not found.' }), /^Nothing was deleted\./],
  ])('%s: the question stays open with the reason, nothing refreshed', async (_, error, text) => {
    const { flow, api, data, platform } = start();
    api.deleteInvestment.mockRejectedValue(error);
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.confirmed' });
    await flush();
    expect(flow.getSnapshot().matches('confirming')).toBe(true);
    expect(flow.getSnapshot().context.error).toMatch(text);
    // Only the question's own reload: nothing refreshed as if deleted.
    expect(data.types()).toEqual(['refresh.events']);
    expect(platform.visited).toEqual([]);
  });

  it('a retry after a failure can succeed; Cancel clears the message', async () => {
    const { flow, api, platform } = start();
    api.deleteInvestment.mockRejectedValueOnce(offline()).mockResolvedValueOnce(undefined);
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.confirmed' });
    await flush();
    flow.send({ type: 'delete.cancelled' });
    expect(flow.getSnapshot().context.error).toBeUndefined();
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.confirmed' });
    await flush();
    expect(platform.visited).toEqual(['/home']);
  });
});

describe('texts', () => {
  it.each([
    ['investment', 'Novo Nordisk B', 7, 'Novo Nordisk B and its 7 transactions will be deleted.'],
    ['investment', 'Bitcoin', 1, 'Bitcoin and its 1 transaction will be deleted.'],
    ['investment', 'Bitcoin', undefined, 'Bitcoin and its transactions will be deleted.'],
    [
      'portfolio',
      'Pension',
      4,
      'Pension, its 4 investments and their transactions will be deleted.',
    ],
    ['portfolio', 'Pension', 1, 'Pension, its 1 investment and its transactions will be deleted.'],
    ['portfolio', 'Empty', 0, 'Empty will be deleted.'],
  ] as const)('%s %s with %s: %j', (kind, name, parts, text) => {
    expect(deleteSummary(kind, name, parts)).toBe(text);
  });

  it('asks by name', () => {
    expect(deleteQuestion('Novo Nordisk B')).toBe('Delete Novo Nordisk B?');
  });
});

describe('data drops what was deleted at once', () => {
  async function loaded() {
    const api = fakeApi();
    api.getPortfolios.mockResolvedValue([portfolio('1'), portfolio('2')]);
    api.getInvestments.mockResolvedValue([
      investment('5', 'A', '1'),
      investment('6', 'B', '1'),
      investment('7', 'C', '2'),
    ]);
    api.getEvents.mockResolvedValue([
      transaction('50', '5'),
      transaction('60', '6'),
      transaction('70', '7'),
    ]);
    api.getInvestmentStats.mockReturnValue(new Promise(() => undefined));
    api.getPortfolioStats.mockReturnValue(new Promise(() => undefined));
    const data = createActor(dataMachine, { input: { api } }).start();
    data.send({ type: 'refresh.portfolios' });
    data.send({ type: 'refresh.investments' });
    data.send({ type: 'refresh.events' });
    data.send({ type: 'stats.viewed', target: { type: 'investment', id: '5' } });
    data.send({ type: 'stats.viewed', target: { type: 'portfolio', id: '1' } });
    await flush();
    return { api, data };
  }

  it('an investment, its events and statistics', async () => {
    const { data } = await loaded();
    data.send({ type: 'investment.deleted', id: '5' });
    const { context } = data.getSnapshot();
    expect(context.investments?.map((i) => i.id)).toEqual(['6', '7']);
    expect(context.events?.map((t) => t.id)).toEqual(['60', '70']);
    expect(context.stats[statsKey({ type: 'investment', id: '5' })]).toBeUndefined();
    expect(context.stats[statsKey({ type: 'portfolio', id: '1' })]).toBeDefined();
  });

  it('a portfolio, its investments, their events, statistics and charts', async () => {
    const { api, data } = await loaded();
    api.getChart.mockReturnValue(new Promise(() => undefined));
    data.send({ type: 'screen.viewed', chart: { type: 'portfolio', id: '1' } });
    data.send({ type: 'portfolio.deleted', id: '1' });
    const { context } = data.getSnapshot();
    expect(context.portfolios?.map((p) => p.id)).toEqual(['2']);
    expect(context.investments?.map((i) => i.id)).toEqual(['7']);
    expect(context.events?.map((t) => t.id)).toEqual(['70']);
    expect(Object.keys(context.stats)).toEqual([]);
    expect(context.charts[chartKey({ type: 'portfolio', id: '1' })]).toBeUndefined();
  });

  it('a later refresh.stats asks nothing about what is gone', async () => {
    const { api, data } = await loaded();
    data.send({ type: 'investment.deleted', id: '5' });
    api.getInvestmentStats.mockClear();
    api.getPortfolioStats.mockClear();
    data.send({ type: 'refresh.stats' });
    expect(api.getInvestmentStats).not.toHaveBeenCalled();
    expect(api.getPortfolioStats).toHaveBeenCalledWith('1');
  });
});

describe('a lost session', () => {
  it('the deletion waits for the user to log in again, then is sent once', async () => {
    const { flow, api, platform, session } = start();
    api.deleteInvestment.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(undefined);
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.confirmed' });
    await flush();
    expect(flow.getSnapshot().hasTag('deleting')).toBe(true);
    expect(flow.getSnapshot().context.error).toBeUndefined();
    session.restore();
    await flush();
    expect(api.deleteInvestment).toHaveBeenCalledTimes(2);
    expect(platform.visited).toEqual(['/home']);
  });
});

describe('the page left (flow.detached)', () => {
  it('while the call runs: the data still drops it, the user is not moved', async () => {
    const { flow, api, data, platform } = start();
    const call = deferred<void>();
    api.deleteInvestment.mockReturnValue(call.promise);
    flow.send({ type: 'delete.requested', target: NOVO });
    flow.send({ type: 'delete.confirmed' });
    flow.send({ type: 'flow.detached' });
    call.resolve();
    await flush();
    expect(data.types()).toContain('investment.deleted');
    expect(platform.visited).toEqual([]);
    expect(flow.getSnapshot().status).toBe('done');
  });
});
