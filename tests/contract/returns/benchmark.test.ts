// The benchmark (issue 38): Profile's choice of instrument (GET and PUT /user/benchmark), and its
// line on the user's and a portfolio's charts: the same money put into it on the same days, at
// each day's close. On the demo's market, with fixed prices where the figures are checked.
import { describe, expect, it } from 'vitest';
import type { PriceSource } from '../../../src/mock-server';
import { csrf, get, post, put, registerFresh, setCookie, startServer } from '../support';

const SPARINDEX = 'DK0060005254';
/** The day the benchmark's price jumps from 100 to 150 DKK. */
const JUMP = Date.UTC(2026, 9, 15);

/** Sparindex (DKK) at 100 until JUMP, 150 from then; everything else at 100. */
const prices: PriceSource = (instrument, time) =>
  instrument.code === SPARINDEX && time >= JUMP ? 150 : 100;

/** A portfolio holding 10 Novo bought at 100 DKK on 1 October, no fee: 1,000 DKK in. */
async function holding(): Promise<{ portfolioId: number; investmentId: number }> {
  const portfolio = await post('/portfolios', { name: 'Test portfolio' });
  const investment = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: { shares: 10, share_price: 100, fee: 0, currency_code: 'DKK', date: '2026-10-01' },
  });
  expect(investment.status).toBe(201);
  return { portfolioId: portfolio.body.data.id, investmentId: investment.body.data.id };
}

interface Line {
  type: string;
  isin: string;
  name: string;
  chart: { time: string; value: number }[];
}

describe('the benchmark setting', () => {
  it('is an MSCI World ETF until the user picks another, which is kept', async () => {
    startServer({ prices });
    await registerFresh();
    expect((await get('/user/benchmark')).body).toEqual({
      benchmark: { type: 'stock', isin: 'IE00B4L5Y983', name: 'iShares Core MSCI World UCITS ETF' },
    });
    const chosen = await put('/user/benchmark', { type: 'stock', isin: ' dk0060005254 ' });
    expect(chosen.status).toBe(200);
    const sparindex = { type: 'stock', isin: SPARINDEX, name: 'Sparindex INDEX Globale Aktier KL' };
    expect(chosen.body).toEqual({ benchmark: sparindex });
    expect((await get('/user/benchmark')).body).toEqual({ benchmark: sparindex });
    // Crypto is priced too.
    const bitcoin = await put('/user/benchmark', { type: 'crypto', isin: 'BTC' });
    expect(bitcoin.body).toEqual({ benchmark: { type: 'crypto', isin: 'BTC', name: 'Bitcoin' } });
  });

  it('refuses what it cannot price, with field errors, and keeps the one it had', async () => {
    startServer({ prices });
    await registerFresh();
    const invalid = await put('/user/benchmark', { type: 'stock', isin: 'DK0062498334' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors.isin[0]).toBe('The isin field must be a valid ISIN code.');
    const missing = await put('/user/benchmark', { type: 'bond' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['isin', 'type']);
    expect((await get('/user/benchmark')).body.benchmark.isin).toBe('IE00B4L5Y983');
  });

  it('is the user’s own: logged out, 401', async () => {
    startServer({ prices });
    await registerFresh();
    await post('/auth/logout');
    expect((await get('/user/benchmark')).status).toBe(401);
    await csrf();
    expect((await put('/user/benchmark', { type: 'stock', isin: SPARINDEX })).status).toBe(401);
  });
});

describe('the benchmark line on the charts', () => {
  it('puts the same money into the benchmark on the same days, at each day’s close', async () => {
    startServer({ prices });
    await registerFresh();
    await put('/user/benchmark', { type: 'stock', isin: SPARINDEX });
    // 1,000 DKK in on 1 October (10 at 100, no fee): 10 units of the benchmark at 100.
    const { portfolioId, investmentId } = await holding();
    await post(`/investments/${investmentId}/events/buy`, {
      // 500 more on 20 October, after the jump: 10/3 units at 150.
      shares: 5,
      share_price: 100,
      fee: 0,
      currency_code: 'DKK',
      date: '2026-10-20',
    });
    setCookie('selected_period', 'Forever');
    const user = (await get('/user/chart')).body as { chart: { time: string }[]; benchmark: Line };
    expect(user.benchmark).toMatchObject({ type: 'stock', isin: SPARINDEX });
    // The same times as the chart's own points.
    expect(user.benchmark.chart.map((p) => p.time)).toEqual(user.chart.map((p) => p.time));
    const at = (day: string) => user.benchmark.chart.find((p) => p.time.startsWith(day))?.value;
    expect(user.benchmark.chart[0].value).toBe(0);
    expect(at('2026-10-10')).toBe(1000);
    expect(at('2026-10-16')).toBe(1500);
    expect(at('2026-10-25')).toBe(2000);
    expect(user.benchmark.chart.at(-1)?.value).toBe(2000);

    const portfolio = (await get(`/portfolios/${portfolioId}/chart`)).body as { benchmark: Line };
    expect(portfolio.benchmark.chart).toEqual(user.benchmark.chart);
    // Investments' charts have none.
    expect((await get(`/investments/${investmentId}/chart`)).body).not.toHaveProperty('benchmark');
  });

  it('takes a sale’s money out at its day’s close', async () => {
    startServer({ prices });
    await registerFresh();
    await put('/user/benchmark', { type: 'stock', isin: SPARINDEX });
    const { investmentId } = await holding();
    // 5 sold at 120 on 20 October less a fee of 15: 585 out, 3.9 units at 150 of the 10 held.
    const sold = await post(`/investments/${investmentId}/events/sell`, {
      shares: 5,
      share_price: 120,
      fee: 15,
      currency_code: 'DKK',
      date: '2026-10-20',
    });
    expect(sold.status).toBe(201);
    setCookie('selected_period', 'Forever');
    const { benchmark } = (await get('/user/chart')).body as { benchmark: Line };
    expect(benchmark.chart.at(-1)?.value).toBe(915);
  });

  it('is the default’s for a user who picked none', async () => {
    startServer({ prices });
    await registerFresh();
    await holding();
    const { benchmark } = (await get('/user/chart')).body as { benchmark: Line };
    expect(benchmark.isin).toBe('IE00B4L5Y983');
    expect(benchmark.chart.length).toBeGreaterThan(1);
    expect(benchmark.chart.every((p) => p.value > 0)).toBe(true);
  });
});

describe('the benchmark in the performance answer', () => {
  it('has the benchmark’s TWR, IRR and value over the same span', async () => {
    startServer({ prices });
    await registerFresh();
    await put('/user/benchmark', { type: 'stock', isin: SPARINDEX });
    const { portfolioId, investmentId } = await holding();
    setCookie('selected_period', 'Forever');
    // 1,000 DKK in at 100 on 1 October, worth 1,500 from the jump on: half as much again.
    for (const path of [
      '/user/performance',
      `/portfolios/${portfolioId}/performance`,
      `/investments/${investmentId}/performance`,
      '/user/performance?year=2026',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(200);
      const { benchmark } = answer.body.performance;
      expect(benchmark.value, path).toBe(1500);
      expect(benchmark.twr, path).toBeCloseTo(0.5, 9);
      // Over the period, the money's own span; a year's counts the months before it came.
      if (!path.includes('year')) expect(benchmark.irr, path).toBeCloseTo(0.5, 6);
    }
  });
});
