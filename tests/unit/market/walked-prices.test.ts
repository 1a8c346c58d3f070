// Prices walked along ascending times (a chart's points, a benchmark's flow days) are the same
// numbers, to the bit, as each time's own lookup: whatever steps the cursors cross (closes across
// a DST change, rates, typed prices, splits, trades) and wherever the times fall on them.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { toEntry } from '../../../src/contract/figures';
import {
  priceInvestment,
  providerPricesAt,
  ratesAt,
  type ProviderPricing,
  type RateSource,
} from '../../../src/contract/market/pricing';
import { inTimeOrder, type LedgerEntry } from '../../../src/domain/ledger';
import type { EventRow, ManualPriceRow } from '../../../src/contract/store';
import { splitSteps, StepCursor, Timeline, doneBy } from '../../../src/domain/valuation';
import { closeSeries } from '../../../src/market/close-series';
import { euroRateTable, storedPricing } from '../../../src/market/stored-prices';
import { dayOfNumber, dayNumber, utcMidnight } from '../../../src/market/zoned-time';

const DAY = 86_400_000;
/** 2026-03-01: the span holds both DST changes of spring (the US's on 8 March, the EU's on 29). */
const FIRST = dayNumber('2026-03-01');
const SPAN = 40;

const dayIndex = fc.integer({ min: 0, max: SPAN - 1 });
const days = (most: number) =>
  fc.uniqueArray(dayIndex, { maxLength: most }).map((list) => list.sort((a, b) => a - b));
/** Prices and rates as stored: decimal text. */
const decimal = fc.integer({ min: 1, max: 500_000 }).map((n) => String(n / 1000));

const exchange = fc.constantFrom(
  { timezone: 'America/New_York', close: '16:00' },
  { timezone: 'Europe/Copenhagen', close: '17:00' },
  // Crypto: a close is in force from the end of its UTC day.
  { timezone: 'UTC', close: undefined },
);

/** A stored listing's closes (with a day's quote or not), or a continuous market's, or none. */
const provider = fc.oneof(
  fc
    .record({
      exchange,
      currency: fc.constantFrom('USD', 'DKK', 'EUR', 'XXX'),
      closes: days(30).chain((list) =>
        fc.tuple(...list.map(() => decimal)).map((values) => list.map((d, i) => [d, values[i]])),
      ),
      quote: fc.option(
        fc.record({
          day: dayIndex,
          price: decimal,
          intraday: fc.array(fc.tuple(fc.integer({ min: 0, max: DAY - 1 }), decimal), {
            maxLength: 3,
          }),
        }),
        { nil: undefined },
      ),
    })
    .map(({ exchange: { timezone, close }, currency, closes, quote }): ProviderPricing => {
      const quoteDay = quote && dayOfNumber(FIRST + quote.day);
      return storedPricing({
        source: 'yahoo',
        currency,
        timezone,
        close,
        closes: closeSeries(
          closes.map(([d, close]) => ({
            day: dayOfNumber(FIRST + Number(d)),
            close: String(close),
          })),
        ),
        quote: quote && {
          price: quote.price,
          day: quoteDay as string,
          time: (FIRST + quote.day) * DAY + DAY - 1000,
          intraday: quote.intraday
            .map(([ms, price]) => ({ time: (FIRST + quote.day) * DAY + ms, price }))
            .sort((a, b) => a.time - b.time),
        },
      });
    }),
  // The demo's kind: no steps, a price at any instant, divided by the investment's splits.
  fc.constant<ProviderPricing>({
    source: 'yahoo',
    currency: 'USD',
    dividedBySplits: true,
    price: (time) => (time < (FIRST + 3) * DAY ? NaN : 100 + Math.sin(time / 3_600_000)),
    madeAt: (time) => time,
    dayAt: () => '',
  }),
  fc.constant(undefined),
);

const eventRow = (id: number, day: number, kind: 'buy' | 'sell' | 'split', amount: number) => {
  const common = { id, investmentId: 1, time: (FIRST + day) * DAY + DAY / 2, currency: 'USD' };
  return kind === 'split'
    ? ({
        ...common,
        kind,
        sharesAfter: amount * 3,
        fee: 0,
        soldShares: 0,
        soldPrice: 0,
        hide: false,
        fromShares: 0,
      } satisfies EventRow)
    : ({ ...common, kind, shares: amount, price: 10 + amount, fee: 0 } satisfies EventRow);
};

const events = fc
  .array(
    fc.tuple(
      dayIndex,
      fc.constantFrom('buy', 'buy', 'sell', 'split' as const),
      fc.integer({ min: 1, max: 9 }),
    ),
    { maxLength: 8 },
  )
  .map((list) =>
    list
      .sort((a, b) => a[0] - b[0])
      .map(([day, kind, amount], index) => eventRow(index + 1, day, kind, amount)),
  );

const typed = fc
  .uniqueArray(
    fc.record({ day: dayIndex, price: decimal, currency: fc.constantFrom('USD', 'DKK', 'XXX') }),
    { selector: (m) => m.day, maxLength: 3 },
  )
  .map((list) =>
    list.map((m): ManualPriceRow => ({
      investmentId: 1,
      day: dayOfNumber(FIRST + m.day),
      price: m.price,
      currency: m.currency,
    })),
  );

/** The ECB's rates on some days (a currency may have none: no rate, valued at nothing). */
const rates = fc
  .record({ dkk: days(25), usd: days(25), perEuro: decimal })
  .map(({ dkk, usd, perEuro }) =>
    euroRateTable([
      ...dkk.map((d) => ({ day: dayOfNumber(FIRST + d), currency: 'DKK', perEuro: `7.4${d}` })),
      ...usd.map((d) => ({ day: dayOfNumber(FIRST + d), currency: 'USD', perEuro })),
    ]),
  );

