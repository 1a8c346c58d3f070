import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { isValidIsin } from '../../../src/domain/isin';
import {
  CATALOGUE,
  CURRENCIES,
  findInstrument,
  priceAt,
  QUOTE_INTERVAL_MS,
  quoteTime,
  rateToDkk,
  type Instrument,
} from '../../../src/domain/market';

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 15, 12);
const find = (type: Instrument['type'], code: string) => {
  const instrument = findInstrument(type, code);
  if (!instrument) throw new Error(`${code} is not in the catalogue`);
  return instrument;
};
const anyTime = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });
const anyInstrument = fc.constantFrom(...CATALOGUE);

describe('catalogue', () => {
  it.each(['US0378331005', 'DK0062498333', 'DK0010274414', 'IE00B4L5Y983'])(
    'holds the stock %s',
    (code) => {
      expect(findInstrument('stock', code)?.code).toBe(code);
    },
  );

  it.each(['BTC', 'ETH', 'SOL'])('holds the crypto %s', (code) => {
    expect(findInstrument('crypto', code)).toMatchObject({ code, currency: 'USD' });
  });

  it('gives every stock and fund an ISIN that passes the check digit', () => {
    const stocks = CATALOGUE.filter((i) => i.type === 'stock');
    expect(stocks.length).toBeGreaterThanOrEqual(19);
    for (const { code } of stocks) expect(isValidIsin(code), code).toBe(true);
  });

  it('lists each instrument once, in a currency the product knows', () => {
    expect(new Set(CATALOGUE.map((i) => `${i.type}:${i.code}`)).size).toBe(CATALOGUE.length);
    for (const { currency } of CATALOGUE) expect(CURRENCIES).toContain(currency);
  });

  it.each([
    ['DK', 'DKK'],
    ['US', 'USD'],
    ['IE', 'EUR'],
    ['DE', 'EUR'],
    ['NL', 'EUR'],
    ['FR', 'EUR'],
  ])('lists %s ISINs in %s', (country, currency) => {
    const listed = CATALOGUE.filter((i) => i.type === 'stock' && i.code.startsWith(country));
    expect(listed.length).toBeGreaterThan(0);
    for (const instrument of listed) expect(instrument.currency).toBe(currency);
  });

  it('finds codes as the field normalises them, and only under their own type', () => {
    expect(findInstrument('stock', ' us0378331005 ')?.name).toBe('Apple');
    expect(findInstrument('crypto', 'btc')?.name).toBe('Bitcoin');
    expect(findInstrument('crypto', 'US0378331005')).toBeUndefined();
    expect(findInstrument('stock', 'BTC')).toBeUndefined();
    expect(findInstrument('stock', 'US0378331003')).toBeUndefined();
  });
});

