// Add investment with the catalogue: a chosen suggestion fills the instrument's fields; a valid
// identifier typed in fills only what the user left empty or untouched.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Instrument } from '../../../src/domain/market';
import { createInvestmentMachine } from '../../../src/machines/investments/create-investment.machine';
import type { InvestmentField } from '../../../src/machines/investments/investment.rules';
import { IDENTIFIER_DEBOUNCE_MS } from '../../../src/machines/investments/identifier-check.machine';
import { SEARCH_DEBOUNCE_MS } from '../../../src/machines/investments/instrument-search.machine';
import { fakeApi, fakePlatform, fakeSession, flush, recorder } from '../support';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const APPLE: Instrument = { type: 'stock', code: 'US0378331005', name: 'Apple', currency: 'USD' };
const BITCOIN: Instrument = { type: 'crypto', code: 'BTC', name: 'Bitcoin', currency: 'USD' };

function start() {
  const api = fakeApi();
  api.validateInstrument.mockResolvedValue(true);
  const form = createActor(createInvestmentMachine, {
    input: {
      api,
      data: recorder().ref,
      session: fakeSession().session,
      platform: fakePlatform({ path: '/investments/create' }),
      notices: recorder().ref,
      today: '2026-03-01',
    },
  }).start();
  const change = (field: InvestmentField, value: string) =>
    form.send({ type: 'form.changed', field, value });
  const values = () => form.getSnapshot().context.values;
  const search = () => form.getSnapshot().context.search.getSnapshot();
  return { api, form, change, values, search };
}

describe('instrument: searching by name', () => {
  it('typing a name searches after the debounce; the suggestions are the search child’s', async () => {
    const { api, change, search } = start();
    api.searchInstruments.mockResolvedValue([APPLE]);
    change('name', 'app');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    expect(api.searchInstruments).toHaveBeenCalledExactlyOnceWith('app');
    expect(search().hasTag('open')).toBe(true);
    expect(search().context.suggestions).toEqual([APPLE]);
  });

  it('choosing fills name, identifier, type and listing currency, closes the list and checks the code', async () => {
    const { api, form, change, values, search } = start();
    api.searchInstruments.mockResolvedValue([BITCOIN]);
    change('name', 'bit');
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS);
    form.send({ type: 'instrument.chosen', instrument: BITCOIN });
    expect(values()).toMatchObject({
      name: 'Bitcoin',
      isin: 'BTC',
      type: 'crypto',
      currency_code: 'USD',
    });
    expect(search().hasTag('open')).toBe(false);
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(api.validateInstrument).toHaveBeenLastCalledWith('BTC', 'crypto');
    expect(form.getSnapshot().context.fieldErrors.isin).toBeUndefined();
  });

  it('the user can still edit what was filled', async () => {
    const { api, form, change, values } = start();
    api.searchInstruments.mockResolvedValue([APPLE]);
    form.send({ type: 'instrument.chosen', instrument: APPLE });
    change('name', 'Apple (long term)');
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(values()).toMatchObject({ name: 'Apple (long term)', currency_code: 'USD' });
  });
});

describe('instrument: a known identifier typed in', () => {
  it('fills an empty name and the untouched currency from the catalogue', async () => {
    const { api, change, values } = start();
    api.searchInstruments.mockResolvedValue([APPLE]);
    change('isin', 'us0378331005');
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(api.searchInstruments).toHaveBeenCalledExactlyOnceWith('US0378331005');
    expect(values()).toMatchObject({ name: 'Apple', currency_code: 'USD', type: 'stock' });
  });

  it('never overwrites a name typed or a currency chosen on page 2', async () => {
    const { api, form, change, values } = start();
    api.searchInstruments.mockResolvedValue([]);
    api.createInvestment.mockResolvedValue(null);
    change('portfolio_id', '1');
    change('name', 'My shares');
    change('isin', 'DK0062498333');
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    form.send({ type: 'form.next' });
    await flush();
    expect(form.getSnapshot().matches('details')).toBe(true);
    change('currency_code', 'EUR');
    form.send({ type: 'form.back' });
    api.searchInstruments.mockResolvedValue([APPLE]);
    change('isin', 'US0378331005');
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(api.searchInstruments).toHaveBeenLastCalledWith('US0378331005');
    expect(values()).toMatchObject({ name: 'My shares', currency_code: 'EUR' });
  });

  it('an identifier that changed meanwhile is not filled from the old one', async () => {
    const { api, change, values } = start();
    let answer: (found: Instrument[]) => void = () => undefined;
    api.searchInstruments.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    change('isin', 'US0378331005');
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    change('isin', 'US037833100');
    answer([APPLE]);
    await flush();
    expect(values()).toMatchObject({ name: '', currency_code: 'DKK' });
  });

  it('a backend without the search call fills nothing and shows no error', async () => {
    const { api, form, change, values } = start();
    const { httpError } = await import('../../../src/api/errors');
    api.searchInstruments.mockRejectedValue(httpError(404, { message: 'Not found' }));
    change('isin', 'US0378331005');
    await vi.advanceTimersByTimeAsync(IDENTIFIER_DEBOUNCE_MS);
    expect(values()).toMatchObject({ name: '', currency_code: 'DKK' });
    expect(form.getSnapshot().context.fieldErrors).toEqual({});
    expect(form.getSnapshot().context.formError).toBeUndefined();
  });
});
