// The prices machine (prices.machine.ts), headless: typing a price in its form.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STILL_SAVING } from '../../../src/machines/forms/submission';
import { flush, http, invalid, offline } from '../support';
import { type Prices, TODAY, market, noticeTexts, start, typed } from './start-prices';

/** The open form's snapshot (price-form.machine.ts); undefined while the form is closed. */
const formOf = (prices: Prices) => prices.getSnapshot().context.form?.getSnapshot();

afterEach(() => {
  vi.useRealTimers();
});

describe('typing a price', () => {
  it('opens on today in the currency given', async () => {
    const { prices } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'USD' });
    expect(formOf(prices)?.matches('editing')).toBe(true);
    expect(formOf(prices)?.context.values).toEqual({
      date: TODAY,
      price: '',
      currency_code: 'USD',
    });
  });

  it('flags a future day at once and checks the rules before any call', async () => {
    const { api, prices, change } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'DKK' });
    change('date', '2026-03-02');
    expect(formOf(prices)?.context.fieldErrors.date).toEqual([
      'Must be today or earlier: an event cannot be in the future.',
    ]);
    change('date', TODAY);
    change('price', '0');
    prices.send({ type: 'form.submitted' });
    expect(formOf(prices)?.context.fieldErrors).toEqual({
      price: ['Must be greater than 0.'],
    });
    expect(api.priceCalls.addPrice).not.toHaveBeenCalled();
  });

  it('saves, announces the investment repriced, confirms and reads the list again', async () => {
    const { api, data, notices, prices, change } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'DKK' });
    change('price', '612,40');
    api.priceCalls.addPrice.mockResolvedValueOnce({ ...typed, date: TODAY, price: 612.4 });
    api.priceCalls.getPrices.mockResolvedValueOnce([{ ...typed, date: TODAY, price: 612.4 }]);
    prices.send({ type: 'form.submitted' });
    expect(formOf(prices)?.hasTag('submitting')).toBe(true);
    await flush();
    expect(api.priceCalls.addPrice).toHaveBeenCalledWith(
      '5',
      { date: TODAY, price: 612.4, currency_code: 'DKK' },
      { idempotencyKey: 'key-1' },
    );
    // What the price values is the data machine's to reload (changes.ts).
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.repriced' }]);
    expect(noticeTexts(notices)).toEqual(['Price saved']);
    expect(formOf(prices)).toBeUndefined();
    expect(api.priceCalls.getPrices).toHaveBeenCalledTimes(2);
    expect(prices.getSnapshot().context.prices[0]?.price).toBe(612.4);
  });

  it("shows the server's refusal next to the fields and keeps what was typed", async () => {
    const { api, data, prices, change } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'DKK' });
    change('price', '12.5');
    api.priceCalls.addPrice.mockRejectedValueOnce(
      invalid({ currency_code: ['The selected currency code is invalid.'] }),
    );
    prices.send({ type: 'form.submitted' });
    await flush();
    const { context } = formOf(prices)!;
    expect(formOf(prices)?.matches('editing')).toBe(true);
    expect(context.fieldErrors).toEqual({
      currency_code: ['The selected currency code is invalid.'],
    });
    expect(context.formError).toBeUndefined();
    expect(context.values.price).toBe('12.5');
    expect(data.types()).toEqual([]);
  });

  it('a lost session waits for the login, then sends the same price', async () => {
    const { api, prices, session, change } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'DKK' });
    change('price', '10');
    api.priceCalls.addPrice.mockRejectedValueOnce(http(401));
    prices.send({ type: 'form.submitted' });
    await flush();
    expect(session.waiting()).toBe(1);
    expect(formOf(prices)?.hasTag('submitting')).toBe(true);
    api.priceCalls.addPrice.mockResolvedValueOnce(typed);
    api.priceCalls.getPrices.mockResolvedValueOnce([typed]);
    session.restore();
    await flush();
    expect(api.priceCalls.addPrice).toHaveBeenCalledTimes(2);
    expect(api.priceCalls.addPrice.mock.calls[1]).toEqual(api.priceCalls.addPrice.mock.calls[0]);
    expect(formOf(prices)).toBeUndefined();
  });

  describe('the idempotency key', () => {
    const keys = (api: ReturnType<typeof start>['api']) =>
      api.priceCalls.addPrice.mock.calls.map((call) => call[2]?.idempotencyKey);

    async function failedSave(price: string, error: Error) {
      const started = start();
      await flush();
      started.prices.send({ type: 'form.opened', currency: 'DKK' });
      started.change('price', price);
      started.api.priceCalls.addPrice.mockRejectedValueOnce(error);
      started.prices.send({ type: 'form.submitted' });
      await flush();
      expect(formOf(started.prices)?.matches('editing')).toBe(true);
      started.api.priceCalls.getPrices.mockResolvedValue([typed]);
      return started;
    }

    it('Save again after no answer or a 5xx, the price unchanged, sends the same key', async () => {
      const { api, prices } = await failedSave('10', offline());
      api.priceCalls.addPrice.mockRejectedValueOnce(http(500)).mockResolvedValueOnce(typed);
      prices.send({ type: 'form.submitted' });
      await flush();
      prices.send({ type: 'form.submitted' });
      await flush();
      expect(keys(api)).toEqual(['key-1', 'key-1', 'key-1']);
      expect(formOf(prices)).toBeUndefined();
    });

    it('409 says the first is still being saved and keeps the form; Save retries it', async () => {
      const { api, prices } = await failedSave('10', http(409, { message: 'Still running.' }));
      expect(formOf(prices)?.context.formError).toBe(STILL_SAVING);
      expect(formOf(prices)?.context.values.price).toBe('10');
      api.priceCalls.addPrice.mockResolvedValueOnce(typed);
      prices.send({ type: 'form.submitted' });
      await flush();
      expect(keys(api)).toEqual(['key-1', 'key-1']);
    });

    it('a changed price is a new submission, and a saved one typed again too', async () => {
      const { api, prices, change } = await failedSave('10', offline());
      change('price', '11');
      api.priceCalls.addPrice.mockResolvedValueOnce(typed);
      prices.send({ type: 'form.submitted' });
      await flush();
      prices.send({ type: 'form.opened', currency: 'DKK' });
      change('price', '11');
      api.priceCalls.addPrice.mockResolvedValueOnce(typed);
      prices.send({ type: 'form.submitted' });
      await flush();
      expect(keys(api)).toEqual(['key-1', 'key-2', 'key-3']);
    });
  });

  it('Edit opens a typed price with its day fixed; a market price has no Edit', async () => {
    const { prices, change } = start();
    await flush();
    prices.send({ type: 'edit.opened', price: market });
    expect(formOf(prices)).toBeUndefined();
    prices.send({ type: 'edit.opened', price: typed });
    expect(formOf(prices)?.context.values).toEqual({
      date: typed.date,
      price: '150',
      currency_code: 'DKK',
    });
    expect(formOf(prices)?.context.input.correcting).toBe(typed.date);
    change('date', '2026-02-01');
    change('price', '151');
    expect(formOf(prices)?.context.values).toMatchObject({ date: typed.date, price: '151' });
    prices.send({ type: 'form.cancelled' });
    expect(formOf(prices)).toBeUndefined();
  });

  it("Edit writes the typed price with the reader's decimal mark (issue 40)", async () => {
    const cents = { ...typed, price: 428.78 };
    const { prices } = start([market, cents], { decimalMark: ',' });
    await flush();
    prices.send({ type: 'edit.opened', price: cents });
    expect(formOf(prices)?.context.values.price).toBe('428,78');
  });
});
