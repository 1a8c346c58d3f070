// The Danish tax year's rules (issue 39) against skat.dk's and minask.dk's own figures, as the
// research note gives them.
import Big from 'big.js';
import { describe, expect, it } from 'vitest';
import {
  aktiesparekontoRoom,
  aktiesparekontoTax,
  averageMethod,
  averageOf,
  exceedsRoom,
  rulesFor,
  shareIncomeTax,
  TAX_RULE_YEARS,
  yearlyCase,
  yearlyGain,
  type TaxTrade,
  type YearlyInput,
} from '../../../src/domain/tax';

const day = (text: string) => Date.parse(`${text}T12:00:00Z`);
let nextId = 1;
const buy = (
  investmentId: number,
  date: string,
  shares: number,
  price: number,
  fee = 0,
): TaxTrade => ({
  kind: 'buy',
  eventId: nextId++,
  investmentId,
  time: day(date),
  shares,
  price,
  fee,
});
const trade =
  (kind: 'buy' | 'sell') =>
  (investmentId: number, date: string, shares: number, price: number, fee = 0): TaxTrade => ({
    kind,
    eventId: nextId++,
    investmentId,
    time: day(date),
    shares,
    price,
    fee,
  });
const sell = trade('sell');
const split = (investmentId: number, date: string, sharesAfter: number): TaxTrade => ({
  kind: 'split',
  eventId: nextId++,
  investmentId,
  time: day(date),
  sharesAfter,
  soldShares: 0,
  soldPrice: 0,
  fee: 0,
});
/** Investments 1 and 2 hold the same ISIN in two free portfolios; 3 is in an aktiesparekonto. */
const POOLS: Record<number, string> = { 1: 'DK0010274414', 2: 'DK0010274414', 3: 'ask:9' };
const poolOf = (id: number) => POOLS[id];

describe('the average method (gennemsnitsmetoden)', () => {
  it("gives skat.dk's 7,500: 50 at 1,000 and 50 at 2,000, 25 sold at 1,800", () => {
    const { sales, pools } = averageMethod(
      [
        buy(1, '2025-01-10', 50, 1000),
        buy(1, '2025-02-10', 50, 2000),
        sell(1, '2025-03-10', 25, 1800),
      ],
      poolOf,
    );
    expect(sales.map((s) => s.gain.toString())).toEqual(['7500']);
    expect(sales[0].proceeds.toString()).toBe('45000');
    expect(sales[0].cost.toString()).toBe('37500');
    const pool = pools.get('DK0010274414');
    expect(pool?.shares.toString()).toBe('75');
    expect(pool && averageOf(pool).toString()).toBe('1500');
  });

  it('gives the same 7,500 when the buys sit in two portfolios at two brokers', () => {
    const { sales, pools } = averageMethod(
      [
        buy(1, '2025-01-10', 50, 1000),
        buy(2, '2025-02-10', 50, 2000),
        sell(1, '2025-03-10', 25, 1800),
      ],
      poolOf,
    );
    expect(sales[0].gain.toString()).toBe('7500');
    expect(pools.get('DK0010274414')?.cost.toString()).toBe('112500');
  });

  it('sells across two brokers at the one average: the broker of the sale does not matter', () => {
    const trades = [buy(1, '2025-01-10', 50, 1000), buy(2, '2025-02-10', 50, 2000)];
    const fromFirst = averageMethod([...trades, sell(1, '2025-03-10', 40, 1800)], poolOf);
    const fromSecond = averageMethod([...trades, sell(2, '2025-03-10', 40, 1800)], poolOf);
    expect(fromFirst.sales[0].gain.toString()).toBe('12000');
    expect(fromSecond.sales[0].gain.toString()).toBe('12000');
  });

  it("gives skat.dk's older figures: average 212.50, the 500 left cost 106,250", () => {
    const { sales, pools } = averageMethod(
      [
        buy(1, '2024-01-10', 500, 300),
        buy(1, '2024-02-10', 1000, 200),
        buy(1, '2024-03-10', 500, 150),
        sell(1, '2024-04-10', 1500, 250),
      ],
      poolOf,
    );
    expect(sales[0].average.toString()).toBe('212.5');
    expect(pools.get('DK0010274414')?.cost.toString()).toBe('106250');
    const again = averageMethod(
      [
        buy(1, '2024-01-10', 500, 300),
        buy(1, '2024-02-10', 1000, 200),
        buy(1, '2024-03-10', 500, 150),
        sell(1, '2024-04-10', 1500, 250),
        buy(1, '2024-05-10', 500, 200),
      ],
      poolOf,
    );
    expect(again.pools.get('DK0010274414')?.cost.toString()).toBe('206250');
  });

  it("counts a buy's fee in its cost and a sale's fee off its proceeds", () => {
    const { sales } = averageMethod(
      [buy(1, '2025-01-10', 10, 100, 29), sell(1, '2025-02-10', 10, 120, 29)],
      poolOf,
    );
    expect(sales[0].cost.toString()).toBe('1029');
    expect(sales[0].proceeds.toString()).toBe('1171');
    expect(sales[0].gain.toString()).toBe('142');
  });

  it('adjusts the count and not the cost at a split between two buys', () => {
    const { sales, pools } = averageMethod(
      [
        buy(1, '2025-01-10', 10, 1000),
        split(1, '2025-02-10', 20),
        buy(1, '2025-03-10', 20, 600),
        sell(1, '2025-04-10', 10, 700),
      ],
      poolOf,
    );
    // 10,000 + 12,000 over 40 shares: 550 each.
    expect(sales[0].average.toString()).toBe('550');
    expect(sales[0].gain.toString()).toBe('1500');
    expect(pools.get('DK0010274414')?.shares.toString()).toBe('30');
  });

  it('splits in one portfolio change only that portfolio’s shares in the pool', () => {
    const { pools } = averageMethod(
      [buy(1, '2025-01-10', 10, 100), buy(2, '2025-01-11', 10, 100), split(1, '2025-02-10', 30)],
      poolOf,
    );
    expect(pools.get('DK0010274414')?.shares.toString()).toBe('40');
    expect(pools.get('DK0010274414')?.cost.toString()).toBe('2000');
  });

  it('averages an aktiesparekonto only within itself', () => {
    const { sales } = averageMethod(
      [
        buy(1, '2025-01-10', 50, 1000),
        buy(3, '2025-02-10', 50, 2000),
        sell(3, '2025-03-10', 25, 1800),
      ],
      poolOf,
    );
    expect(sales[0].pool).toBe('ask:9');
    expect(sales[0].gain.toString()).toBe('-5000');
  });
});

