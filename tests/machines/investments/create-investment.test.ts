// The create-investment flow, headless: its instrument (page 1), its details (page 2), and
// creating.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  isFieldEnabled,
  pageOf,
} from '../../../src/machines/investments/create-investment.machine';
import {
  IDENTIFIER_DEBOUNCE_MS,
  INVALID_ISIN,
} from '../../../src/machines/investments/identifier-check.machine';
import { deferred, flush, http, invalid, investment } from '../support';
import { TODAY, fillPage1, start, toPage2 } from './start-create-investment';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

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
