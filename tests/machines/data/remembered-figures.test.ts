// The last visit's figures: painted at once on the next, asked for again, forgotten at logout.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { dataMachine } from '../../../src/machines/data/data.machine';
import {
  FIGURES_KEY,
  hasKeptFigures,
  readFigures,
  rememberFigure,
} from '../../../src/machines/data/remembered-figures';
import { deferred, fakeApi, fakePlatform, flush, investment, portfolio } from '../support';

const VALUATION = {
  value: { value: 1200, change: 20, changeRatio: 0.0169 },
  positions: { lifetime: 300, realised: 100, unrealised: 200 },
};

/** What home needs, and History. */
const HOME = ['user', 'valuation', 'portfolios', 'investments'] as const;

function start(storage: Record<string, string> = {}) {
  const api = fakeApi();
  const platform = fakePlatform({ storage });
  const data = createActor(dataMachine, {
    input: { api, platform, figures: platform.storage },
  }).start();
  return { api, platform, data };
}

/** The storage a first visit left behind. */
async function afterFirstVisit() {
  const first = start();
  first.api.getUser.mockResolvedValue({ name: 'A', email: 'a@b.c' });
  first.api.getValuation.mockResolvedValue(VALUATION);
  first.api.getPortfolios.mockResolvedValue([portfolio('1')]);
  first.api.getInvestments.mockResolvedValue([investment('5')]);
  first.api.getEvents.mockResolvedValue([]);
  first.data.send({ type: 'period.changed', period: 'Week' });
  first.data.send({ type: 'refresh.all' });
  first.data.send({ type: 'resource.needed', keys: [...HOME, 'events'] });
  await flush();
  return Object.fromEntries(first.platform.storageData);
}

describe('remembered figures', () => {
  it('a second visit shows the last figures at once, as updating, and asks the server again', async () => {
    const { api, data } = start(await afterFirstVisit());
    const valuation = deferred<typeof VALUATION>();
    api.getValuation.mockReturnValue(valuation.promise);
    api.getPortfolios.mockReturnValue(deferred<never>().promise);
    api.getUser.mockReturnValue(deferred<never>().promise);
    api.getInvestments.mockReturnValue(deferred<never>().promise);

    data.send({ type: 'refresh.all' });
    const { context } = data.getSnapshot();
    expect(context.valuation).toEqual(VALUATION);
    expect(context.portfolios).toEqual([portfolio('1')]);
    expect(context.investments).toEqual([investment('5')]);
    expect(context.user).toEqual({ name: 'A', email: 'a@b.c' });
    expect(context.entries.valuation?.period).toBe('Week');
    // Held, and asked for again as soon as home needs it: the value card shows it as updating.
    data.send({ type: 'resource.needed', keys: HOME });
    expect(data.getSnapshot().context.entries.valuation?.status).toBe('loading');
    expect(api.getValuation).toHaveBeenCalledOnce();

    const fresh = { ...VALUATION, value: { value: 1300, change: 5, changeRatio: 0.004 } };
    valuation.resolve(fresh);
    await flush();
    expect(data.getSnapshot().context.valuation).toEqual(fresh);
  });

  it('keeps what is held: only a resource not loaded yet is recalled', async () => {
    const { api, data } = start(await afterFirstVisit());
    api.getPortfolios.mockResolvedValue([portfolio('2')]);
    data.send({ type: 'refresh.all' });
    data.send({ type: 'refresh.portfolios' });
    await flush();
    api.getPortfolios.mockReturnValue(deferred<never>().promise);
    data.send({ type: 'refresh.all' });
    expect(data.getSnapshot().context.portfolios).toEqual([portfolio('2')]);
  });

  it('keeps each new answer, and forgets them all when the session ends', async () => {
    const { api, platform, data } = start(await afterFirstVisit());
    api.getPortfolios.mockResolvedValue([portfolio('1'), portfolio('3')]);
    data.send({ type: 'refresh.portfolios' });
    await flush();
    expect(readFigures(platform.storage).portfolios?.data).toEqual([
      portfolio('1'),
      portfolio('3'),
    ]);

    expect(hasKeptFigures(platform.storage)).toBe(true);
    data.send({ type: 'data.cleared' });
    expect(platform.storageData.has(FIGURES_KEY)).toBe(false);
    expect(hasKeptFigures(platform.storage)).toBe(false);
    data.send({ type: 'refresh.all' });
    expect(data.getSnapshot().context.portfolios).toBeUndefined();
  });

  it('keeps a profile saved in the app, so the next visit opens with the new name', async () => {
    const { platform, data } = start(await afterFirstVisit());
    data.send({ type: 'user.updated', user: { name: 'B', email: 'b@c.d' } });
    expect(readFigures(platform.storage).user?.data).toEqual({ name: 'B', email: 'b@c.d' });
  });

  it('keeps what is created and deleted here at once, before any refresh', async () => {
    const { api, platform, data } = start(await afterFirstVisit());
    api.getPortfolios.mockReturnValue(deferred<never>().promise);
    api.getInvestments.mockReturnValue(deferred<never>().promise);
    data.send({ type: 'refresh.all' });
    data.send({ type: 'portfolio.created', portfolio: portfolio('7') });
    data.send({ type: 'investment.created', investment: investment('8', 'New', '7') });
    expect(readFigures(platform.storage).portfolios?.data).toEqual([
      portfolio('1'),
      portfolio('7'),
    ]);
    expect(readFigures(platform.storage).investments?.data).toEqual([
      investment('5'),
      investment('8', 'New', '7'),
    ]);

    data.send({ type: 'portfolio.deleted', id: '7' });
    expect(readFigures(platform.storage).portfolios?.data).toEqual([portfolio('1')]);
    expect(readFigures(platform.storage).investments?.data).toEqual([investment('5')]);
    data.send({ type: 'investment.deleted', id: '5' });
    expect(readFigures(platform.storage).investments?.data).toEqual([]);
  });

  it('keeps nothing of the events or currencies', async () => {
    const stored = await afterFirstVisit();
    expect(Object.keys(JSON.parse(stored[FIGURES_KEY] ?? '{}').figures).sort()).toEqual([
      'investments',
      'portfolios',
      'user',
      'valuation',
    ]);
  });
});

