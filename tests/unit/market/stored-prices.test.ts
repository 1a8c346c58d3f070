// The price store's rules: closes unadjusted at ingest, minor units, FX gaps, typed prices over
// a provider's, and a split the user records against unadjusted closes.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toEntry } from '../../../src/contract/figures';
import { priceInvestment, ratesAt } from '../../../src/contract/market/pricing';
import type { EventRow, ManualPriceRow } from '../../../src/contract/store';
import { Timeline, splitSteps } from '../../../src/domain/valuation';
import { majorQuote, majorUnits, unadjustedCloses } from '../../../src/market/ingest';
import type { ProviderHistory } from '../../../src/market/port';
import { closeSeries } from '../../../src/market/close-series';
import { euroRateTable, storedPricing } from '../../../src/market/stored-prices';
import { utcDay, zonedTimesToEpoch, zonedTimeToEpoch } from '../../../src/market/zoned-time';

const DAY = 86_400_000;
const noon = (day: string) => Date.parse(`${day}T12:00:00Z`);

function history(overrides: Partial<ProviderHistory>): ProviderHistory {
  return {
    currency: 'USD',
    timezone: 'America/New_York',
    closes: [],
    splits: [],
    dividends: [],
    ...overrides,
  };
}

describe('unadjustedCloses', () => {
  it('multiplies each close by the ratios of the splits after its day', () => {
    const closes = unadjustedCloses(
      history({
        closes: [
          { day: '2024-06-06', close: '120.998' },
          { day: '2024-06-07', close: '120.888' },
          { day: '2024-06-10', close: '121.79' },
        ],
        splits: [{ day: '2024-06-10', numerator: 10, denominator: 1 }],
      }),
    );
    expect(closes).toEqual([
      { day: '2024-06-06', close: '1209.98' },
      { day: '2024-06-07', close: '1208.88' },
      { day: '2024-06-10', close: '121.79' },
    ]);
  });

  it('undoes a reverse split too, and several splits one after another', () => {
    const closes = unadjustedCloses(
      history({
        closes: [
          { day: '2020-01-02', close: '100' },
          { day: '2021-01-04', close: '100' },
          { day: '2022-01-03', close: '100' },
        ],
        splits: [
          { day: '2021-01-04', numerator: 2, denominator: 1 },
          { day: '2022-01-03', numerator: 1, denominator: 50 },
        ],
      }),
    );
    expect(closes.map((c) => c.close)).toEqual(['4', '2', '100']);
  });

  it('turns pence into pounds exactly', () => {
    const closes = unadjustedCloses(
      history({ currency: 'GBp', closes: [{ day: '2026-11-24', close: '11234.5' }] }),
    );
    expect(closes).toEqual([{ day: '2026-11-24', close: '112.345' }]);
    expect(majorUnits('GBp')).toEqual({ currency: 'GBP', divisor: 100 });
    expect(majorUnits('ZAc')).toEqual({ currency: 'ZAR', divisor: 100 });
    expect(majorUnits('ILA')).toEqual({ currency: 'ILS', divisor: 100 });
    expect(majorUnits('DKK')).toEqual({ currency: 'DKK', divisor: 1 });
    const quote = majorQuote({
      price: '2550',
      currency: 'GBp',
      time: 0,
      day: '2026-11-24',
      intraday: [{ time: 0, price: '2549.5' }],
    });
    expect(quote).toMatchObject({
      price: '25.5',
      currency: 'GBP',
      intraday: [{ price: '25.495' }],
    });
  });

  it('keeps the value of a holding across any split: shares x unadjusted close', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 100, max: 100_000 }),
        (numerator, denominator, cents) => {
          const actual = cents / 100;
          const ratio = numerator / denominator;
          // Yahoo's adjusted close before the split, and the same price after it.
          const [before, after] = unadjustedCloses(
            history({
              closes: [
                { day: '2024-01-02', close: String(actual / ratio) },
                { day: '2024-01-03', close: String(actual / ratio) },
              ],
              splits: [{ day: '2024-01-03', numerator, denominator }],
            }),
          );
          const shares = 12;
          expect(Number(before.close) * shares).toBeCloseTo(
            Number(after.close) * shares * ratio,
            6,
          );
        },
      ),
    );
  });
});

