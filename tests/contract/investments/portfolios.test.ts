// Portfolios: list, create (and validate-only), rename, statistics and chart.
import { describe, expect, it } from 'vitest';
import {
  createHolding,
  get,
  loginAsDemo,
  patch,
  post,
  registerFresh,
  setCookie,
  startServer,
} from '../support';

const FIGURES = ['value', 'change', 'changeRatio', 'change_percentage', 'positions'];

describe('GET /portfolios', () => {
  it('lists the user’s portfolios with the spec’s fields, and Formue’s kind', async () => {
    startServer();
    await loginAsDemo();
    const { portfolios } = (await get('/portfolios')).body;
    for (const portfolio of portfolios) {
      expect(Object.keys(portfolio).sort()).toEqual(
        ['id', 'investments', 'kind', 'name', ...FIGURES].sort(),
      );
      expect(portfolio.change_percentage).toBeCloseTo(portfolio.changeRatio * 100, 10);
      expect(Object.keys(portfolio.positions).sort()).toEqual([
        'lifetime',
        'realised',
        'unrealised',
      ]);
    }
  });

  it('sums its investments', async () => {
    startServer();
    await loginAsDemo();
    const { portfolios } = (await get('/portfolios')).body;
    const { investments } = (await get('/investments')).body;
    for (const portfolio of portfolios) {
      const held = investments.filter(
        (i: { portfolio_id: number }) => i.portfolio_id === portfolio.id,
      );
      expect(portfolio.investments).toBe(held.length);
      const value = held.reduce((sum: number, i: { value: number }) => sum + i.value, 0);
      expect(portfolio.value).toBeCloseTo(value, 6);
    }
  });
});

describe('POST /portfolios', () => {
  it('creates and answers 201 with the portfolio', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', { name: '  Pension  ' });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      name: 'Pension',
      value: 0,
      change: 0,
      changeRatio: 0,
      change_percentage: 0,
      investments: 0,
      positions: { lifetime: 0, realised: 0, unrealised: 0 },
    });
    const { portfolios } = (await get('/portfolios')).body;
    expect(portfolios).toEqual([answer.body.data]);
  });

  it('with x-validate-only: 1 answers 200 {data: null} and creates nothing', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', { name: 'Only checked' }, { 'x-validate-only': '1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: null });
    expect((await get('/portfolios')).body.portfolios).toEqual([]);
  });

  it('with x-validate-only: 0 creates', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', { name: 'Created' }, { 'x-validate-only': '0' });
    expect(answer.status).toBe(201);
  });

  it('takes a name with visible characters between invisible ones', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', { name: '\u200BPension\u200D' });
    expect(answer.status).toBe(201);
  });

  it('counts characters as mb_strlen does: 255 emoji are 255, not 510', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', { name: '📈'.repeat(255) });
    expect(answer.status).toBe(201);
  });

  it('validate-only still reports errors', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', { name: '' }, { 'x-validate-only': '1' });
    expect(answer.status).toBe(422);
  });

  it.each([
    ['missing', {}, 'The name field is required.'],
    ['blank', { name: '   ' }, 'The name field is required.'],
    ['a number', { name: 42 }, 'The name field must be a string.'],
    [
      'too long',
      { name: 'p'.repeat(256) },
      'The name field must not be greater than 255 characters.',
    ],
    [
      '256 emoji long',
      { name: '📈'.repeat(256) },
      'The name field must not be greater than 255 characters.',
    ],
    ['only a zero-width space', { name: '\u200B' }, 'The name field is required.'],
    [
      'only invisible characters',
      { name: ' \u200D\uFEFF\u2060\u200E ' },
      'The name field is required.',
    ],
    [
      'holding a NUL',
      { name: 'Pen\u0000sion' },
      'The name field must not contain control characters.',
    ],
    [
      'holding a line break',
      { name: 'Two\nlines' },
      'The name field must not contain control characters.',
    ],
  ])('refuses a name that is %s', async (_case, body, message) => {
    startServer();
    await registerFresh();
    const answer = await post('/portfolios', body);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { name: [message] } });
    expect((await get('/portfolios')).body.portfolios).toEqual([]);
  });
});

describe('PATCH /portfolios/{id}', () => {
  it('renames', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    const answer = await patch(`/portfolios/${portfolioId}`, { name: 'Renamed' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: portfolioId, name: 'Renamed', investments: 1 });
  });

  it('refuses an empty name', async () => {
    startServer();
    await registerFresh();
    const { portfolioId } = await createHolding();
    expect((await patch(`/portfolios/${portfolioId}`, { name: '' })).status).toBe(422);
  });
});

describe('GET /portfolios/{id}/stats and /chart', () => {
  it('statistics are the sums over its investments', async () => {
    startServer({ prices: () => 120 });
    await registerFresh();
    const { portfolioId, investmentId } = await createHolding({
      shares: 10,
      share_price: 100,
      fee: 5,
    });
    await post('/investments', {
      investment: { portfolio_id: portfolioId, name: 'Second' },
      instrument: { type: 'stock', isin: 'DK0010274414' },
      buy_event: { shares: 5, share_price: 50, fee: 1, currency_code: 'DKK' },
    });
    const one = (await get(`/investments/${investmentId}/stats`)).body.statistics;
    const both = (await get(`/portfolios/${portfolioId}/stats`)).body.statistics;
    expect(Object.keys(both).sort()).toEqual([
      'costs',
      'dividends',
      'fees',
      'lifetime',
      'realised',
      'shares',
      'unrealised',
    ]);
    expect(one).toEqual({
      shares: 10,
      costs: 1000,
      fees: 5,
      dividends: 0,
      realised: -5,
      unrealised: 200,
      lifetime: 195,
    });
    expect(both).toEqual({
      shares: 15,
      costs: 1250,
      fees: 6,
      dividends: 0,
      realised: -6,
      unrealised: 550,
      lifetime: 544,
    });
  });

  it('the chart follows the selected period cookie, oldest first', async () => {
    startServer();
    await loginAsDemo();
    const [portfolio] = (await get('/portfolios')).body.portfolios;
    const day = (await get(`/portfolios/${portfolio.id}/chart`)).body.chart;
    setCookie('selected_period', 'Week');
    const week = (await get(`/portfolios/${portfolio.id}/chart`)).body.chart;
    expect(day.length).toBeGreaterThan(200); // every 5 minutes
    expect(week.length).toBeGreaterThan(150); // hourly
    expect(Date.parse(week[week.length - 1].time) - Date.parse(week[0].time)).toBeCloseTo(
      7 * 86_400_000,
      -6,
    );
    const times = day.map((p: { time: string }) => Date.parse(p.time));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(day[0]).toEqual({
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      value: expect.any(Number),
    });
    expect(day[day.length - 1].value).toBeCloseTo(portfolio.value, 6);
  });
});

describe('another user’s portfolio', () => {
  it('is 404 for stats, chart and rename', async () => {
    startServer();
    await loginAsDemo();
    const [demoPortfolio] = (await get('/portfolios')).body.portfolios;
    await post('/auth/logout');
    await registerFresh();
    for (const answer of [
      await get(`/portfolios/${demoPortfolio.id}/stats`),
      await get(`/portfolios/${demoPortfolio.id}/chart`),
      await patch(`/portfolios/${demoPortfolio.id}`, { name: 'Mine now' }),
      await get('/portfolios/not-a-number/stats'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body.message).toMatch(/^No query results for model \[App\\Models\\Portfolio\]/);
    }
  });
});
