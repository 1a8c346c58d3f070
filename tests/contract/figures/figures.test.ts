// Figures from separate calls in one minute agree (the market quotes once a minute), so every
// total equals the sum of its parts, through the API as on every screen.
import { describe, expect, it } from 'vitest';
import { get, loginAsDemo, NOW, post, registerFresh, startServer } from '../support';

/** Milliseconds between calls. */
const APART = 300;

/**
 * A server whose clock moves on by APART at every call, as a user's calls arrive, and stops 45 s
 * into NOW's minute (NOW starts one), so a test never straddles two minutes.
 */
function startTicking(): void {
  let calls = 0;
  startServer({ now: () => NOW + APART * Math.min(calls++, 150) });
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('figures taken by separate calls in one minute', () => {
  it('a user with one investment in USD: valuation, portfolio and investment agree', async () => {
    startTicking();
    await registerFresh();
    const portfolio = await post('/portfolios', { name: 'Abroad' });
    const created = await post('/investments', {
      investment: { portfolio_id: portfolio.body.data.id, name: 'Apple' },
      instrument: { type: 'stock', isin: 'US0378331005' },
      buy_event: { shares: 7, share_price: 180, fee: 1, currency_code: 'USD', date: '2026-10-01' },
    });
    expect(created.status).toBe(201);
    const { valuation } = (await get('/user/valuation')).body;
    const [held] = (await get('/portfolios')).body.portfolios;
    const [investment] = (await get('/investments')).body.investments;
    const { statistics } = (await get(`/investments/${investment.id}/stats`)).body;
    const { chart } = (await get('/user/chart')).body;
    expect(valuation.value.value).toBeGreaterThan(0);
    expect(held.value).toBe(valuation.value.value);
    expect(investment.value).toBe(valuation.value.value);
    expect(investment.positions).toEqual(valuation.positions);
    expect(statistics.unrealised).toBe(valuation.positions.unrealised);
    expect(statistics.lifetime).toBe(valuation.positions.lifetime);
    expect(chart.at(-1).value).toBe(valuation.value.value);
  });

  it('the demo account: the user valuation is the sum of its portfolios and its investments', async () => {
    startTicking();
    await loginAsDemo();
    const { valuation } = (await get('/user/valuation')).body;
    const { portfolios } = (await get('/portfolios')).body;
    const { investments } = (await get('/investments')).body;
    expect(investments.length).toBeGreaterThan(3);
    const value = valuation.value.value;
    expect(sum(portfolios.map((p: { value: number }) => p.value))).toBeCloseTo(value, 6);
    expect(sum(investments.map((i: { value: number }) => i.value))).toBeCloseTo(value, 6);
    for (const key of ['lifetime', 'realised', 'unrealised'] as const) {
      const parts = investments.map((i: { positions: Record<string, number> }) => i.positions[key]);
      expect(sum(parts), key).toBeCloseTo(valuation.positions[key], 6);
    }
    for (const portfolio of portfolios) {
      const { statistics } = (await get(`/portfolios/${portfolio.id}/stats`)).body;
      expect(statistics.unrealised, portfolio.name).toBeCloseTo(portfolio.positions.unrealised, 6);
    }
  });
});
