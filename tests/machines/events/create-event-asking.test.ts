// The create-event flow, headless: asking about a price far from the market, a lost session, the
// idempotency key, and the overlay closed under it.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { createEventMachine } from '../../../src/machines/events/create-event.machine';
import type { EventField } from '../../../src/machines/events/event.rules';
import { danish } from '../../../src/i18n/da';
import { STILL_SAVING } from '../../../src/machines/forms/submission';
import {
  deferred,
  flush,
  http,
  invalid,
  offline,
  transaction,
  startCreateEvent,
  TEST_TODAY,
} from '../support';

const TODAY = TEST_TODAY;
const start = startCreateEvent;

describe('asking (a price far from the market)', () => {
  /** A USD buy whose market closed at USD 185.50 on its day (a weekend looks back to Friday). */
  function startUsdBuy(close = { price: 185.5, currency_code: 'USD', source: 'yahoo' }) {
    const started = start('buy');
    const form = createActor(createEventMachine, {
      input: {
        ...started.form.getSnapshot().context.input,
        currency: 'USD',
        dkkPer: (code: string) => (code === 'USD' ? 7 : undefined),
      },
    }).start();
    started.api.priceCalls.getPrices.mockResolvedValue([{ date: TODAY, ...close }]);
    started.api.createEvent.mockResolvedValue(transaction('1'));
    const change = (field: EventField, value: string) =>
      form.send({ type: 'form.changed', field, value });
    change('shares', '2');
    return { ...started, form, change };
  }
  const question = (form: ReturnType<typeof startUsdBuy>['form']) =>
    form.getSnapshot().context.question?.suggested;

  it('a price more than 3 times from the close asks first; a second Add saves it as typed', async () => {
    const { form, change, api } = startUsdBuy();
    change('share_price', '25');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.priceCalls.getPrices).toHaveBeenCalledWith('5', { from: '2026-02-22', to: TODAY });
    expect(form.getSnapshot().matches('editing')).toBe(true);
    expect(question(form)).toEqual({ share_price: '185.5', currency_code: 'USD' });
    expect(api.createEvent).not.toHaveBeenCalled();
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.createEvent).toHaveBeenCalledWith(
      '5',
      'buy',
      expect.objectContaining({ share_price: 25, currency_code: 'USD' }),
      expect.anything(),
    );
  });

  it('the suggestion taken replaces price and currency, and Add saves it', async () => {
    const { form, change, api } = startUsdBuy();
    change('currency_code', 'DKK');
    // USD 185.50 typed as DKK: seven times below the close's DKK 1,298.50.
    change('share_price', '185.50');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(question(form)).toEqual({ share_price: '185.5', currency_code: 'USD' });
    form.send({ type: 'question.accepted' });
    expect(form.getSnapshot().context.values).toMatchObject({
      share_price: '185.5',
      currency_code: 'USD',
    });
    expect(question(form)).toBeUndefined();
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.createEvent).toHaveBeenCalledWith(
      '5',
      'buy',
      expect.objectContaining({ share_price: 185.5, currency_code: 'USD' }),
      expect.anything(),
    );
  });

  it('a changed field drops the question, and a changed price is asked about again', async () => {
    const { form, change, api } = startUsdBuy();
    change('share_price', '25');
    form.send({ type: 'form.submitted' });
    await flush();
    change('share_price', '24');
    expect(question(form)).toBeUndefined();
    form.send({ type: 'form.submitted' });
    await flush();
    expect(question(form)).toBeDefined();
    expect(api.createEvent).not.toHaveBeenCalled();
  });

  it.each([
    ['near the close', '150', { price: 185.5, currency_code: 'USD', source: 'yahoo' }],
    ['only the last trade known', '25', { price: 185.5, currency_code: 'USD', source: 'trade' }],
  ])('asks nothing %s', async (_, price, close) => {
    const { form, change, api } = startUsdBuy(close);
    change('share_price', price);
    form.send({ type: 'form.submitted' });
    await flush();
    expect(question(form)).toBeUndefined();
    expect(api.createEvent).toHaveBeenCalledOnce();
  });

  it('never blocks: without the prices it saves as typed', async () => {
    const { form, change, api } = startUsdBuy();
    api.priceCalls.getPrices.mockRejectedValue(http(500));
    change('share_price', '25');
    form.send({ type: 'form.submitted' });
    await flush();
    expect(api.createEvent).toHaveBeenCalledOnce();
  });
});

