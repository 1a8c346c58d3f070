import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, childrenOf } from '../../../src/machines/app/app.machine';
import { chartKey } from '../../../src/machines/data/data.machine';
import { PERIOD_COOKIE, periodMachine } from '../../../src/machines/app/period.machine';
import { fakeApi, fakePlatform, flush, recorder } from '../support';

describe('ready', () => {
  it('starts from the cookie, or Day', () => {
    const fromCookie = createActor(periodMachine, {
      input: {
        platform: fakePlatform({ cookies: { [PERIOD_COOKIE]: 'Month' } }),
        data: recorder().ref,
      },
    }).start();
    expect(fromCookie.getSnapshot().context.period).toBe('Month');
    const unknown = createActor(periodMachine, {
      input: {
        platform: fakePlatform({ cookies: { [PERIOD_COOKIE]: 'Decade' } }),
        data: recorder().ref,
      },
    }).start();
    expect(unknown.getSnapshot().context.period).toBe('Day');
  });

  it('writes the cookie at start, so the server reads the period shown', () => {
    const fresh = fakePlatform();
    createActor(periodMachine, { input: { platform: fresh, data: recorder().ref } }).start();
    expect(fresh.cookieData.get(PERIOD_COOKIE)).toBe('Day');
    const unknown = fakePlatform({ cookies: { [PERIOD_COOKIE]: 'Decade' } });
    createActor(periodMachine, { input: { platform: unknown, data: recorder().ref } }).start();
    expect(unknown.cookieData.get(PERIOD_COOKIE)).toBe('Day');
  });

  it('period.selected writes the cookie, then tells data (which reloads what the period values)', () => {
    const platform = fakePlatform();
    const data = recorder();
    const cookieWhenTold: (string | undefined)[] = [];
    const period = createActor(
      periodMachine.provide({
        actions: {
          tellData: () => {
            cookieWhenTold.push(platform.cookieData.get(PERIOD_COOKIE));
          },
        },
      }),
      { input: { platform, data: data.ref } },
    ).start();
    period.send({ type: 'period.selected', period: 'Year' });
    expect(period.getSnapshot().context.period).toBe('Year');
    expect(platform.cookieData.get(PERIOD_COOKIE)).toBe('Year');
    expect(cookieWhenTold).toEqual(['Day', 'Year']);
  });

  it('tells data the period at start and on a change, and nothing else', () => {
    const data = recorder();
    const period = createActor(periodMachine, {
      input: { platform: fakePlatform(), data: data.ref },
    }).start();
    period.send({ type: 'period.selected', period: 'Week' });
    // The data machine reloads on a change of period (changes.ts), not on the first one told.
    expect(data.events()).toEqual([
      { type: 'period.changed', period: 'Day' },
      { type: 'period.changed', period: 'Week' },
    ]);
  });
});

describe('in the app', () => {
  it('refreshes the chart of the current screen (here an investment)', async () => {
    const api = fakeApi();
    api.checkAuth.mockResolvedValue(false);
    api.getValuation.mockReturnValue(new Promise(() => undefined));
    api.getPortfolios.mockResolvedValue([]);
    api.getInvestments.mockResolvedValue([]);
    api.getChart.mockResolvedValue({ points: [] });
    const app = createActor(appMachine, { input: { api, platform: fakePlatform() } }).start();
    const { data, period } = childrenOf(app);
    // A session, and home's figures and chart, then the investment's chart instead.
    data.send({ type: 'refresh.all' });
    const userChart = chartKey({ type: 'user' });
    data.send({
      type: 'resource.needed',
      keys: ['valuation', 'portfolios', 'investments', userChart],
    });
    data.send({ type: 'resource.released', keys: [userChart] });
    data.send({ type: 'resource.needed', keys: [chartKey({ type: 'investment', id: '5' })] });
    await flush();
    for (const call of [api.getChart, api.getValuation, api.getPortfolios, api.getInvestments])
      call.mockClear();
    period.send({ type: 'period.selected', period: 'Forever' });
    await flush();
    expect(api.getChart.mock.calls).toEqual([['investment', '5']]);
    expect(api.getValuation).toHaveBeenCalledOnce();
    expect(api.getPortfolios).toHaveBeenCalledOnce();
    expect(api.getInvestments).toHaveBeenCalledOnce();
  });
});
