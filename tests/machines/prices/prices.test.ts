import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { DayPrice } from '../../../src/api';
import { NOTICE_MS } from '../../../src/machines/app/notices.machine';
import { UNDO_MS } from '../../../src/machines/forms/undo';
import { MESSAGES } from '../../../src/api/errors';
import { danish } from '../../../src/i18n/da';
import { LISTING_CHANGED } from '../../../src/machines/investments/listing.machine';
import {
  hasOlder,
  latestRange,
  notDeletedNotice,
  notRestoredNotice,
  olderRange,
  PRICE_NOTICES,
  shiftDay,
  type PriceField,
} from '../../../src/machines/prices/price.rules';
import { listStatus, offersOlder, pricesMachine } from '../../../src/machines/prices/prices.machine';
import { notDismissedNotice } from '../../../src/machines/suggestions/suggestions.machine';
import { STILL_SAVING } from '../../../src/machines/forms/submission';
import {
  deferred,
  fakeApi,
  fakeSession,
  flush,
  http,
  invalid,
  keyMaker,
  offline,
  recorder,
  TEST_TODAY,
} from '../support';

const TODAY = TEST_TODAY;

const typed: DayPrice = { date: '2026-02-27', price: 150, currency_code: 'DKK', source: 'manual' };
const market: DayPrice = {
  date: '2026-02-28',
  price: 120,
  currency_code: 'DKK',
  source: 'synthetic',
};

/** A started Prices section of investment 5 whose first page answers `page`. */
function start(page: DayPrice[] | Error = [market, typed]) {
  const api = fakeApi();
  const data = recorder();
  const notices = recorder();
  const session = fakeSession();
  if (page instanceof Error) api.priceCalls.getPrices.mockRejectedValueOnce(page);
  else api.priceCalls.getPrices.mockResolvedValueOnce(page);
  const prices = createActor(pricesMachine, {
    input: {
      api,
      data: data.ref,
      session: session.session,
      notices: notices.ref,
      investmentId: '5',
      today: TODAY,
      newKey: keyMaker(),
    },
  }).start();
  const change = (field: PriceField, value: string) =>
    prices.send({ type: 'form.changed', field, value });
  return { api, data, notices, session, prices, change };
}

type Prices = ReturnType<typeof start>['prices'];

/** The open form's snapshot (price-form.machine.ts); undefined while the form is closed. */
const formOf = (prices: Prices) => prices.getSnapshot().context.form?.getSnapshot();

/** The removal's snapshot (price-removal.machine.ts). */
const removalOf = (prices: Prices) => prices.getSnapshot().children.removal!.getSnapshot();

const noticeTexts = (notices: ReturnType<typeof recorder>) =>
  notices
    .events()
    .filter((e) => e.type === 'notice.posted')
    .map((e) => (e as unknown as { notice: { text: string } }).notice.text);

afterEach(() => {
  vi.useRealTimers();
});

