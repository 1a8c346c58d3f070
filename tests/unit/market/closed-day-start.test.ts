import { describe, expect, it } from 'vitest';
import { closedDayStart, valueHolding } from '../../../src/domain/valuation';
import { closeSeries } from '../../../src/market/close-series';
import { storedPricing, type StoredListingPrices } from '../../../src/market/stored-prices';
import { buy } from '../fixtures/ledger-entries';

// Copenhagen closes at 17:00 local (16:00 UTC in winter); 2026-11-27 is a Friday.
const closes = (days: [string, string][]) =>
  closeSeries(days.map(([day, close]) => ({ day, close })));
const copenhagen = (days: [string, string][], quote?: StoredListingPrices['quote']) =>
  storedPricing({
    source: 'yahoo',
    currency: 'DKK',
    timezone: 'Europe/Copenhagen',
    close: '17:00',
    closes: closes(days),
    quote,
  });
const week: [string, string][] = [
  ['2026-11-24', '100'],
  ['2026-11-25', '101'],
  ['2026-11-26', '102'],
  ['2026-11-27', '105'],
];
const at = (iso: string) => Date.parse(iso);
const THURSDAY_CLOSE = at('2026-11-26T16:00:00Z');

describe('closedDayStart', () => {
  it('on a Saturday evening starts at Thursday close, so Day is Friday’s move', () => {
    const market = copenhagen(week);
    const now = at('2026-11-28T20:00:00Z');
    const start = closedDayStart(now, [market]);
    expect(start).toBe(THURSDAY_CLOSE);
    const holding = { entries: [buy(0, 10, 90)], priceAt: (t: number) => market.price(t) };
    const figures = valueHolding(holding, 'Day', now, start);
    expect(figures.change).toBe(30);
    // Without it, the past 24 hours are flat: the bug.
    expect(valueHolding(holding, 'Day', now).change).toBe(0);
  });

  it('on Monday before the open still starts at Thursday close', () => {
    expect(closedDayStart(at('2026-11-30T07:00:00Z'), [copenhagen(week)])).toBe(THURSDAY_CLOSE);
  });

  it('walks back over the last session’s intraday points to the close before them', () => {
    const quote = {
      price: '105',
      time: at('2026-11-27T15:59:00Z'),
      day: '2026-11-27',
      intraday: [
        { time: at('2026-11-27T08:05:00Z'), price: '103' },
        { time: at('2026-11-27T12:00:00Z'), price: '104' },
      ],
    };
    const market = copenhagen(week.slice(0, 3), quote);
    expect(closedDayStart(at('2026-11-29T12:00:00Z'), [market])).toBe(THURSDAY_CLOSE);
  });

  it('after a holiday starts at the close before the last session', () => {
    // Wednesday 2026-12-23 traded; Thursday and Friday (24th, 25th) were closed.
    const market = copenhagen([
      ['2026-12-22', '100'],
      ['2026-12-23', '99'],
    ]);
    expect(closedDayStart(at('2026-12-25T12:00:00Z'), [market])).toBe(at('2026-12-22T16:00:00Z'));
  });

  it('keeps the past 24 hours while any holding traded in them: a crypto holding trades every day', () => {
    const crypto = storedPricing({
      source: 'coingecko',
      currency: 'EUR',
      timezone: 'UTC',
      close: undefined,
      closes: closes([
        ['2026-11-27', '50000'],
        ['2026-11-28', '51000'],
      ]),
    });
    const now = at('2026-11-29T12:00:00Z');
    expect(closedDayStart(now, [crypto])).toBeUndefined();
    expect(closedDayStart(now, [copenhagen(week), crypto])).toBeUndefined();
  });

  it('keeps the past 24 hours on a trading day and for holdings with no market', () => {
    expect(closedDayStart(at('2026-11-27T12:00:00Z'), [copenhagen(week)])).toBeUndefined();
    expect(closedDayStart(at('2026-11-28T20:00:00Z'), [])).toBeUndefined();
  });
});
