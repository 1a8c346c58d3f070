// The prices machine (prices.machine.ts), headless: deleting a typed price, and its view going.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayPrice } from '../../../src/api';
import { NOTICE_MS } from '../../../src/machines/app/notices.machine';
import { UNDO_MS } from '../../../src/machines/forms/undo';
import { deferred, flush, http } from '../support';
import { type Prices, market, noticeTexts, start, typed } from './start-prices';

/** The removal's snapshot (price-removal.machine.ts). */
const removalOf = (prices: Prices) => prices.getSnapshot().children.removal!.getSnapshot();

afterEach(() => {
  vi.useRealTimers();
});

describe('deleting a typed price', () => {
  it('deletes at once, announces the investment repriced, and offers Undo for the window', async () => {
    vi.useFakeTimers();
    const { api, data, notices, prices } = start();
    await flush();
    api.priceCalls.deletePrice.mockResolvedValueOnce(undefined);
    api.priceCalls.getPrices.mockResolvedValueOnce([market]);
    prices.send({ type: 'delete.requested', price: typed });
    expect(removalOf(prices).hasTag('deleting')).toBe(true);
    await flush();
    expect(api.priceCalls.deletePrice).toHaveBeenCalledWith('5', typed.date);
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.repriced' }]);
    expect(prices.getSnapshot().context.prices).toEqual([market]);
    const [held] = notices.events();
    expect(held).toMatchObject({ notice: { text: 'Price deleted', undo: true } });
    await vi.advanceTimersByTimeAsync(UNDO_MS);
    expect(notices.types()).toEqual(['notice.posted', 'notice.withdrawn']);
    expect(removalOf(prices).matches('idle')).toBe(true);
  });

  it('Undo types the same price again', async () => {
    const { api, notices, prices } = start();
    await flush();
    api.priceCalls.deletePrice.mockResolvedValueOnce(undefined);
    api.priceCalls.getPrices.mockResolvedValue([market, typed]);
    prices.send({ type: 'delete.requested', price: typed });
    await flush();
    api.priceCalls.addPrice.mockResolvedValueOnce(typed);
    prices.send({ type: 'undo.requested' });
    await flush();
    expect(api.priceCalls.addPrice).toHaveBeenCalledWith(
      '5',
      { date: typed.date, price: 150, currency_code: 'DKK' },
      { idempotencyKey: 'key-1' },
    );
    expect(noticeTexts(notices)).toEqual([
      'Price deleted',
      'Restoring the price…',
      'Price restored',
    ]);
  });

  it("Undo's key is made when it is pressed and sent again after a new login", async () => {
    const { api, prices, session } = start();
    await flush();
    api.priceCalls.deletePrice.mockResolvedValue(undefined);
    api.priceCalls.getPrices.mockResolvedValue([market, typed]);
    prices.send({ type: 'delete.requested', price: typed });
    await flush();
    api.priceCalls.addPrice.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(typed);
    prices.send({ type: 'undo.requested' });
    await flush();
    session.restore();
    await flush();
    prices.send({ type: 'delete.requested', price: typed });
    await flush();
    api.priceCalls.addPrice.mockResolvedValueOnce(typed);
    prices.send({ type: 'undo.requested' });
    await flush();
    expect(api.priceCalls.addPrice.mock.calls.map((call) => call[2])).toEqual([
      { idempotencyKey: 'key-1' },
      { idempotencyKey: 'key-1' },
      // Another deletion's Undo is another submission, though it types the same price.
      { idempotencyKey: 'key-2' },
    ]);
  });

  it('another Delete while Undo is offered makes the first final; Undo types the second again', async () => {
    const { api, notices, prices } = start();
    await flush();
    const earlier: DayPrice = { ...typed, date: '2026-02-20', price: 140 };
    api.priceCalls.deletePrice.mockResolvedValue(undefined);
    api.priceCalls.getPrices.mockResolvedValue([]);
    prices.send({ type: 'delete.requested', price: typed });
    await flush();
    prices.send({ type: 'delete.requested', price: earlier });
    await flush();
    expect(api.priceCalls.deletePrice.mock.calls).toEqual([
      ['5', typed.date],
      ['5', earlier.date],
    ]);
    api.priceCalls.addPrice.mockResolvedValueOnce(earlier);
    prices.send({ type: 'undo.requested' });
    await flush();
    expect(api.priceCalls.addPrice).toHaveBeenCalledTimes(1);
    expect(api.priceCalls.addPrice.mock.calls[0][1]).toEqual({
      date: earlier.date,
      price: 140,
      currency_code: 'DKK',
    });
    expect(noticeTexts(notices)).toEqual([
      'Price deleted',
      'Price deleted',
      'Restoring the price…',
      'Price restored',
    ]);
  });

  it('a deletion waiting for a new login is sent after it, though its view has gone', async () => {
    const { api, data, prices, session } = start();
    await flush();
    api.priceCalls.deletePrice.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(undefined);
    api.priceCalls.getPrices.mockResolvedValue([]);
    prices.send({ type: 'delete.requested', price: typed });
    await flush();
    prices.send({ type: 'flow.detached' });
    expect(prices.getSnapshot().status).toBe('active');
    session.restore();
    await flush();
    expect(api.priceCalls.deletePrice.mock.calls).toEqual([
      ['5', typed.date],
      ['5', typed.date],
    ]);
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.repriced' }]);
  });

  it('a refused deletion says nothing was deleted and announces nothing', async () => {
    const { api, data, notices, prices } = start();
    await flush();
    api.priceCalls.deletePrice.mockRejectedValueOnce(http(404, { message: 'No typed price' }));
    prices.send({ type: 'delete.requested', price: typed });
    await flush();
    expect(noticeTexts(notices)).toEqual([
      'Nothing was deleted. Not found. It may have been deleted.',
    ]);
    expect(data.types()).toEqual([]);
  });

  it('a market price cannot be deleted', async () => {
    const { api, prices } = start();
    await flush();
    prices.send({ type: 'delete.requested', price: market });
    expect(api.priceCalls.deletePrice).not.toHaveBeenCalled();
  });
});

