// GET /api/v1/income on both backends: a year's dividends by month and by holding, gross,
// withheld and net in DKK (at the dividend's rate), every year's totals, the user's only, and a
// bad year refused with a field error.
import { describe, expect, it } from 'vitest';
import { createHolding, get, post, registerFresh, startServer } from '../support';

const dividend = (investmentId: number, body: object) =>
  post(`/investments/${investmentId}/events/dividend`, body);

describe('GET /api/v1/income', () => {
  it("answers a year's months and holdings, gross, withheld and net, in DKK", async () => {
    startServer();
    await registerFresh();
    const { investmentId, portfolioId } = await createHolding();
    await dividend(investmentId, {
      date: '2025-03-14',
      amount: 100,
      withholding_tax: 27,
      currency_code: 'DKK',
    });
    await dividend(investmentId, {
      date: '2025-03-28',
      amount: 10,
      withholding_tax: 1.5,
      currency_code: 'USD',
      exchange_rate: 6.5,
    });
    await dividend(investmentId, { date: '2025-11-02', amount: 20.005, currency_code: 'DKK' });
    await dividend(investmentId, { date: '2024-06-01', amount: 50, currency_code: 'DKK' });

    const answer = await get('/income?year=2025');
    expect(answer.status).toBe(200);
    const { income } = answer.body;
    expect(income.year).toBe(2025);
    expect(income.months).toHaveLength(12);
    expect(income.months[0]).toEqual({ month: '2025-01', gross: 0, withheld: 0, net: 0 });
    // DKK 100 less 27, and USD 10 less 1.50 at 6.5: DKK 65 less 9.75.
    expect(income.months[2]).toEqual({
      month: '2025-03',
      gross: 165,
      withheld: 36.75,
      net: 128.25,
    });
    expect(income.months[10]).toEqual({ month: '2025-11', gross: 20.01, withheld: 0, net: 20.01 });
    expect(income.totals).toEqual({ gross: 185.01, withheld: 36.75, net: 148.26 });
    expect(income.holdings).toEqual([
      {
        investment_id: investmentId,
        portfolio_id: portfolioId,
        name: 'Novo',
        gross: 185.01,
        withheld: 36.75,
        net: 148.26,
        months: income.months,
      },
    ]);
    expect(income.years).toEqual([
      { year: 2024, gross: 50, withheld: 0, net: 50 },
      { year: 2025, gross: 185.01, withheld: 36.75, net: 148.26 },
    ]);
  });

  it('is this year without a year, and empty for a year without dividends', async () => {
    startServer();
    await registerFresh();
    const { income } = (await get('/income')).body;
    expect(income.year).toBe(2026);
    expect(income.holdings).toEqual([]);
    expect(income.totals).toEqual({ gross: 0, withheld: 0, net: 0 });
    expect(income.years).toEqual([]);
  });

  it("counts only the user's own dividends", async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    await dividend(investmentId, { date: '2025-05-05', amount: 40, currency_code: 'DKK' });
    await post('/auth/logout');
    await registerFresh();
    expect((await get('/income?year=2025')).body.income.totals.gross).toBe(0);
  });

  it.each([
    ['20x5', 'The year field must be an integer.'],
    ['1969', 'The year field must be between 1970 and 2026.'],
    ['2027', 'The year field must be between 1970 and 2026.'],
  ])('refuses year=%s with a field error', async (year, message) => {
    startServer();
    await registerFresh();
    const answer = await get(`/income?year=${year}`);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { year: [message] } });
  });

  it('needs a session', async () => {
    startServer();
    expect((await get('/income')).status).toBe(401);
  });
});
