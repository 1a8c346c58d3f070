// @vitest-environment jsdom
// Cash per portfolio (issue 38): off by default, switched on with an opening balance, deposits,
// withdrawals, interest and fees with the cash side of trades, counted in the portfolio's value.
import { describe, expect, it } from 'vitest';
import {
  createHolding,
  get,
  loginAsDemo,
  patch,
  post,
  registerFresh,
  send,
  startServer,
} from './support';

interface Balance {
  currency_code: string;
  amount: number;
}

interface CashAnswer {
  enabled: boolean;
  balances: Balance[];
  value: number;
  events: { id: number; type: string; amount: number; currency_code: string; source: unknown }[];
}

const cashOf = async (id: number): Promise<CashAnswer> =>
  (await get(`/portfolios/${id}/cash`)).body.cash as CashAnswer;
const portfolioOf = async (id: number): Promise<Record<string, number>> => {
  const { portfolios } = (await get('/portfolios')).body as {
    portfolios: (Record<string, number> & { id: number })[];
  };
  const found = portfolios.find((p) => p.id === id);
  if (!found) throw new Error(`no portfolio ${id}`);
  return found;
};

describe('a portfolio without cash', () => {
  it('answers as before: no cash field, value of its holdings only', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    const portfolio = await portfolioOf(portfolioId);
    expect(portfolio).not.toHaveProperty('cash');
    expect(portfolio.value).toBeGreaterThan(0);
    const cash = await cashOf(portfolioId);
    expect(cash.enabled).toBe(false);
    expect(cash.events).toEqual([]);
  });

  it('refuses a cash event until cash is switched on', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    const answer = await post(`/portfolios/${portfolioId}/cash`, {
      type: 'deposit',
      amount: 100,
      currency_code: 'DKK',
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['cash']);
  });
});

describe('switching cash on', () => {
  it('books the opening balance as a deposit on the first event’s day, less the buy', async () => {
    startServer();
    await registerFresh();
    // 10 × 100 DKK bought today.
    const { portfolioId } = await createHolding();
    const before = await portfolioOf(portfolioId);
    const answer = await patch(`/portfolios/${portfolioId}`, {
      cash: true,
      opening_balance: { amount: 5000, currency_code: 'DKK' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data.cash).toEqual({
      balances: [{ currency_code: 'DKK', amount: 4000 }],
      value: 4000,
    });
    expect(answer.body.data.value).toBeCloseTo(before.value + 4000, 6);
    expect(answer.body.data.name).toBe(before.name);
    const cash = await cashOf(portfolioId);
    expect(cash.enabled).toBe(true);
    expect(cash.events).toEqual([
      expect.objectContaining({
        type: 'deposit',
        amount: 5000,
        currency_code: 'DKK',
        source: null,
      }),
    ]);
  });

  it('counts the cash in the user’s total value', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    const before = (await get('/user/valuation')).body.valuation.value.value;
    await patch(`/portfolios/${portfolioId}`, {
      cash: true,
      opening_balance: { amount: 2500.5, currency_code: 'DKK', date: '2024-01-02' },
    });
    const after = (await get('/user/valuation')).body.valuation.value.value;
    expect(after).toBeCloseTo(before + 1500.5, 6);
  });

  it('validates the switch and the opening balance with field errors', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    const answer = await patch(`/portfolios/${portfolioId}`, {
      cash: 'maybe',
      opening_balance: { amount: -1, currency_code: 'XXX', date: '2999-01-01' },
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      cash: ['The cash field must be true or false.'],
      'opening_balance.amount': ['The opening balance.amount field must be at least 0.'],
      'opening_balance.currency_code': ['The selected opening balance.currency code is invalid.'],
      'opening_balance.date': [
        'The opening balance.date field must be a date before or equal to today.',
      ],
    });
    expect((await cashOf(portfolioId)).enabled).toBe(false);
  });

  it('switches off again: the portfolio is holdings-only, its cash events kept', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    await patch(`/portfolios/${portfolioId}`, { cash: true, opening_balance: { amount: 10 } });
    const off = await patch(`/portfolios/${portfolioId}`, { cash: false });
    expect(off.status).toBe(200);
    expect(off.body.data).not.toHaveProperty('cash');
    const cash = await cashOf(portfolioId);
    expect(cash.enabled).toBe(false);
    expect(cash.events).toHaveLength(1);
  });
});