/**
 * Ascending times: random ones over the span and before it, and each step's start with the
 * instants either side of it (`edges`), some twice.
 */
const timesAround = (edges: readonly number[]) =>
  fc
    .record({
      random: fc.array(fc.integer({ min: (FIRST - 5) * DAY, max: (FIRST + SPAN + 2) * DAY }), {
        maxLength: 40,
      }),
      // Midnights (UTC), as a chart's grid has them.
      midnights: fc.boolean(),
      twice: fc.array(fc.nat(), { maxLength: 5 }),
    })
    .map(({ random, midnights, twice }) => {
      const near = edges.filter(Number.isFinite).flatMap((edge) => [edge - 1, edge, edge + 1]);
      const grid = midnights ? Array.from({ length: SPAN }, (_, d) => (FIRST + d) * DAY) : [];
      const all = [...random, ...near, ...grid];
      const repeated = twice.flatMap((n) => (all.length > 0 ? [all[n % all.length]] : []));
      return [...all, ...repeated].sort((a, b) => a - b);
    });

/**
 * The rule as priceInvestment documents it, each step searched at the one time: the reference
 * the walk must match (a typed price on its day and after, until the provider has a later one;
 * else the provider's, divided by splits it knows nothing of; else the last trade's, carried
 * across splits; 0 where no rate is known).
 */
function reference(
  entries: readonly LedgerEntry[],
  market: ProviderPricing | undefined,
  manual: readonly ManualPriceRow[],
  rate: RateSource,
  time: number,
): number {
  const { times: splitTimes, before } = splitSteps(entries);
  const splitsBy = (at: number) => before[doneBy(splitTimes, at)];
  const typedDays = [...manual].sort((a, b) => a.day.localeCompare(b.day));
  const step = typedDays.filter((m) => utcMidnight(m.day) <= time).at(-1);
  let price = market ? market.price(time) : NaN;
  if (market?.dividedBySplits && !Number.isNaN(price)) price /= splitsBy(time) / before[0];
  const hasProvider = market !== undefined && !Number.isNaN(price);
  const trades = inTimeOrder(entries).filter((e) => e.kind === 'buy' || e.kind === 'sell');
  const trade = trades.filter((e) => e.time <= time).at(-1) ?? trades[0];
  const dkk =
    step && (!hasProvider || market.madeAt(time) < utcMidnight(step.day) + DAY)
      ? Number(step.price) * rate(step.currency, time)
      : hasProvider
        ? price * rate(market.currency, time)
        : trade && (trade.kind === 'buy' || trade.kind === 'sell')
          ? trade.price / (splitsBy(time) / splitsBy(trade.time))
          : 0;
  return Number.isFinite(dkk) ? dkk : 0;
}

/** An investment's prices and some ascending times around their steps. */
const pricedTimes = fc
  .tuple(provider, events, typed, rates)
  .chain(([market, rows, manual, rate]) => {
    const edges = [
      ...(market?.steps?.starts ?? []),
      // The rates' and the typed prices' days start at UTC midnights.
      ...Array.from({ length: SPAN }, (_, d) => (FIRST + d) * DAY),
      ...rows.map((row) => row.time),
    ];
    return timesAround(edges).map((times) => ({ market, rows, manual, rate, times }));
  });

describe('prices walked along ascending times', () => {
  it('are priceAt at each time, bit for bit, and a chart values the same from them', () => {
    fc.assert(
      fc.property(pricedTimes, ({ market, rows, manual, rate, times }) => {
        const entries = rows.map((row) => toEntry(row, rate));
        const priced = priceInvestment(entries, rows, splitSteps(entries), market, manual, rate);
        const walked = new Float64Array(times.length);
        priced.pricesAt(times, 0, times.length, walked);
        const same = (a: ArrayLike<number>, b: (time: number) => number) =>
          times.every((time, i) => Object.is(a[i], b(time)));
        const byRule = (time: number) => reference(entries, market, manual, rate, time);
        expect(same(walked, byRule)).toBe(true);
        expect(same(walked, priced.priceAt)).toBe(true);

        const count = times.length;
        if (market) {
          const [prices, madeAt] = [new Float64Array(count), new Float64Array(count)];
          providerPricesAt(market, times, 0, count, prices, madeAt);
          expect(same(prices, (time) => market.price(time))).toBe(true);
          expect(same(madeAt, (time) => market.madeAt(time))).toBe(true);
        }
        for (const currency of ['USD', 'DKK', 'EUR', 'XXX']) {
          const rates = new Float64Array(count);
          ratesAt(rate, currency, times, 0, count, rates);
          expect(same(rates, (time) => rate(currency, time))).toBe(true);
        }

        const timeline = new Timeline({ entries, ...priced });
        const single = new Timeline({ entries, priceAt: priced.priceAt });
        expect(same(timeline.valuesAt(times), (time) => single.valueAt(time))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe('StepCursor', () => {
  it('answers doneBy for any times, ascending or not', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.integer({ min: -50, max: 50 }), { maxLength: 40 })
          .map((l) => l.sort((a, b) => a - b)),
        fc.array(fc.oneof(fc.integer({ min: -60, max: 60 }), fc.constant(NaN)), { maxLength: 30 }),
        fc.boolean(),
        (steps, asked, ascending) => {
          const times = ascending ? [...asked].sort((a, b) => a - b) : asked;
          const cursor = new StepCursor(steps);
          for (const time of times) expect(cursor.doneBy(time)).toBe(doneBy(steps, time));
        },
      ),
    );
  });
});