describe('pages of days', () => {
  it('shifts calendar days across months and years', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('a page is 31 days; the older one ends the day before', () => {
    expect(latestRange('2026-03-01')).toEqual({ from: '2026-01-30', to: '2026-03-01' });
    expect(olderRange('2026-01-30')).toEqual({ from: '2025-12-30', to: '2026-01-29' });
  });

  it('an older page is offered until the list reaches the first event', () => {
    expect(hasOlder({ from: '2026-01-30', since: undefined })).toBe(true);
    expect(hasOlder({ from: '2026-01-30', since: '2025-06-01' })).toBe(true);
    expect(hasOlder({ from: '2026-01-30', since: '2026-01-30' })).toBe(false);
  });
});

describe('list', () => {
  it('loads the 31 days up to today, newest first as the API gives them', async () => {
    const { api, prices } = start();
    expect(prices.getSnapshot().hasTag('loading')).toBe(true);
    await flush();
    expect(api.priceCalls.getPrices).toHaveBeenCalledWith('5', latestRange(TODAY));
    expect(prices.getSnapshot().matches({ active: { list: 'ready' } })).toBe(true);
    expect(prices.getSnapshot().context.prices).toEqual([market, typed]);
  });

  it('says how the section shows its list', async () => {
    const { prices } = start();
    expect(listStatus(prices.getSnapshot())).toBe('loading');
    await flush();
    expect(listStatus(prices.getSnapshot())).toBe('ready');
    expect(offersOlder(prices.getSnapshot())).toBe(true);
    prices.send({ type: 'events.seen', since: '2026-02-01', changed: false });
    expect(offersOlder(prices.getSnapshot())).toBe(false);
  });

  it('a backend without prices leaves the section out', async () => {
    const { prices } = start(http(404, { message: 'Not Found' }));
    await flush();
    expect(prices.getSnapshot().matches({ active: { list: 'unavailable' } })).toBe(true);
    expect(listStatus(prices.getSnapshot())).toBe('unavailable');
  });

  it('another failure says why and Retry reads the page again', async () => {
    const { api, prices } = start(http(500));
    await flush();
    expect(listStatus(prices.getSnapshot())).toBe('failed');
    expect(prices.getSnapshot().context.listError).toMatch(/server had a problem/);
    api.priceCalls.getPrices.mockResolvedValueOnce([market]);
    prices.send({ type: 'retry.requested' });
    await flush();
    expect(prices.getSnapshot().context.prices).toEqual([market]);
    expect(prices.getSnapshot().context.listError).toBeUndefined();
  });

  it('Show older prices appends the month before, until the first event', async () => {
    const { api, prices } = start();
    await flush();
    prices.send({ type: 'events.seen', since: '2025-12-31', changed: false });
    const older: DayPrice = { ...market, date: '2026-01-02' };
    api.priceCalls.getPrices.mockResolvedValueOnce([older]);
    prices.send({ type: 'older.requested' });
    expect(prices.getSnapshot().hasTag('loadingOlder')).toBe(true);
    await flush();
    expect(api.priceCalls.getPrices).toHaveBeenLastCalledWith('5', {
      from: '2025-12-30',
      to: '2026-01-29',
    });
    expect(prices.getSnapshot().context.prices).toEqual([market, typed, older]);
    expect(prices.getSnapshot().context.from).toBe('2025-12-30');
    prices.send({ type: 'older.requested' });
    expect(prices.getSnapshot().hasTag('loadingOlder')).toBe(false);
  });

  it('an older page that fails keeps the list and says why', async () => {
    const { api, prices } = start();
    await flush();
    api.priceCalls.getPrices.mockRejectedValueOnce(http(500));
    prices.send({ type: 'older.requested' });
    await flush();
    expect(prices.getSnapshot().context.prices).toEqual([market, typed]);
    expect(prices.getSnapshot().context.listError).toBeDefined();
  });

  it("reads every listed page again when the investment's events change", async () => {
    const { api, prices } = start();
    await flush();
    api.priceCalls.getPrices.mockResolvedValueOnce([typed]);
    prices.send({ type: 'events.seen', since: '2025-12-01', changed: false });
    expect(api.priceCalls.getPrices).toHaveBeenCalledTimes(1);
    prices.send({ type: 'events.seen', since: '2025-12-01', changed: true });
    await flush();
    expect(api.priceCalls.getPrices).toHaveBeenLastCalledWith('5', latestRange(TODAY));
    expect(prices.getSnapshot().context.prices).toEqual([typed]);
  });

  it('reads the list again when the investment takes another listing', async () => {
    const { api, prices } = start();
    await flush();
    api.priceCalls.getPrices.mockResolvedValueOnce([]);
    prices.send({ type: 'listing.changed' });
    await flush();
    expect(api.priceCalls.getPrices).toHaveBeenCalledTimes(2);
    expect(prices.getSnapshot().context.prices).toEqual([]);
  });
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

describe('texts', () => {
  it('every notice of the prices, the listing and the suggestions is in Danish', () => {
    const texts = [
      ...Object.values(PRICE_NOTICES),
      LISTING_CHANGED,
      notRestoredNotice(MESSAGES.serverError),
      notDeletedNotice(MESSAGES.notFound),
      notDismissedNotice(MESSAGES.offline),
    ];
    for (const text of texts) expect(danish.text(text), text).not.toBe(text);
    expect(danish.text(notRestoredNotice(MESSAGES.serverError))).toBe(
      `Kursen kunne ikke genskabes. ${danish.text(MESSAGES.serverError)}`,
    );
  });

  it("the server's refusals of a price name its fields in Danish", () => {
    expect(danish.text('The price field must be greater than 0.')).toBe(
      'Feltet kurs skal være større end 0.',
    );
    expect(danish.text('The selected listing is invalid.')).toBe(
      'Det valgte handelssted er ugyldigt.',
    );
  });
});
