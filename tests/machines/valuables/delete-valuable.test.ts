import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { chartKey, dataMachine, statsKey } from '../../../src/machines/data/data.machine';
import {
  deleteQuestion,
  deleteSummary,
  deleteValuableMachine,
  type DeleteTarget,
} from '../../../src/machines/valuables/delete-valuable.machine';
import { UNDO_MS } from '../../../src/machines/forms/undo';
import {
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
} from '../support';

const NOVO: DeleteTarget = { kind: 'investment', id: '5' };
const PENSION: DeleteTarget = { kind: 'portfolio', id: '1' };

function start() {
  const api = fakeApi();
  const data = recorder();
  const platform = fakePlatform({ path: '/investments/5' });
  const session = fakeSession();
  const notices = recorder();
  const flow = createActor(deleteValuableMachine, {
    input: { api, data: data.ref, session: session.session, platform, notices: notices.ref },
  }).start();
  return { api, data, platform, session, notices, flow };
}

/** Delete asked and confirmed: the Undo window is open. */
function confirmed(target: DeleteTarget) {
  const started = start();
  started.flow.send({ type: 'delete.requested', target });
  started.flow.send({ type: 'delete.confirmed' });
  return started;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

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

describe('pendingUndo', () => {
  it('Delete hides it, goes home in place of its page and offers Undo; nothing is sent yet', () => {
    const { flow, api, data, platform, notices } = confirmed(NOVO);
    expect(data.events()).toEqual([
      { type: 'refresh.events' },
      { type: 'investment.hidden', id: '5' },
    ]);
    expect(platform.visited).toEqual(['/home']);
    expect(platform.backCalls()).toBe(0);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Investment deleted', owner: flow, undo: true } },
    ]);
    expect(flow.getSnapshot().hasTag('open')).toBe(false);
    expect(api.deleteInvestment).not.toHaveBeenCalled();
  });

  it('replaces the history entry, so back does not return to the deleted page', () => {
    const { flow, platform } = start();
    const calls: { path: string; replace: boolean | undefined }[] = [];
    const navigate = platform.navigate;
    platform.navigate = (path, options) => {
      calls.push({ path, replace: options?.replace });
      navigate(path, options);
    };
    flow.send({ type: 'delete.requested', target: PENSION });
    flow.send({ type: 'delete.confirmed' });
    expect(calls).toEqual([{ path: '/home', replace: true }]);
  });

  it('Undo: nothing is ever sent, and the deletion is announced undone', async () => {
    const { flow, api, data } = confirmed(NOVO);
    flow.send({ type: 'undo.requested' });
    await vi.advanceTimersByTimeAsync(UNDO_MS * 2);
    expect(api.deleteInvestment).not.toHaveBeenCalled();
    // The data machine reloads what was hidden (changes.ts).
    expect(data.events().slice(2)).toEqual([{ type: 'data.changed', change: 'deletion.undone' }]);
    expect(flow.getSnapshot().matches('restored')).toBe(true);
  });

  it('the window ends: the call goes, the toast keeps its text without Undo', async () => {
    const { flow, api, notices } = confirmed(NOVO);
    api.deleteInvestment.mockReturnValue(new Promise(() => undefined));
    await vi.advanceTimersByTimeAsync(UNDO_MS - 1);
    expect(api.deleteInvestment).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(api.deleteInvestment).toHaveBeenCalledWith('5');
    expect(flow.getSnapshot().hasTag('deleting')).toBe(true);
    expect(notices.events().at(-1)).toEqual({
      type: 'notice.posted',
      notice: { text: 'Investment deleted', owner: flow, undo: false },
    });
    // Too late: Undo is ignored once the call is out.
    flow.send({ type: 'undo.requested' });
    expect(flow.getSnapshot().matches('deleting')).toBe(true);
  });

  it('hiding the tab or closing the app sends it at once', async () => {
    const { api, platform } = confirmed(NOVO);
    api.deleteInvestment.mockResolvedValue(undefined);
    platform.hideTab();
    await flush();
    expect(api.deleteInvestment).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(api.deleteInvestment).toHaveBeenCalledTimes(1);
  });

  it('the page left (flow.detached): the deletion still happens, the user is not moved again', async () => {
    const { flow, api, platform } = confirmed(NOVO);
    api.deleteInvestment.mockResolvedValue(undefined);
    flow.send({ type: 'flow.detached' });
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(api.deleteInvestment).toHaveBeenCalledTimes(1);
    expect(platform.visited).toEqual(['/home']);
    expect(flow.getSnapshot().matches('deleted')).toBe(true);
  });
});

