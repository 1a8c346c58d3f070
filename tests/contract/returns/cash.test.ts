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
} from '../support';

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

describe('a broker file’s cash lines (POST /imports with cash)', () => {
  // Nordnet's INDBETALING, HÆVNING and KREDITRENTE lines as the import screen sends them.
  const CASH_LINES = [
    {
      line: 1,
      kind: 'deposit',
      date: '2024-01-02',
      amount: 10000,
      currency_code: 'DKK',
      external_id: '1000000301',
    },
    {
      line: 2,
      kind: 'withdrawal',
      date: '2024-04-02',
      amount: 2500.5,
      currency_code: 'DKK',
      external_id: '1000000302',
    },
    {
      line: 3,
      kind: 'interest',
      date: '2024-06-30',
      amount: 12.34,
      currency_code: 'DKK',
      external_id: '1000000303',
    },
  ];
  const BUY = {
    line: 4,
    kind: 'buy',
    date: '2024-01-03',
    instrument: { isin: 'DK0062498333', name: 'Novo Nordisk B' },
    shares: 10,
    share_price: 100,
    fee: 29,
    currency_code: 'DKK',
    external_id: '1000000304',
  };

  async function portfolio(cash: boolean): Promise<number> {
    startServer();
    await registerFresh();
    const id = Number((await post('/portfolios', { name: 'Nordnet' })).body.data.id);
    if (cash) await patch(`/portfolios/${id}`, { cash: true });
    return id;
  }

  it('books them as the portfolio’s cash events when it keeps cash, once', async () => {
    const id = await portfolio(true);
    const body = { portfolio_id: id, source: 'nordnet', rows: [BUY], cash: CASH_LINES };
    const committed = await post('/imports', body);
    expect(committed.status).toBe(201);
    const cash = await cashOf(id);
    // 10,000 − 2,500.50 + 12.34 − (1,000 + 29)
    expect(cash.balances).toEqual([{ currency_code: 'DKK', amount: 6482.84 }]);
    expect(cash.events.map((e) => [e.type, e.amount, e.source])).toEqual([
      ['interest', 12.34, 'nordnet'],
      ['withdrawal', 2500.5, 'nordnet'],
      ['deposit', 10000, 'nordnet'],
    ]);
    const again = await post('/imports?dry_run=1', body);
    const statuses = (again.body as { rows: { line: number; status: string }[] }).rows.map((r) => [
      r.line,
      r.status,
    ]);
    expect(statuses).toEqual([
      [4, 'duplicate'],
      [1, 'duplicate'],
      [2, 'duplicate'],
      [3, 'duplicate'],
    ]);
  });

  it('says it skipped them when the portfolio keeps no cash', async () => {
    const id = await portfolio(false);
    const answer = await post('/imports?dry_run=1', {
      portfolio_id: id,
      source: 'nordnet',
      rows: [BUY],
      cash: CASH_LINES,
    });
    const rows = (answer.body as { rows: { line: number; status: string; warnings: string[] }[] })
      .rows;
    expect(rows.filter((r) => r.line <= 3).map((r) => r.status)).toEqual([
      'skipped',
      'skipped',
      'skipped',
    ]);
    expect(rows[1].warnings[0]).toMatch(/^The portfolio does not keep cash/);
    expect(answer.body.counts).toEqual({ imported: 1, duplicates: 0, skipped: 3, errors: 0 });
  });

  it('refuses a bad cash line on its field, and an undo takes the cash events away', async () => {
    const id = await portfolio(true);
    const bad = await post('/imports?dry_run=1', {
      portfolio_id: id,
      source: 'nordnet',
      rows: [],
      cash: [{ ...CASH_LINES[0], amount: -5, kind: 'gift' }],
    });
    expect((bad.body as { rows: { errors: object }[] }).rows[0].errors).toEqual({
      kind: ['The selected kind is invalid.'],
      amount: ['The amount field must be greater than 0.'],
    });
    const only = await post('/imports', {
      portfolio_id: id,
      source: 'nordnet',
      rows: [],
      cash: CASH_LINES,
    });
    expect(only.status).toBe(201);
    expect((await cashOf(id)).events).toHaveLength(3);
    expect((await send('DELETE', `/imports/${only.body.data.id}`)).status).toBe(204);
    expect((await cashOf(id)).events).toEqual([]);
  });
});