describe('readFigures', () => {
  const store = (value: string) => fakePlatform({ storage: { [FIGURES_KEY]: value } }).storage;

  it('reads nothing from an unreadable, foreign or older entry', () => {
    expect(readFigures(store('{not json'))).toEqual({});
    expect(readFigures(store('[]'))).toEqual({});
    expect(readFigures(store(JSON.stringify({ format: 0, figures: {} })))).toEqual({});
  });

  it('skips an answer of the wrong shape or an unknown period, keeping the others', () => {
    const figures = readFigures(
      store(
        JSON.stringify({
          format: 1,
          figures: {
            portfolios: { data: { not: 'a list' } },
            user: { data: ['a list'] },
            investments: { data: [investment('5')], period: 'Fortnight' },
            valuation: { data: VALUATION, period: 'Day' },
          },
        }),
      ),
    );
    expect(figures).toEqual({ valuation: { data: VALUATION, period: 'Day' } });
  });

  it('skips a list with an item the screens could not read', () => {
    const kept = (portfolios: unknown[]) =>
      readFigures(
        store(JSON.stringify({ format: 1, figures: { portfolios: { data: portfolios } } })),
      );
    expect(kept([portfolio('1'), null]).portfolios).toBeUndefined();
    expect(kept([{ ...portfolio('1'), value: 'lots' }]).portfolios).toBeUndefined();
    const { positions: _, ...withoutPositions } = portfolio('1');
    expect(kept([withoutPositions]).portfolios).toBeUndefined();
    expect(kept([portfolio('1')]).portfolios?.data).toEqual([portfolio('1')]);
  });

  it('reads kept figures with the schemas their answers were decoded with', () => {
    const kept = readFigures(
      store(
        JSON.stringify({
          format: 1,
          figures: { portfolios: { data: [{ ...portfolio('1'), value: '100', extra: true }] } },
        }),
      ),
    );
    // As an answer would be read: a numeric string is its number, unknown fields are dropped.
    expect(kept.portfolios?.data).toEqual([{ ...portfolio('1'), value: 100 }]);
  });

  it('a refused write only means no warm start', () => {
    const full = {
      get: () => null,
      set: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      remove: () => undefined,
    };
    expect(() => rememberFigure(full, 'user', { data: {}, period: undefined })).not.toThrow();
  });
});