describe('the yearly gain (lagerbeskatning)', () => {
  const zero = new Big(0);
  const cases: [string, YearlyInput, string, string][] = [
    [
      'held all year: end value − start value',
      {
        startShares: 10,
        startValue: new Big(1000),
        endShares: 10,
        endValue: new Big(1300),
        bought: zero,
        sold: zero,
      },
      'held',
      '300',
    ],
    [
      'bought in the year: end value − cost',
      {
        startShares: 0,
        startValue: zero,
        endShares: 10,
        endValue: new Big(1300),
        bought: new Big(1100),
        sold: zero,
      },
      'bought',
      '200',
    ],
    [
      'sold in the year: proceeds − start value',
      {
        startShares: 10,
        startValue: new Big(1000),
        endShares: 0,
        endValue: zero,
        bought: zero,
        sold: new Big(900),
      },
      'sold',
      '-100',
    ],
    [
      'bought and sold in the year: proceeds − cost',
      {
        startShares: 0,
        startValue: zero,
        endShares: 0,
        endValue: zero,
        bought: new Big(1100),
        sold: new Big(1250),
      },
      'bought-and-sold',
      '150',
    ],
  ];
  it.each(cases)('%s', (_name, input, expectedCase, gain) => {
    expect(yearlyCase(input)).toBe(expectedCase);
    expect(yearlyGain(input).toString()).toBe(gain);
  });
});

describe('the aktiesparekonto', () => {
  it.each([
    ['value 170,000 at the end of 2024: no room in 2025', 2025, 170_000, 0, '0'],
    ['value 100,000 at the end of 2025: 74,200 in 2026', 2026, 100_000, 0, '74200'],
    ['value 50,000 at the end of 2025: 124,200 in 2026', 2026, 50_000, 0, '124200'],
    ['100,000 deposited and 50,000 withdrawn in 2025: 116,200 left', 2025, 0, 50_000, '116200'],
  ])('%s', (_name, year, value, net, room) => {
    const ceiling = rulesFor(year)?.aktiesparekonto.ceiling ?? NaN;
    expect(aktiesparekontoRoom(ceiling, new Big(value), new Big(net)).toString()).toBe(room);
  });

  it('warns of a deposit over the room, not of one that fills it', () => {
    expect(exceedsRoom(new Big('74200'), new Big('74200'))).toBe(false);
    expect(exceedsRoom(new Big('74200'), new Big('74200.01'))).toBe(true);
    expect(exceedsRoom(new Big(0), new Big('0.01'))).toBe(true);
  });

  it('taxes 17 % of the gain after the loss carried forward', () => {
    const rate = rulesFor(2025)?.aktiesparekonto.rate ?? '';
    const lossYear = aktiesparekontoTax([new Big(-4000)], rate);
    expect(lossYear.tax.toString()).toBe('0');
    expect(lossYear.carriedOut.toString()).toBe('4000');
    const next = aktiesparekontoTax([new Big(-4000), new Big(10_000)], rate);
    expect(next.carriedIn.toString()).toBe('4000');
    expect(next.taxable.toString()).toBe('6000');
    expect(next.tax.toString()).toBe('1020');
  });
});

describe('share income tax', () => {
  const rules2025 = rulesFor(2025);
  const rules2026 = rulesFor(2026);
  if (!rules2025 || !rules2026) throw new Error('no rules');

  it('has the published limits and ceilings for 2025 and 2026, doubled for a married couple', () => {
    expect(TAX_RULE_YEARS).toEqual([2024, 2025, 2026]);
    expect(rules2025.shareIncome.limit).toBe(67_500);
    expect(rules2025.shareIncome.limitMarried).toBe(135_000);
    expect(rules2026.shareIncome.limit).toBe(79_400);
    expect(rules2026.shareIncome.limitMarried).toBe(158_800);
    expect(rules2025.aktiesparekonto.ceiling).toBe(166_200);
    expect(rules2026.aktiesparekonto.ceiling).toBe(174_200);
    for (const year of TAX_RULE_YEARS) {
      const rules = rulesFor(year);
      expect(rules?.shareIncome.sources.length).toBeGreaterThan(0);
      expect(rules?.aktiesparekonto.sources.length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['at the limit: 27 % of all', 67_500, false, '18225'],
    ['1,000 above it: 42 % of that', 68_500, false, '18645'],
    ['married: 27 % up to 135,000', 135_000, true, '36450'],
    ['a loss: nothing', -5_000, false, '0'],
  ])('%s', (_name, income, married, tax) => {
    expect(shareIncomeTax(new Big(income), rules2025, married).toString()).toBe(tax);
  });
});