describe('a lost session (401, or a 419 the fresh cookie did not cure)', () => {
  it.each([401, 419])(
    '%i: the form waits, filled, and sends the same event once after the user logs in again',
    async (status) => {
      const { form, change, api, data, overlay, session } = start('buy');
      api.createEvent.mockRejectedValueOnce(http(status));
      api.createEvent.mockResolvedValueOnce(transaction('78'));
      change('shares', '3');
      change('share_price', '12.5');
      form.send({ type: 'form.submitted' });
      await flush();
      expect(form.getSnapshot().hasTag('submitting')).toBe(true);
      expect(form.getSnapshot().context.formError).toBeUndefined();
      expect(session.waiting()).toBe(1);
      form.send({ type: 'form.submitted' });
      expect(api.createEvent).toHaveBeenCalledOnce();
      session.restore();
      await flush();
      expect(api.createEvent).toHaveBeenCalledTimes(2);
      expect(api.createEvent.mock.calls[1]).toEqual(api.createEvent.mock.calls[0]);
      expect(api.createEvent.mock.calls[1]?.[3]).toEqual({ idempotencyKey: 'key-1' });
      expect(data.types()[0]).toBe('event.created');
      expect(overlay.types()).toEqual(['overlay.closed']);
      expect(session.waiting()).toBe(0);
    },
  );
});

describe('the idempotency key', () => {
  /** The key each createEvent call sent, in order. */
  const keys = (api: ReturnType<typeof start>['api']) =>
    api.createEvent.mock.calls.map((call) => call[3]?.idempotencyKey);

  async function failedBuy(error: Error) {
    const started = start('buy');
    started.api.createEvent.mockRejectedValueOnce(error);
    started.change('shares', '3');
    started.change('share_price', '12.5');
    started.form.send({ type: 'form.submitted' });
    await flush();
    expect(started.form.getSnapshot().matches('editing')).toBe(true);
    return started;
  }

  it.each([
    ['no answer', offline()],
    ['a 5xx', http(503)],
  ])('Save again after %s with the form unchanged sends the same key', async (_, error) => {
    const { form, api, data } = await failedBuy(error);
    api.createEvent.mockResolvedValueOnce(transaction('78'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(keys(api)).toEqual(['key-1', 'key-1']);
    expect(api.createEvent.mock.calls[1]?.[2]).toEqual(api.createEvent.mock.calls[0]?.[2]);
    expect(data.types()[0]).toBe('event.created');
  });

  it('a changed form gets a new key, and keeps it for its own retries', async () => {
    const { form, api, change } = await failedBuy(offline());
    change('shares', '4');
    api.createEvent.mockRejectedValueOnce(offline());
    form.send({ type: 'form.submitted' });
    await flush();
    api.createEvent.mockResolvedValueOnce(transaction('78'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(keys(api)).toEqual(['key-1', 'key-2', 'key-2']);
  });

  it('a change undone sends the body the key was made for, so the key is the same', async () => {
    const { form, api, change } = await failedBuy(offline());
    change('shares', '4');
    change('shares', '3');
    api.createEvent.mockResolvedValueOnce(transaction('78'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(keys(api)).toEqual(['key-1', 'key-1']);
  });

  it('409 (the first still runs) is transient: a plain message, the form kept, Save retries with the same key', async () => {
    const running = http(409, { message: 'A request with this idempotency key is still running.' });
    const { form, api, overlay } = await failedBuy(running);
    const { context } = form.getSnapshot();
    expect(context.formError).toBe(STILL_SAVING);
    expect(context.values.shares).toBe('3');
    expect(context.fieldErrors).toEqual({});
    expect(overlay.types()).toEqual([]);
    expect(danish.text(STILL_SAVING)).not.toBe(STILL_SAVING);
    api.createEvent.mockResolvedValueOnce(transaction('78'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(keys(api)).toEqual(['key-1', 'key-1']);
    expect(overlay.types()).toEqual(['overlay.closed']);
  });

  it('after a refusal the server keeps, the same values are asked again under a new key', async () => {
    const { form, api } = await failedBuy(invalid({ shares: ['Not enough shares.'] }));
    api.createEvent.mockResolvedValueOnce(transaction('78'));
    form.send({ type: 'form.submitted' });
    await flush();
    expect(keys(api)).toEqual(['key-1', 'key-2']);
  });
});

describe('the overlay closed (flow.detached)', () => {
  it('while the call runs: what was saved is still announced, the overlay is left alone', async () => {
    const { form, change, api, data, overlay } = start('buy');
    const call = deferred<ReturnType<typeof transaction>>();
    api.createEvent.mockReturnValue(call.promise);
    change('shares', '2');
    change('share_price', '5');
    form.send({ type: 'form.submitted' });
    form.send({ type: 'flow.detached' });
    call.resolve(transaction('79'));
    await flush();
    expect(data.events()).toEqual([{ type: 'event.created', event: transaction('79') }]);
    expect(overlay.types()).toEqual([]);
    expect(form.getSnapshot().status).toBe('done');
  });

  it('while editing: the form ends and nothing is sent', () => {
    const { form, change, api } = start('buy');
    change('shares', '2');
    form.send({ type: 'flow.detached' });
    expect(form.getSnapshot().status).toBe('done');
    expect(api.createEvent).not.toHaveBeenCalled();
  });
});