describe('euroRateTable', () => {
  const rates = euroRateTable([
    { day: '2026-11-20', currency: 'DKK', perEuro: '7.4600' },
    { day: '2026-11-20', currency: 'USD', perEuro: '1.0500' },
    { day: '2026-11-23', currency: 'DKK', perEuro: '7.4620' },
    { day: '2026-11-23', currency: 'USD', perEuro: '1.0600' },
  ]);

  it('crosses through the euro', () => {
    expect(rates('DKK', noon('2026-11-20'))).toBe(1);
    expect(rates('EUR', noon('2026-11-20'))).toBeCloseTo(7.46, 10);
    expect(rates('USD', noon('2026-11-20'))).toBeCloseTo(7.46 / 1.05, 10);
  });

  it('uses the last earlier rate over a weekend, and the first before the series', () => {
    expect(rates('USD', noon('2026-11-22'))).toBeCloseTo(7.46 / 1.05, 10);
    expect(rates('USD', noon('2026-11-24'))).toBeCloseTo(7.462 / 1.06, 10);
    expect(rates('USD', noon('1999-01-04'))).toBeCloseTo(7.46 / 1.05, 10);
  });

  it('knows no rate of a currency it has none of', () => {
    expect(rates('SEK', noon('2026-11-20'))).toBeNaN();
  });

  it('answers with the last rate on or before the day, looked up in any order or walked, to the bit', () => {
    const start = Date.parse('2026-01-01T00:00:00Z');
    // A rate's day (offset from `start`) and its value; times near midnights, where a step starts.
    const series = fc.uniqueArray(
      fc.record({ day: fc.integer({ min: 0, max: 30 }), value: fc.integer({ min: 1, max: 9999 }) }),
      { selector: (r) => r.day, maxLength: 12 },
    );
    const time = fc
      .tuple(fc.integer({ min: -2, max: 33 }), fc.constantFrom(-1, 0, 1, DAY / 2, DAY - 1))
      .map(([day, offset]) => start + day * DAY + offset);
    const lookups = fc.array(
      fc.record({ currency: fc.constantFrom('DKK', 'EUR', 'USD', 'SEK'), time }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(series, series, lookups, fc.nat(60), (dkk, usd, asked, from) => {
        const text = (value: number) => (value / 1000).toFixed(4);
        const table = euroRateTable([
          ...dkk.map((r) => ({
            day: utcDay(start + r.day * DAY),
            currency: 'DKK',
            perEuro: text(r.value),
          })),
          ...usd.map((r) => ({
            day: utcDay(start + r.day * DAY),
            currency: 'USD',
            perEuro: text(r.value),
          })),
        ]);
        /** The last rate on or before `at`'s day, else the first; NaN without one. */
        const perEuro = (rows: typeof dkk, at: number) => {
          const days = [...rows].sort((a, b) => a.day - b.day);
          const before = days.filter((r) => start + r.day * DAY <= at);
          const row = before.at(-1) ?? days[0];
          return row ? Number(text(row.value)) : NaN;
        };
        const expected = (currency: string, at: number) => {
          if (currency === 'DKK') return 1;
          if (currency === 'EUR') return perEuro(dkk, at) / 1;
          return perEuro(dkk, at) / (currency === 'USD' ? perEuro(usd, at) : NaN);
        };
        for (const { currency, time: at } of asked)
          expect(table(currency, at)).toBe(expected(currency, at));
        // Walked (a chart's run of ascending times), from any place in the run on.
        const times = asked.map((lookup) => lookup.time).sort((a, b) => a - b);
        const walkedFrom = Math.min(from, times.length);
        for (const currency of ['DKK', 'EUR', 'USD', 'SEK']) {
          const walked = new Float64Array(times.length);
          ratesAt(table, currency, times, walkedFrom, times.length, walked);
          times.forEach((at, index) =>
            expect(walked[index]).toBe(index < walkedFrom ? 0 : expected(currency, at)),
          );
        }
      }),
    );
  });
});

describe('storedPricing', () => {
  /** A Copenhagen listing's closes, with the quote and a point of 2026-11-24. */
  const copenhagen = (closes: [string, string][]) =>
    storedPricing({
      source: 'yahoo',
      currency: 'DKK',
      timezone: 'Europe/Copenhagen',
      close: '17:00',
      closes: closeSeries(closes.map(([day, close]) => ({ day, close }))),
      quote: {
        price: '615.5',
        time: Date.parse('2026-11-24T10:00:00Z'),
        day: '2026-11-24',
        intraday: [{ time: Date.parse('2026-11-24T08:05:00Z'), price: '612' }],
      },
    });
  const pricing = copenhagen([
    ['2026-11-20', '600'],
    ['2026-11-23', '610'],
  ]);

  it('puts each close in force from its exchange’s close, exchange-local', () => {
    const close = zonedTimeToEpoch('2026-11-23', '17:00', 'Europe/Copenhagen');
    expect(close).toBe(Date.parse('2026-11-23T16:00:00Z'));
    expect(pricing.price(close - 1)).toBe(600);
    expect(pricing.price(close)).toBe(610);
    expect(pricing.dayAt(close)).toBe('2026-11-23');
  });

  it('follows the day’s points and the latest quote', () => {
    expect(pricing.price(Date.parse('2026-11-24T09:00:00Z'))).toBe(612);
    expect(pricing.price(Date.parse('2026-11-24T11:00:00Z'))).toBe(615.5);
    expect(pricing.dayAt(Date.parse('2026-11-24T11:00:00Z'))).toBe('2026-11-24');
  });

  it('has no price before its first close', () => {
    expect(pricing.price(Date.parse('2026-11-19T12:00:00Z'))).toBeNaN();
  });

  it('puts the day’s points before its close when that close is stored too', () => {
    const closed = copenhagen([
      ['2026-11-23', '610'],
      ['2026-11-24', '620'],
    ]);
    const at = (iso: string) => closed.price(Date.parse(iso));
    expect(at('2026-11-24T08:00:00Z')).toBe(610);
    expect(at('2026-11-24T09:00:00Z')).toBe(612);
    expect(at('2026-11-24T11:00:00Z')).toBe(615.5);
    expect(at('2026-11-24T16:00:00Z')).toBe(620);
    expect(closed.dayAt(Date.parse('2026-11-24T16:00:00Z'))).toBe('2026-11-24');
  });
});

describe('priceInvestment', () => {
  const buy = (id: number, day: string, shares: number, price: number): EventRow => ({
    id,
    investmentId: 1,
    kind: 'buy',
    time: noon(day),
    currency: 'DKK',
    shares,
    price,
    fee: 0,
  });
  const split = (id: number, day: string, sharesAfter: number): EventRow => ({
    id,
    investmentId: 1,
    kind: 'split',
    time: noon(day),
    currency: 'DKK',
    sharesAfter,
    fee: 0,
    soldShares: 0,
    soldPrice: 0,
    hide: false,
    fromShares: 0,
  });
  const dkk = () => 1;
  const provider = storedPricing({
    source: 'yahoo',
    currency: 'DKK',
    timezone: 'Europe/Copenhagen',
    close: '17:00',
    closes: closeSeries([
      { day: '2024-06-06', close: '1000' },
      { day: '2024-06-07', close: '1010' },
      // A 10:1 split on the 10th, as the price paid that day.
      { day: '2024-06-10', close: '102' },
      { day: '2024-06-11', close: '103' },
    ]),
  });
  const priced = (events: EventRow[], manual: ManualPriceRow[] = []) => {
    const entries = events.map((e) => toEntry(e, dkk));
    const prices = priceInvestment(entries, events, splitSteps(entries), provider, manual, dkk);
    return { prices, timeline: new Timeline({ entries, priceAt: prices.priceAt }) };
  };

  it('shows no jump when the user records the split against unadjusted closes', () => {
    const { timeline } = priced([buy(1, '2024-06-05', 5, 990), split(2, '2024-06-10', 50)]);
    const friday = timeline.valueAt(Date.parse('2024-06-07T20:00:00Z'));
    const monday = timeline.valueAt(Date.parse('2024-06-10T20:00:00Z'));
    expect(friday).toBe(5 * 1010);
    expect(monday).toBe(50 * 102);
    // The day's move, not the split's ratio.
    expect(monday / friday).toBeGreaterThan(0.99);
    expect(monday / friday).toBeLessThan(1.02);
  });

  it('lets a typed price win on its day, and the provider’s later close after it', () => {
    const manual: ManualPriceRow[] = [
      { investmentId: 1, day: '2024-06-07', price: '1111.5', currency: 'DKK' },
    ];
    const { prices } = priced([buy(1, '2024-06-05', 1, 990)], manual);
    const evening = Date.parse('2024-06-07T20:00:00Z');
    expect(prices.priceAt(evening)).toBe(1111.5);
    expect(prices.quoteAt(evening)).toMatchObject({ source: 'manual', date: '2024-06-07' });
    // Over the weekend the typed price holds; Monday's close is newer.
    expect(prices.priceAt(Date.parse('2024-06-09T12:00:00Z'))).toBe(1111.5);
    expect(prices.quoteAt(Date.parse('2024-06-10T20:00:00Z'))).toMatchObject({
      source: 'yahoo',
      date: '2024-06-10',
      price: 102,
    });
  });

  it('converts a typed price in another currency at its time', () => {
    const manual: ManualPriceRow[] = [
      { investmentId: 1, day: '2024-06-12', price: '10', currency: 'EUR' },
    ];
    const events = [buy(1, '2024-06-05', 1, 990)];
    const entries = events.map((e) => toEntry(e, dkk));
    const rates = (currency: string) => (currency === 'EUR' ? 7.46 : 1);
    const prices = priceInvestment(entries, events, splitSteps(entries), undefined, manual, rates);
    expect(prices.quoteAt(noon('2024-06-12'))).toEqual({
      price: 10,
      currency: 'EUR',
      price_dkk: 74.6,
      date: '2024-06-12',
      source: 'manual',
    });
  });

  it('values an instrument no provider knows at its last trade, across splits', () => {
    const events = [
      buy(1, '2024-06-03', 2, 500),
      split(2, '2024-06-10', 4),
      buy(3, '2024-06-12', 1, 260),
    ];
    const entries = events.map((e) => toEntry(e, dkk));
    const prices = priceInvestment(entries, events, splitSteps(entries), undefined, [], dkk);
    expect(prices.priceAt(noon('2024-06-05'))).toBe(500);
    expect(prices.quoteAt(noon('2024-06-11'))).toMatchObject({
      source: 'trade',
      price: 250,
      date: '2024-06-03',
    });
    expect(prices.quoteAt(noon('2024-06-13'))).toMatchObject({ source: 'trade', price: 260 });
    expect(utcDay(noon('2024-06-13'))).toBe('2024-06-13');
  });

  it('has no quote before any trade', () => {
    const prices = priceInvestment([], [], { times: [], before: [1] }, undefined, [], dkk);
    expect(prices.quoteAt(Date.now())).toBeUndefined();
    expect(prices.priceAt(Date.now() - DAY)).toBe(0);
  });
});

describe('zonedTimesToEpoch', () => {
  it('agrees with one day at a time, across both clock changes of a year', () => {
    const days = Array.from({ length: 366 }, (_, i) =>
      new Date(Date.UTC(2024, 0, 1) + i * DAY).toISOString().slice(0, 10),
    );
    for (const zone of ['Europe/Copenhagen', 'America/New_York', 'Australia/Sydney', 'UTC'])
      expect(zonedTimesToEpoch(days, '17:00', zone)).toEqual(
        days.map((day) => zonedTimeToEpoch(day, '17:00', zone)),
      );
  });
});
