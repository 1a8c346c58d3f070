import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cashBalances,
  cashInDkk,
  cashMovement,
  cashValuesAt,
  externalFlows,
  type CashSource,
} from '../../../src/domain/cash';

const day = (n: number) => Date.UTC(2025, 0, n, 12);
const deposit = (n: number, amount: number, currency = 'DKK'): CashSource => ({
  kind: 'deposit',
  time: day(n),
  currency,
  amount,
});

describe('cash per currency', () => {
  it('adds deposits and interest, takes withdrawals and fees', () => {
    const balances = cashBalances([
      deposit(1, 10_000),
      { kind: 'interest', time: day(2), currency: 'DKK', amount: 12.5 },
      { kind: 'withdrawal', time: day(3), currency: 'DKK', amount: 2_000 },
      { kind: 'fee', time: day(4), currency: 'DKK', amount: 29 },
    ]);
    expect(balances).toEqual([{ currency: 'DKK', amount: 7_983.5 }]);
  });

  it('takes a buy with its fee and gives a sell less its fee, exactly', () => {
    const balances = cashBalances([
      deposit(1, 1_000),
      { kind: 'buy', time: day(2), currency: 'DKK', shares: 3, price: 0.1, fee: 0.2 },
      { kind: 'sell', time: day(3), currency: 'DKK', shares: 1, price: 0.7, fee: 0.1 },
    ]);
    // 1000 − (0.3 + 0.2) + (0.7 − 0.1): no binary residue.
    expect(balances).toEqual([{ currency: 'DKK', amount: 1_000.1 }]);
  });

  it('keeps one balance per currency, sorted by code', () => {
    const balances = cashBalances([
      deposit(1, 500, 'USD'),
      deposit(1, 1_000),
      { kind: 'buy', time: day(2), currency: 'USD', shares: 2, price: 185.5, fee: 1 },
    ]);
    expect(balances).toEqual([
      { currency: 'DKK', amount: 1_000 },
      { currency: 'USD', amount: 128 },
    ]);
  });

  it('books a trade the broker converted (its rate) in DKK', () => {
    const moved = cashMovement({
      kind: 'buy',
      time: day(2),
      currency: 'USD',
      exchangeRate: 6.9,
      shares: 10,
      price: 100,
      fee: 0,
    });
    expect(moved).toEqual({ currency: 'DKK', amount: -6_900 });
  });

  it('counts a dividend net of its withholding tax, and gross without one', () => {
    const taxed: CashSource = {
      kind: 'dividend',
      time: day(5),
      currency: 'USD',
      amount: 100,
      withholdingTax: 15,
    };
    const untaxed: CashSource = { kind: 'dividend', time: day(5), currency: 'USD', amount: 40 };
    expect(cashBalances([taxed, untaxed])).toEqual([{ currency: 'USD', amount: 125 }]);
  });

  it("counts a split's shares sold for cash, less its fee", () => {
    const split: CashSource = {
      kind: 'split',
      time: day(6),
      currency: 'DKK',
      fee: 5,
      soldShares: 0.5,
      soldPrice: 100,
    };
    expect(cashMovement(split)).toEqual({ currency: 'DKK', amount: 45 });
  });

  it('allows and shows a negative balance (a margin account)', () => {
    const balances = cashBalances([
      deposit(1, 100),
      { kind: 'buy', time: day(2), currency: 'DKK', shares: 1, price: 250, fee: 0 },
    ]);
    expect(balances).toEqual([{ currency: 'DKK', amount: -150 }]);
  });

  it('counts up to a time when asked', () => {
    expect(cashBalances([deposit(1, 100), deposit(3, 50)], day(2))).toEqual([
      { currency: 'DKK', amount: 100 },
    ]);
  });

  it('sums the balances in DKK to the øre', () => {
    const dkk = cashInDkk(
      [
        { currency: 'DKK', amount: 100 },
        { currency: 'USD', amount: -10.005 },
      ],
      () => 6.9,
    );
    expect(dkk).toBe(30.97);
  });

  it('values the balance at each time at that time’s rate, as the value shown then', () => {
    const usdRate = (currency: string, time: number) =>
      currency === 'USD' && time < day(3) ? 6 : 7;
    const values = cashValuesAt(
      [deposit(1, 100), deposit(2, 10, 'USD'), deposit(4, 50)],
      usdRate,
    )([day(1) - 1, day(2), day(3), day(4)]);
    expect([...values]).toEqual([0, 160, 170, 220]);
  });

  it('names deposits and withdrawals as the external flows, not interest or fees', () => {
    const flows = externalFlows([
      deposit(1, 100),
      { kind: 'interest', time: day(2), currency: 'DKK', amount: 1 },
      { kind: 'withdrawal', time: day(3), currency: 'DKK', amount: 40 },
      { kind: 'fee', time: day(4), currency: 'DKK', amount: 2 },
    ]);
    expect(flows).toEqual([
      { currency: 'DKK', amount: 100, time: day(1) },
      { currency: 'DKK', amount: -40, time: day(3) },
    ]);
  });

  it('is the sum of its movements whatever their order (property)', () => {
    const cents = fc.integer({ min: 1, max: 10_000_000 }).map((c) => c / 100);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), cents), { maxLength: 30 }), (moves) => {
        const sources = moves.map(([isIn, amount], i): CashSource => ({
          kind: isIn ? 'deposit' : 'withdrawal',
          time: day(1 + (i % 28)),
          currency: 'DKK',
          amount,
        }));
        const cents = moves.reduce(
          (sum, [isIn, a]) => sum + (isIn ? 1 : -1) * Math.round(a * 100),
          0,
        );
        const [balance] = cashBalances([...sources].reverse());
        expect(Math.round((balance?.amount ?? 0) * 100)).toBe(cents);
      }),
    );
  });
});
