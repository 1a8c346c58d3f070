// The create-investment flow, headless: its idempotency key, the first buy's date, a lost
// session, the screen left under it, and the portfolio it goes in.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { DATE_MESSAGES } from '../../../src/machines/forms/date-rule';
import { dataMachine } from '../../../src/machines/data/data.machine';
import {
  createInvestmentMachine,
  pageOf,
} from '../../../src/machines/investments/create-investment.machine';
import {
  fakeApi,
  fakePlatform,
  fakeSession,
  flush,
  http,
  invalid,
  investment,
  offline,
  portfolio,
  recorder,
} from '../support';
import { TODAY, fillPage1, start, toPage2 } from './start-create-investment';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the idempotency key', () => {
  const keys = (api: ReturnType<typeof start>['api']) =>
    api.createInvestment.mock.calls.map(([, options]) => options.idempotencyKey);

  async function onPage2() {
    const started = start();
    await toPage2(started.api, started.form, started.change);
    started.change('shares', '3');
    started.change('share_price', '190');
    return started;
  }

  it('the validate-only call of Next sends none', async () => {
    const { api } = await onPage2();
    expect(api.createInvestment).toHaveBeenCalledExactlyOnceWith(expect.anything(), {
      validateOnly: true,
    });
  });

  it('Create again after no answer, the values unchanged, sends the same key', async () => {
    const { form, api, data } = await onPage2();
    api.createInvestment.mockRejectedValueOnce(offline());
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().matches('details')).toBe(true);
    api.createInvestment.mockResolvedValueOnce(investment('9', 'Apple'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(keys(api)).toEqual([undefined, 'key-1', 'key-1']);
    expect(api.createInvestment.mock.calls[2]).toEqual(api.createInvestment.mock.calls[1]);
    expect(data.types()[0]).toBe('investment.created');
  });

  it('values changed after a failure make a new key, on either page', async () => {
    const { form, api, change } = await onPage2();
    api.createInvestment.mockRejectedValueOnce(http(500));
    form.send({ type: 'form.submitted' });
    await flush();
    change('shares', '4');
    api.createInvestment.mockRejectedValueOnce(http(500));
    form.send({ type: 'form.submitted' });
    await flush();
    form.send({ type: 'form.back' });
    change('name', 'Apple Inc.');
    api.createInvestment.mockResolvedValueOnce(null);
    form.send({ type: 'form.next' });
    await flush();
    api.createInvestment.mockResolvedValueOnce(investment('9', 'Apple Inc.'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(keys(api)).toEqual([undefined, 'key-1', 'key-2', undefined, 'key-3']);
  });
});

describe('first buy date', () => {
  it('defaults to today; a future day is flagged at once and blocks Create', async () => {
    const { form, change, api } = start();
    await toPage2(api, form, change);
    expect(form.getSnapshot().context.values.date).toBe(TODAY);
    change('shares', '3');
    change('share_price', '1');
    change('date', '2026-03-02');
    expect(form.getSnapshot().context.fieldErrors.date).toEqual([DATE_MESSAGES.future]);
    form.send({ type: 'form.submitted' });
    expect(api.createInvestment).toHaveBeenCalledTimes(1);
  });

  it('sends a back-dated buy; a server error on buy_event.date shows under Date', async () => {
    const { form, change, api } = start();
    await toPage2(api, form, change);
    change('date', '2020-05-04');
    change('shares', '3');
    change('share_price', '1');
    api.createInvestment.mockRejectedValueOnce(
      invalid({ 'buy_event.date': ['The buy event.date field must match the format Y-m-d.'] }),
    );
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.createInvestment.mock.calls[1][0].buy_event.date).toBe('2020-05-04');
    expect(form.getSnapshot().matches('details')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors).toEqual({
      date: ['The buy event.date field must match the format Y-m-d.'],
    });
  });
});

describe('a lost session', () => {
  it('Next waits for the user to log in again on page 1, then checks once more', async () => {
    const { form, change, api, session } = start();
    await fillPage1(change);
    api.createInvestment.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(null);
    form.send({ type: 'form.next' });
    await flush();
    expect(pageOf(form.getSnapshot())).toBe(0);
    expect(form.getSnapshot().hasTag('submitting')).toBe(true);
    session.restore();
    await flush();
    expect(pageOf(form.getSnapshot())).toBe(1);
  });

  it('Create waits, keeps both pages, then creates once and goes back', async () => {
    const { form, change, api, platform, session } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    change('share_price', '1');
    api.createInvestment
      .mockRejectedValueOnce(http(419))
      .mockResolvedValueOnce(investment('9', 'Apple'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().context.values).toMatchObject({ name: 'Apple', shares: '3' });
    session.restore();
    await flush();
    expect(api.createInvestment).toHaveBeenCalledTimes(3);
    expect(platform.backCalls()).toBe(1);
  });
});

describe('the screen left (flow.detached)', () => {
  it('while Create runs: the lists still learn of it, and no page is left twice', async () => {
    const { form, change, api, data, platform } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    change('share_price', '1');
    api.createInvestment.mockResolvedValueOnce(investment('9', 'Apple'));
    form.send({ type: 'form.submitted' });
    form.send({ type: 'flow.detached' });
    await flush();
    expect(data.types()).toContain('investment.created');
    expect(platform.backCalls()).toBe(0);
    expect(form.getSnapshot().status).toBe('done');
  });
});

describe('the portfolio', () => {
  function startWithPortfolios(portfolios: ReturnType<typeof portfolio>[], portfolioId?: string) {
    const api = fakeApi();
    api.getPortfolios.mockResolvedValue(portfolios);
    const data = createActor(dataMachine, { input: { api, platform: fakePlatform() } }).start();
    const form = createActor(createInvestmentMachine, {
      input: {
        api,
        data,
        session: fakeSession().session,
        notices: recorder().ref,
        platform: fakePlatform(),
        portfolioId,
        today: TODAY,
      },
    }).start();
    data.send({ type: 'refresh.portfolios' });
    return form;
  }

  it("is the user's only one once the list is known", async () => {
    const form = startWithPortfolios([portfolio('7')]);
    expect(form.getSnapshot().context.values.portfolio_id).toBe('');
    await flush();
    expect(form.getSnapshot().context.values.portfolio_id).toBe('7');
  });

  it('is left to the user when there are several, and kept when the form was opened for one', async () => {
    const several = startWithPortfolios([portfolio('7'), portfolio('8')]);
    const given = startWithPortfolios([portfolio('7')], '9');
    await flush();
    expect(several.getSnapshot().context.values.portfolio_id).toBe('');
    expect(given.getSnapshot().context.values.portfolio_id).toBe('9');
  });
});
