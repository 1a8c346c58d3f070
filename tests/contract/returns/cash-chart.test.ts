// The value chart of a portfolio that keeps cash (issue 38): each point is its holdings and its
// cash in DKK, so the last point is the value the portfolio and the user answer with.
import { describe, expect, it } from 'vitest';
import { createHolding, get, patch, post, registerFresh, setCookie, startServer } from '../support';

type Chart = { time: string; value: number }[];

const lastOf = async (path: string) => ((await get(path)).body.chart as Chart).at(-1)?.value;

/** A holding bought in 2024 in a portfolio with 10,000 DKK from then and 1,000 USD from 2025. */
async function cashPortfolio(): Promise<number> {
  const { portfolioId } = await createHolding(undefined, '2024-01-02');
  await patch(`/portfolios/${portfolioId}`, {
    cash: true,
    opening_balance: { amount: 10000, date: '2024-01-02' },
  });
  await post(`/portfolios/${portfolioId}/cash`, {
    type: 'deposit',
    amount: 1000,
    currency_code: 'USD',
    date: '2025-03-03',
  });
  return portfolioId;
}

describe('the value chart of a portfolio that keeps cash', () => {
  it.each(['Year', 'Forever'])(
    'ends at the value the portfolio and the user show, cash counted at today’s rate (%s)',
    async (period) => {
      startServer();
      await registerFresh();
      setCookie('selected_period', period);
      const id = await cashPortfolio();
      const portfolios = (await get('/portfolios')).body.portfolios as {
        id: number;
        value: number;
        cash: { value: number };
      }[];
      const portfolio = portfolios.find((p) => p.id === id);
      if (!portfolio) throw new Error('the portfolio is missing');
      expect(portfolio.cash.value).toBeGreaterThan(10000);
      expect(await lastOf(`/portfolios/${id}/chart`)).toBe(portfolio.value);
      const user = (await get('/user/valuation')).body.valuation as { value: { value: number } };
      expect(await lastOf('/user/chart')).toBe(user.value.value);
    },
  );

  it('draws the cash from its first deposit, before any holding', async () => {
    startServer();
    await registerFresh();
    setCookie('selected_period', 'Forever');
    const { id } = (await post('/portfolios', { name: 'Savings' })).body.data as { id: number };
    await patch(`/portfolios/${id}`, {
      cash: true,
      opening_balance: { amount: 2500, date: '2025-06-02' },
    });
    const chart = (await get(`/portfolios/${id}/chart`)).body.chart as Chart;
    expect(chart.length).toBeGreaterThan(2);
    expect(chart[0].value).toBe(0);
    expect(chart.at(-1)?.value).toBe(2500);
  });
});