describe('POST /portfolios/{id}/cash', () => {
  async function cashPortfolio(): Promise<number> {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding({ shares: 1, share_price: 300, fee: 9 });
    await patch(`/portfolios/${portfolioId}`, { cash: true });
    return portfolioId;
  }

  it('records deposits, withdrawals, interest and fees, and a negative balance shows', async () => {
    const id = await cashPortfolio();
    const send = (type: string, amount: number, currency_code = 'DKK', date?: string) =>
      post(`/portfolios/${id}/cash`, { type, amount, currency_code, ...(date && { date }) });
    const deposit = await send('deposit', 200, 'DKK', '2025-03-04');
    expect(deposit.status).toBe(201);
    expect(deposit.body.data).toEqual({
      id: expect.anything(),
      type: 'deposit',
      amount: 200,
      currency_code: 'DKK',
      date: '2025-03-04T12:00:00.000Z',
      source: null,
    });
    expect((await send('interest', 1.25)).status).toBe(201);
    expect((await send('fee', 0.5)).status).toBe(201);
    expect((await send('withdrawal', 50)).status).toBe(201);
    expect((await send('deposit', 10, 'USD')).status).toBe(201);
    const cash = await cashOf(id);
    // 200 + 1.25 − 0.5 − 50 − (300 + 9): a margin account, not refused.
    expect(cash.balances).toEqual<Balance[]>([
      { currency_code: 'DKK', amount: -158.25 },
      { currency_code: 'USD', amount: 10 },
    ]);
    expect(cash.value).toBeGreaterThan(-158.25);
    expect(cash.events.map((e) => e.type)).toEqual([
      'deposit',
      'withdrawal',
      'fee',
      'interest',
      'deposit',
    ]);
  });

  it('refuses bad fields in Laravel’s style', async () => {
    const id = await cashPortfolio();
    const answer = await post(`/portfolios/${id}/cash`, {
      type: 'gift',
      amount: 0,
      currency_code: 'DKK',
      date: '2999-12-31',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toBe('The selected type is invalid. (and 2 more errors)');
    expect(answer.body.errors).toEqual({
      type: ['The selected type is invalid.'],
      amount: ['The amount field must be greater than 0.'],
      date: ['The date field must be a date before or equal to today.'],
    });
    const late = await post(`/portfolios/${id}/cash`, {
      type: 'deposit',
      amount: 1,
      currency_code: 'DKK',
      date: '2999-12-31',
    });
    expect(late.body.errors).toEqual({
      date: ['The date field must be a date before or equal to today.'],
    });
  });

  it('records once per Idempotency-Key', async () => {
    const id = await cashPortfolio();
    const body = { type: 'deposit', amount: 75, currency_code: 'DKK' };
    const headers = { 'Idempotency-Key': 'cash-deposit-0001' };
    const first = await post(`/portfolios/${id}/cash`, body, headers);
    const again = await post(`/portfolios/${id}/cash`, body, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect((await cashOf(id)).events).toHaveLength(1);
  });

  it('deletes a cash event', async () => {
    const id = await cashPortfolio();
    const made = await post(`/portfolios/${id}/cash`, {
      type: 'deposit',
      amount: 75,
      currency_code: 'DKK',
    });
    expect((await send('DELETE', `/portfolios/cash/${made.body.data.id}`)).status).toBe(204);
    expect((await cashOf(id)).events).toEqual([]);
    expect((await send('DELETE', `/portfolios/cash/${made.body.data.id}`)).status).toBe(404);
  });
});

describe('another user’s portfolio', () => {
  it('is 404 for its cash, a cash event and the switch', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    await patch(`/portfolios/${portfolioId}`, { cash: true });
    const made = await post(`/portfolios/${portfolioId}/cash`, {
      type: 'deposit',
      amount: 1,
      currency_code: 'DKK',
    });
    await post('/auth/logout');
    await loginAsDemo();
    for (const answer of [
      await get(`/portfolios/${portfolioId}/cash`),
      await post(`/portfolios/${portfolioId}/cash`, {
        type: 'deposit',
        amount: 1,
        currency_code: 'DKK',
      }),
      await patch(`/portfolios/${portfolioId}`, { cash: false }),
      await send('DELETE', `/portfolios/cash/${made.body.data.id}`),
    ])
      expect(answer.status).toBe(404);
  });
});
