import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { DATE_MESSAGES } from '../../../src/machines/forms/date-rule';
import { dataMachine } from '../../../src/machines/data/data.machine';
import {
  createInvestmentMachine,
  isFieldEnabled,
  pageOf,
} from '../../../src/machines/investments/create-investment.machine';
import type { InvestmentField } from '../../../src/machines/investments/investment.rules';
import {
  IDENTIFIER_DEBOUNCE_MS,
  INVALID_ISIN,
} from '../../../src/machines/investments/identifier-check.machine';
import {
  deferred,
  fakeApi,
  fakePlatform,
  fakeSession,
  flush,
  formFakes,
  http,
  invalid,
  investment,
  keyMaker,
  offline,
  portfolio,
  recorder,
} from '../support';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const TODAY = '2026-03-01';

function start(options: { deepLink?: boolean } = {}) {
  const { input, ...fakes } = formFakes();
  fakes.api.validateInstrument.mockResolvedValue(true);
  const platform = fakePlatform({ path: '/investments/create', ...options });
  const form = createActor(createInvestmentMachine, {
    input: { ...input, platform, today: TODAY, newKey: keyMaker() },
  }).start();
  const change = (field: InvestmentField, value: string) =>
    form.send({ type: 'form.changed', field, value });
  return { ...fakes, platform, form, change };
}

async function fillPage1(change: (field: InvestmentField, value: string) => void) {
  change('portfolio_id', '1');
  change('name', 'Apple');
  change('isin', 'us0378331005');
  await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
}

async function toPage2(
  api: ReturnType<typeof fakeApi>,
  form: ReturnType<typeof start>['form'],
  change: ReturnType<typeof start>['change'],
) {
  await fillPage1(change);
  api.createInvestment.mockResolvedValueOnce(null);
  form.send({ type: 'form.next' });
  await flush();
}

describe('instrument (page 1)', () => {
  it('starts with type stock, fee 0.00 and only page 1 enabled', () => {
    const { form } = start();
    const snapshot = form.getSnapshot();
    expect(snapshot.context.values.type).toBe('stock');
    expect(snapshot.context.values.fee).toBe('0.00');
    expect(pageOf(snapshot)).toBe(0);
    expect(isFieldEnabled(snapshot, 'name')).toBe(true);
    expect(isFieldEnabled(snapshot, 'shares')).toBe(false);
  });

  it('ignores input to page 2 fields', () => {
    const { form, change } = start();
    change('shares', '5');
    expect(form.getSnapshot().context.values.shares).toBe('');
  });

  it('upper-cases the code', () => {
    const { form, change } = start();
    change('isin', 'us0378331005');
    expect(form.getSnapshot().context.values.isin).toBe('US0378331005');
  });

  it('form.next is refused while a required field is empty, and says which', () => {
    const { form, change, api } = start();
    change('name', 'Apple');
    form.send({ type: 'form.next' });
    expect(form.getSnapshot().matches('instrument')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors.portfolio_id).toEqual([
      'This field is required.',
    ]);
    expect(form.getSnapshot().context.fieldErrors.isin).toEqual(['This field is required.']);
    expect(api.createInvestment).not.toHaveBeenCalled();
  });

  it('form.next is refused while the code is flagged invalid', async () => {
    const { form, change, api } = start();
    change('portfolio_id', '1');
    change('name', 'Apple');
    change('isin', 'US0378331003');
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    // The spec's message, then what is wrong.
    expect(form.getSnapshot().context.fieldErrors.isin).toEqual([
      INVALID_ISIN,
      'The check digit is wrong: expected 5.',
    ]);
    form.send({ type: 'form.next' });
    expect(form.getSnapshot().matches('instrument')).toBe(true);
    expect(api.createInvestment).not.toHaveBeenCalled();
    change('isin', 'US0378331005');
    expect(form.getSnapshot().context.fieldErrors.isin).toBeUndefined();
  });

  it('leaving page 1 is a validate-only call; success shows page 2', async () => {
    const { form, change, api } = start();
    await toPage2(api, form, change);
    expect(api.createInvestment).toHaveBeenCalledWith(
      expect.objectContaining({
        investment: { portfolio_id: '1', name: 'Apple' },
        instrument: { type: 'stock', isin: 'US0378331005' },
      }),
      { validateOnly: true },
    );
    expect(form.getSnapshot().matches('details')).toBe(true);
    expect(pageOf(form.getSnapshot())).toBe(1);
    expect(isFieldEnabled(form.getSnapshot(), 'name')).toBe(false);
    expect(isFieldEnabled(form.getSnapshot(), 'shares')).toBe(true);
  });

  it('server errors on page 1 fields are shown under them and block going forward', async () => {
    const { form, change, api } = start();
    await fillPage1(change);
    api.createInvestment.mockRejectedValueOnce(
      invalid({
        'investment.name': ['The investment.name has already been taken.'],
        'buy_event.shares': ['The buy event.shares field is required.'],
      }),
    );
    form.send({ type: 'form.next' });
    await flush();
    expect(form.getSnapshot().matches('instrument')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors).toEqual({
      name: ['The investment.name has already been taken.'],
    });
  });

  it('errors only on the still empty page 2 fields do not block page 1', async () => {
    const { form, change, api } = start();
    await fillPage1(change);
    api.createInvestment.mockRejectedValueOnce(invalid({ 'buy_event.shares': ['Required.'] }));
    form.send({ type: 'form.next' });
    await flush();
    expect(form.getSnapshot().matches('details')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors).toEqual({});
  });

  it('a network failure keeps page 1 and its values, with a message', async () => {
    const { form, change, api } = start();
    await fillPage1(change);
    api.createInvestment.mockRejectedValueOnce(http(500));
    form.send({ type: 'form.next' });
    await flush();
    expect(form.getSnapshot().matches('instrument')).toBe(true);
    expect(form.getSnapshot().context.formError).toBe(
      'The server had a problem. Please try again in a moment.',
    );
    expect(form.getSnapshot().context.values.name).toBe('Apple');
  });

  it('Back on page 1 (Cancel) goes back in history', () => {
    const { form, platform } = start();
    form.send({ type: 'form.back' });
    expect(platform.backCalls()).toBe(1);
  });

  it('Cancel on a form opened by a deep link goes to /home instead of leaving the app', () => {
    const { form, platform } = start({ deepLink: true });
    form.send({ type: 'form.back' });
    expect(platform.backCalls()).toBe(0);
    expect(platform.visited).toEqual(['/home']);
  });
});

