// The prices machine (prices.machine.ts), headless: its pages of days, the list, and its texts.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayPrice } from '../../../src/api';
import { MESSAGES } from '../../../src/api/errors';
import { danish } from '../../../src/i18n/da';
import { nothingDeleted } from '../../../src/machines/forms/form-errors';
import { LISTING_CHANGED } from '../../../src/machines/investments/listing.machine';
import {
  hasOlder,
  latestRange,
  notRestoredNotice,
  olderRange,
  PRICE_NOTICES,
  shiftDay,
} from '../../../src/machines/prices/price.rules';
import { listStatus, offersOlder } from '../../../src/machines/prices/prices.machine';
import { notDismissedNotice } from '../../../src/machines/suggestions/suggestions.machine';
import { flush, http } from '../support';
import { TODAY, market, start, typed } from './start-prices';

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

describe('texts', () => {
  it('every notice of the prices, the listing and the suggestions is in Danish', () => {
    const texts = [
      ...Object.values(PRICE_NOTICES),
      LISTING_CHANGED,
      notRestoredNotice(MESSAGES.serverError),
      nothingDeleted(new Error(MESSAGES.notFound)),
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