describe('its view going', () => {
  it('an idle section ends at once', async () => {
    const { prices } = start();
    await flush();
    prices.send({ type: 'flow.detached' });
    expect(prices.getSnapshot().status).toBe('done');
  });

  it('a save in flight finishes and is announced, then the flow ends', async () => {
    const { api, data, prices, change } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'DKK' });
    change('price', '10');
    const answer = deferred<DayPrice>();
    api.priceCalls.addPrice.mockReturnValueOnce(answer.promise);
    api.priceCalls.getPrices.mockResolvedValue([]);
    prices.send({ type: 'form.submitted' });
    prices.send({ type: 'flow.detached' });
    expect(prices.getSnapshot().status).toBe('active');
    answer.resolve(typed);
    await flush();
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.repriced' }]);
    expect(prices.getSnapshot().status).toBe('done');
  });

  it('a save in flight that fails: the flow ends and the notice says nothing was saved', async () => {
    const { api, data, notices, prices, change } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'DKK' });
    change('price', '10');
    const answer = deferred<DayPrice>();
    api.priceCalls.addPrice.mockReturnValueOnce(answer.promise);
    prices.send({ type: 'form.submitted' });
    prices.send({ type: 'flow.detached' });
    answer.reject(http(500));
    await flush();
    expect(prices.getSnapshot().status).toBe('done');
    expect(data.events()).toEqual([]);
    expect(notices.events().at(-1)).toEqual({
      type: 'notice.posted',
      notice: { text: expect.stringMatching(/^Nothing was saved\. The server had a problem/) },
    });
  });

  it('a price waiting for a new login is sent after it, then the flow ends', async () => {
    const { api, data, prices, session, change } = start();
    await flush();
    prices.send({ type: 'form.opened', currency: 'DKK' });
    change('price', '10');
    api.priceCalls.addPrice.mockRejectedValueOnce(http(401)).mockResolvedValueOnce(typed);
    api.priceCalls.getPrices.mockResolvedValue([]);
    prices.send({ type: 'form.submitted' });
    await flush();
    prices.send({ type: 'flow.detached' });
    expect(prices.getSnapshot().status).toBe('active');
    session.restore();
    await flush();
    expect(api.priceCalls.addPrice).toHaveBeenCalledTimes(2);
    expect(data.events()).toEqual([{ type: 'data.changed', change: 'investment.repriced' }]);
    expect(prices.getSnapshot().status).toBe('done');
  });

  it('a deletion keeps its Undo for the window, then the flow ends', async () => {
    vi.useFakeTimers();
    const { api, prices } = start();
    await flush();
    api.priceCalls.deletePrice.mockResolvedValueOnce(undefined);
    api.priceCalls.getPrices.mockResolvedValue([]);
    prices.send({ type: 'delete.requested', price: typed });
    await flush();
    prices.send({ type: 'flow.detached' });
    expect(prices.getSnapshot().status).toBe('active');
    await vi.advanceTimersByTimeAsync(Math.max(UNDO_MS, NOTICE_MS));
    expect(prices.getSnapshot().status).toBe('done');
  });
});