describe('deleting', () => {
  it('an investment: deleted, announced as deleted, the toast withdrawn', async () => {
    const { flow, api, data, notices } = confirmed(NOVO);
    api.deleteInvestment.mockResolvedValue(undefined);
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(api.deletePortfolio).not.toHaveBeenCalled();
    // What it leaves stale is the data machine's to reload (changes.ts).
    expect(data.events().slice(2)).toEqual([{ type: 'investment.deleted', id: '5' }]);
    expect(notices.events().at(-1)).toEqual({ type: 'notice.withdrawn', owner: flow });
    expect(flow.getSnapshot().matches('deleted')).toBe(true);
  });

  it('a portfolio: hidden at once, then announced as deleted', async () => {
    const { api, data, notices } = confirmed(PENSION);
    api.deletePortfolio.mockResolvedValue(undefined);
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(api.deletePortfolio).toHaveBeenCalledWith('1');
    expect(notices.events()[0]).toMatchObject({ notice: { text: 'Portfolio deleted' } });
    expect(data.events()).toEqual([
      { type: 'refresh.portfolios' },
      { type: 'portfolio.hidden', id: '1' },
      { type: 'portfolio.deleted', id: '1' },
    ]);
  });

  it.each([
    ['a server error', http(500), /^Nothing was deleted\. The server had a problem/],
    ['offline', offline(), /^Nothing was deleted\. You appear to be offline/],
    ['a 404', http(404, { message: 'Not found.' }), /^Nothing was deleted\./],
  ])(
    '%s: the toast says nothing was deleted, the deletion is announced undone',
    async (_, error, text) => {
      const { flow, api, data, notices } = confirmed(NOVO);
      api.deleteInvestment.mockRejectedValue(error);
      await vi.advanceTimersByTimeAsync(UNDO_MS);
      expect(notices.events().at(-1)).toEqual({
        type: 'notice.posted',
        notice: { text: expect.stringMatching(text) as string },
      });
      expect(data.events().slice(2)).toEqual([{ type: 'data.changed', change: 'deletion.undone' }]);
      expect(flow.getSnapshot().matches('failed')).toBe(true);
    },
  );
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

describe('data drops what is being deleted at once, and again once it is deleted', () => {
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
    data.send({ type: 'refresh.all' });
    data.send({ type: 'refresh.portfolios' });
    data.send({ type: 'refresh.investments' });
    data.send({ type: 'refresh.events' });
    data.send({
      type: 'resource.needed',
      keys: [statsKey({ type: 'investment', id: '5' }), statsKey({ type: 'portfolio', id: '1' })],
    });
    await flush();
    return { api, data };
  }

  it.each(['investment.hidden', 'investment.deleted'] as const)(
    '%s: an investment, its events and statistics',
    async (type) => {
      const { data } = await loaded();
      data.send({ type, id: '5' });
      const { context } = data.getSnapshot();
      expect(context.investments?.map((i) => i.id)).toEqual(['6', '7']);
      expect(context.events?.map((t) => t.id)).toEqual(['60', '70']);
      expect(context.entries[statsKey({ type: 'investment', id: '5' })]).toBeUndefined();
      expect(context.entries[statsKey({ type: 'portfolio', id: '1' })]).toBeDefined();
    },
  );

  it.each(['portfolio.hidden', 'portfolio.deleted'] as const)(
    '%s: a portfolio, its investments, their events, statistics and charts',
    async (type) => {
      const { api, data } = await loaded();
      api.getChart.mockReturnValue(new Promise(() => undefined));
      data.send({ type: 'resource.needed', keys: [chartKey({ type: 'portfolio', id: '1' })] });
      data.send({ type, id: '1' });
      const { context } = data.getSnapshot();
      expect(context.portfolios?.map((p) => p.id)).toEqual(['2']);
      expect(context.investments?.map((i) => i.id)).toEqual(['7']);
      expect(context.events?.map((t) => t.id)).toEqual(['70']);
      expect(Object.keys(context.entries).sort()).toEqual(['events', 'investments', 'portfolios']);
    },
  );

  it('a later reload asks nothing about what is gone, even what was in view', async () => {
    const { api, data } = await loaded();
    api.getChart.mockReturnValue(new Promise(() => undefined));
    data.send({ type: 'resource.needed', keys: [chartKey({ type: 'investment', id: '5' })] });
    data.send({ type: 'investment.hidden', id: '5' });
    api.getChart.mockClear();
    api.getInvestmentStats.mockClear();
    api.getPortfolioStats.mockClear();
    data.send({ type: 'data.changed', change: 'investment.repriced' });
    expect(api.getChart).not.toHaveBeenCalled();
    expect(api.getInvestmentStats).not.toHaveBeenCalled();
    expect(api.getPortfolioStats.mock.calls).toEqual([['1']]);
  });
});

describe('a lost session', () => {
  it('the deletion waits for the user to log in again, then is sent once', async () => {
    const { flow, api, session } = confirmed(NOVO);
    api.deleteInvestment.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(undefined);
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(flow.getSnapshot().hasTag('deleting')).toBe(true);
    expect(flow.getSnapshot().matches('awaitingSession')).toBe(true);
    session.restore();
    await flush();
    expect(api.deleteInvestment).toHaveBeenCalledTimes(2);
    expect(flow.getSnapshot().matches('deleted')).toBe(true);
  });
});

describe('the page left (flow.detached)', () => {
  it('before the question, or while it is open: the flow ends, nothing is deleted', () => {
    const idle = start();
    idle.flow.send({ type: 'flow.detached' });
    expect(idle.flow.getSnapshot().status).toBe('done');
    const asking = start();
    asking.flow.send({ type: 'delete.requested', target: NOVO });
    asking.flow.send({ type: 'flow.detached' });
    expect(asking.flow.getSnapshot().matches('released')).toBe(true);
    expect(asking.data.types()).toEqual(['refresh.events']);
  });
});
