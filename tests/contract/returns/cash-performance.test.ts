// Returns with cash (issue 38): a portfolio that keeps cash has its deposits and withdrawals as
// its flows, and the user's returns count it so, equal to the sum of the portfolios' in DKK.
import { describe, expect, it } from 'vitest';
import type { PriceSource } from '../../../src/mock-server';
import {
  createHolding,
  get,
  patch,
  post,
  put,
  registerFresh,
  setCookie,
  startServer,
} from '../support';

interface Returns {
  total_return: number;
  fees: number;
  twr: number | null;
}

const returnsOf = async (path: string) => (await get(path)).body.performance as Returns;

/** A cash portfolio from 2024 with a deposit, interest and a fee beside its holding. */
async function cashPortfolio(): Promise<number> {
  const { portfolioId } = await createHolding();
  await patch(`/portfolios/${portfolioId}`, {
    cash: true,
    opening_balance: { amount: 10000, date: '2024-01-02' },
  });
  const cash = `/portfolios/${portfolioId}/cash`;
  await post(cash, { type: 'deposit', amount: 500, currency_code: 'DKK', date: '2024-02-01' });
  await post(cash, { type: 'interest', amount: 50, currency_code: 'DKK', date: '2024-03-01' });
  await post(cash, { type: 'fee', amount: 20, currency_code: 'DKK', date: '2024-03-02' });
  return portfolioId;
}

describe('performance of a portfolio that keeps cash', () => {
  it('takes its deposits and withdrawals as the flows: interest is return, a deposit is not', async () => {
    startServer();
    await registerFresh();
    setCookie('selected_period', 'Forever');
    const { portfolioId } = await createHolding();
    const path = `/portfolios/${portfolioId}/performance`;
    const holdingsOnly = (await get(path)).body.performance as { total_return: number };
    await patch(`/portfolios/${portfolioId}`, {
      cash: true,
      opening_balance: { amount: 10000, date: '2024-01-02' },
    });
    const cash = `/portfolios/${portfolioId}/cash`;
    await post(cash, { type: 'deposit', amount: 500, currency_code: 'DKK', date: '2024-02-01' });
    await post(cash, { type: 'interest', amount: 50, currency_code: 'DKK', date: '2024-03-01' });
    const withCash = (await get(path)).body.performance as {
      total_return: number;
      fees: number;
      twr: number | null;
    };
    expect(withCash.total_return).toBeCloseTo(holdingsOnly.total_return + 50, 2);
    await post(cash, { type: 'fee', amount: 20, currency_code: 'DKK', date: '2024-03-02' });
    const after = (await get(path)).body.performance as { total_return: number; fees: number };
    expect(after.total_return).toBeCloseTo(holdingsOnly.total_return + 30, 2);
    expect(after.fees).toBeCloseTo(20, 2);
  });
});

describe('the user’s performance with a portfolio that keeps cash', () => {
  it('is the sum of the portfolios’ total returns, the cash one’s interest and fees counted', async () => {
    startServer();
    await registerFresh();
    setCookie('selected_period', 'Forever');
    const cash = await cashPortfolio();
    const { portfolioId: plain } = await createHolding({ shares: 5, share_price: 80, fee: 1 });
    const user = await returnsOf('/user/performance');
    const parts = [
      await returnsOf(`/portfolios/${cash}/performance`),
      await returnsOf(`/portfolios/${plain}/performance`),
    ];
    expect(user.total_return).toBeCloseTo(parts[0].total_return + parts[1].total_return, 2);
    expect(user.fees).toBeCloseTo(parts[0].fees + parts[1].fees, 2);
  });

  it('takes the deposits and withdrawals as the user’s flows: one cash portfolio, its TWR', async () => {
    startServer();
    await registerFresh();
    setCookie('selected_period', 'Forever');
    const cash = await cashPortfolio();
    const user = await returnsOf('/user/performance');
    const portfolio = await returnsOf(`/portfolios/${cash}/performance`);
    expect(portfolio.twr).not.toBeNull();
    expect(user.twr).toBeCloseTo(portfolio.twr ?? NaN, 9);
    expect(user.total_return).toBeCloseTo(portfolio.total_return, 2);
  });
});

describe('the benchmark of a portfolio that keeps cash', () => {
  const SPARINDEX = 'DK0060005254';
  /** Sparindex at 100 DKK until 15 October 2026, 150 from then; everything else at 100. */
  const prices: PriceSource = (instrument, time) =>
    instrument.code === SPARINDEX && time >= Date.UTC(2026, 9, 15) ? 150 : 100;

  it('puts its deposits into the benchmark, not its buys', async () => {
    startServer({ prices });
    await registerFresh();
    await put('/user/benchmark', { type: 'stock', isin: SPARINDEX });
    setCookie('selected_period', 'Forever');
    const { portfolioId } = await createHolding(
      { shares: 10, share_price: 100, fee: 0 },
      '2026-10-01',
    );
    await patch(`/portfolios/${portfolioId}`, {
      cash: true,
      opening_balance: { amount: 3000, date: '2026-10-01' },
    });
    // 3,000 DKK deposited at 100 on 1 October, worth 4,500 from the jump on.
    for (const path of ['/user', `/portfolios/${portfolioId}`]) {
      const { benchmark } = (await get(`${path}/performance`)).body.performance;
      expect(benchmark.value, path).toBe(4500);
      expect(benchmark.twr, path).toBeCloseTo(0.5, 9);
      const line = (await get(`${path}/chart`)).body.benchmark as { chart: { value: number }[] };
      expect(line.chart.at(-1)?.value, path).toBe(4500);
    }
  });
});