describe('priceAt', () => {
  it('is deterministic and positive for every instrument at any time', () => {
    fc.assert(
      fc.property(anyInstrument, anyTime, (instrument, time) => {
        const price = priceAt(instrument, time);
        expect(price).toBeGreaterThan(0);
        expect(Number.isFinite(price)).toBe(true);
        expect(priceAt({ ...instrument }, time)).toBe(price);
      }),
    );
  });

  it('gives the same prices and rates after a reload, whatever was asked before', async () => {
    const apple = find('stock', 'US0378331005');
    const before = [
      priceAt(apple, NOW),
      priceAt(find('crypto', 'BTC'), NOW),
      rateToDkk('USD', NOW),
    ];
    vi.resetModules();
    const fresh = await import('../../../src/domain/market');
    const after = [
      fresh.priceAt(apple, NOW),
      fresh.priceAt({ type: 'crypto', code: 'BTC', name: 'Bitcoin', currency: 'USD' }, NOW),
      fresh.rateToDkk('USD', NOW),
    ];
    expect(after).toEqual(before);
  });

  it.each([
    ['stock', 'US0378331005', 100, 400],
    ['stock', 'DK0062498333', 200, 800],
    ['stock', 'IE00B4L5Y983', 40, 200],
    ['crypto', 'BTC', 20_000, 200_000],
    ['crypto', 'ETH', 1000, 10_000],
  ] as const)('keeps %s %s at a plausible level around now', (type, code, low, high) => {
    const instrument = find(type, code);
    for (let day = -365; day <= 365; day += 30) {
      const price = priceAt(instrument, NOW + day * DAY);
      expect(price).toBeGreaterThan(low);
      expect(price).toBeLessThan(high);
    }
  });

  it('moves within a day, a little at a time', () => {
    const apple = find('stock', 'US0378331005');
    const day = Array.from({ length: 289 }, (_, i) => priceAt(apple, NOW - DAY + i * 300_000));
    expect(new Set(day).size).toBeGreaterThan(250);
    for (let i = 1; i < day.length; i++) {
      expect(Math.abs(day[i] / day[i - 1] - 1)).toBeLessThan(0.01);
    }
  });

  it('gives different instruments different paths', () => {
    const a = find('stock', 'DK0010274414');
    const b = find('stock', 'DK0060079531');
    const ratios = [0, 10, 20, 30].map(
      (d) => priceAt(a, NOW + d * DAY) / priceAt(b, NOW + d * DAY),
    );
    expect(new Set(ratios.map((r) => r.toFixed(6))).size).toBe(4);
  });
});

describe('quotes', () => {
  const minuteStart = fc.integer({ min: 0, max: 50_000_000 }).map((m) => m * QUOTE_INTERVAL_MS);
  const withinMinute = fc.integer({ min: 0, max: QUOTE_INTERVAL_MS - 1 });

  it('hold for a whole minute: prices and rates within one minute are the same', () => {
    fc.assert(
      fc.property(anyInstrument, minuteStart, withinMinute, (instrument, start, offset) => {
        expect(quoteTime(start + offset)).toBe(start);
        expect(priceAt(instrument, start + offset)).toBe(priceAt(instrument, start));
        expect(rateToDkk('USD', start + offset)).toBe(rateToDkk('USD', start));
      }),
    );
  });

  it('change from one minute to the next', () => {
    const apple = find('stock', 'US0378331005');
    const minutes = [0, 1, 2, 3].map((m) => NOW + m * QUOTE_INTERVAL_MS);
    expect(new Set(minutes.map((time) => priceAt(apple, time))).size).toBe(4);
    expect(new Set(minutes.map((time) => rateToDkk('USD', time))).size).toBe(4);
    expect(priceAt(apple, NOW + QUOTE_INTERVAL_MS - 1)).not.toBe(
      priceAt(apple, NOW + QUOTE_INTERVAL_MS),
    );
  });
});

describe('rateToDkk', () => {
  it('lists DKK first, and DKK is exactly 1', () => {
    expect(CURRENCIES[0]).toBe('DKK');
    expect(rateToDkk('DKK', NOW)).toBe(1);
  });

  it.each([
    ['EUR', 7.3, 7.6],
    ['USD', 5.5, 8.5],
    ['SEK', 0.5, 0.8],
    ['NOK', 0.5, 0.8],
    // Its waves reach just below 7.5 now and then (7.506 on a 7-hour grid over 40 years).
    ['GBP', 7.3, 10],
  ])('keeps %s near its real level', (currency, low, high) => {
    fc.assert(
      fc.property(anyTime, (time) => {
        const rate = rateToDkk(currency, time);
        expect(rate).toBeGreaterThan(low);
        expect(rate).toBeLessThan(high);
        expect(rateToDkk(currency, time)).toBe(rate);
      }),
    );
  });

  it('has a rate for every listed currency and refuses others loudly', () => {
    for (const currency of CURRENCIES) expect(rateToDkk(currency, NOW)).toBeGreaterThan(0);
    expect(() => rateToDkk('XYZ', NOW)).toThrow(RangeError);
  });
});