describe('details (page 2)', () => {
  it('Back returns to page 1 with the values kept', async () => {
    const { form, change, api, platform } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    form.send({ type: 'form.back' });
    expect(form.getSnapshot().matches('instrument')).toBe(true);
    expect(form.getSnapshot().context.values.shares).toBe('3');
    expect(platform.backCalls()).toBe(0);
  });

  it('Create is refused while shares, price or currency are missing or invalid', async () => {
    const { form, change, api } = start();
    await toPage2(api, form, change);
    change('shares', '0');
    change('share_price', 'abc');
    change('currency_code', '');
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().matches('details')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors).toEqual({
      shares: ['Must be greater than 0.'],
      share_price: ['Must be a number, like 12.50.'],
      currency_code: ['This field is required.'],
    });
    expect(api.createInvestment).toHaveBeenCalledOnce();
  });
});

describe('creating', () => {
  it('creates with parsed numbers (fee empty is 0), then announces it as created and goes back', async () => {
    const { form, change, api, data, platform, notices } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    change('share_price', '190,50');
    change('fee', '');
    change('currency_code', 'USD');
    api.createInvestment.mockResolvedValueOnce(investment('9', 'Apple'));
    form.send({ type: 'form.submitted' });
    expect(form.getSnapshot().hasTag('submitting')).toBe(true);
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.createInvestment).toHaveBeenCalledTimes(2);
    expect(api.createInvestment).toHaveBeenLastCalledWith(
      {
        investment: { portfolio_id: '1', name: 'Apple' },
        instrument: { type: 'stock', isin: 'US0378331005' },
        buy_event: { date: TODAY, shares: 3, share_price: 190.5, fee: 0, currency_code: 'USD' },
      },
      { validateOnly: false, idempotencyKey: 'key-1' },
    );
    // What it leaves stale is the data machine's to reload (changes.ts).
    expect(data.events()).toEqual([
      { type: 'investment.created', investment: investment('9', 'Apple') },
    ]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Investment created' } },
    ]);
    expect(platform.backCalls()).toBe(1);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('a 2xx without the investment announces the change by name, confirms and goes back', async () => {
    const { form, change, api, data, platform, notices } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    change('share_price', '1');
    api.createInvestment.mockResolvedValueOnce(null);
    form.send({ type: 'form.submitted' });
    await flush();
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.created' }]);
    expect(notices.events()).toEqual([
      { type: 'notice.posted', notice: { text: 'Investment created' } },
    ]);
    expect(platform.backCalls()).toBe(1);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('buy_event errors are merged under page 2 fields', async () => {
    const { form, change, api } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    change('share_price', '1');
    api.createInvestment.mockRejectedValueOnce(
      invalid({ 'buy_event.currency_code': ['The selected currency is invalid.'] }),
    );
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().matches('details')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors).toEqual({
      currency_code: ['The selected currency is invalid.'],
    });
  });

  it('an error on a page 1 field returns to page 1 to show it', async () => {
    const { form, change, api } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    change('share_price', '1');
    api.createInvestment.mockRejectedValueOnce(
      invalid({ 'instrument.isin': ['The instrument.isin field must be a valid ISIN code.'] }),
    );
    form.send({ type: 'form.submitted' });
    await flush();
    expect(form.getSnapshot().matches('instrument')).toBe(true);
    expect(form.getSnapshot().context.fieldErrors.isin).toEqual([
      'The instrument.isin field must be a valid ISIN code.',
    ]);
  });

  it('a pending create ignores a second Create (one POST)', async () => {
    const { form, change, api } = start();
    await toPage2(api, form, change);
    change('shares', '3');
    change('share_price', '1');
    api.createInvestment.mockReturnValueOnce(deferred<never>().promise);
    form.send({ type: 'form.submitted' });
    form.send({ type: 'form.submitted' });
    expect(api.createInvestment).toHaveBeenCalledTimes(2);
  });
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
