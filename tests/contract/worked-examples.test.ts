// @vitest-environment jsdom
// The three worked examples of decisions.md section 2, entered through the API into a fresh
// account, with a fixed clock and a fixed price now; compared to the cent.
import { describe, expect, it } from 'vitest';
import type { Statistics } from '../../src/domain/types';
import { get, NOW, post, registerFresh, setCookie, startServer } from './support';

const HOUR = 3_600_000;

/** A server whose clock moves an hour per event and whose price is `priceNow` (DKK). */
async function freshAccount(priceNow: number): Promise<{ tick: () => void }> {
  let clock = NOW - 10 * HOUR;
  startServer({ now: () => clock, prices: () => priceNow });
  await registerFresh();
  setCookie('selected_period', 'Forever');
  return { tick: () => (clock += HOUR) };
}

async function createInvestment(buy: { shares: number; share_price: number; fee: number }) {
  const portfolio = await post('/portfolios', { name: 'Examples' });
  const answer = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo Nordisk B' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: { ...buy, currency_code: 'DKK' },
  });
  expect(answer.status).toBe(201);
  return answer.body.data.id as number;
}

async function statistics(id: number): Promise<Statistics> {
  const { statistics } = (await get(`/investments/${id}/stats`)).body as { statistics: Statistics };
  return statistics;
}

const cents = (x: number) => Math.round(x * 100) / 100;

describe('worked examples', () => {
  it('buy 2 @ 142.90 (1.55), buy 2 @ 136.60 (1.65), price now 148.90', async () => {
    const { tick } = await freshAccount(148.9);
    const id = await createInvestment({ shares: 2, share_price: 142.9, fee: 1.55 });
    tick();
    const buy = await post(`/investments/${id}/events/buy`, {
      shares: 2,
      share_price: 136.6,
      fee: 1.65,
      currency_code: 'DKK',
    });
    expect(buy.status).toBe(201);
    tick();
    const stats = await statistics(id);
    expect(stats.shares).toBe(4);
    expect(cents(stats.costs)).toBe(559);
    expect(cents(stats.costs / stats.shares)).toBe(139.75);
    expect(cents(stats.fees)).toBe(3.2);
    expect(cents(stats.realised)).toBe(-3.2);
    expect(cents(stats.unrealised)).toBe(36.6);
    expect(cents(stats.lifetime)).toBe(33.4);
    const [investment] = (await get('/investments')).body.investments;
    expect(cents(investment.value)).toBe(595.6);
    expect(cents(investment.positions.lifetime)).toBe(33.4);
  });

  it('buy 2 @ 75.80 (2.95), sell 1 @ 85.73 (1.30), price now 87.80', async () => {
    const { tick } = await freshAccount(87.8);
    const id = await createInvestment({ shares: 2, share_price: 75.8, fee: 2.95 });
    tick();
    const sell = await post(`/investments/${id}/events/sell`, {
      shares: 1,
      share_price: 85.73,
      fee: 1.3,
      currency_code: 'DKK',
    });
    expect(sell.status).toBe(201);
    tick();
    const stats = await statistics(id);
    expect(stats.shares).toBe(1);
    expect(cents(stats.costs)).toBe(75.8);
    expect(cents(stats.fees)).toBe(4.25);
    expect(cents(stats.realised)).toBe(5.68);
    expect(cents(stats.unrealised)).toBe(12);
    expect(cents(stats.lifetime)).toBe(17.68);
  });

  it('buy 10 @ 100, split to 20, sell 5 @ 60', async () => {
    const { tick } = await freshAccount(60);
    const id = await createInvestment({ shares: 10, share_price: 100, fee: 0 });
    tick();
    const split = await post(`/investments/${id}/events/split`, {
      shares_after: 20,
      fee: 0,
      currency_code: 'DKK',
      sold_shares: 0,
      sold_share_price: 0,
      hide: false,
    });
    expect(split.status).toBe(201);
    expect(split.body.data).toMatchObject({ type: 'split', from_shares: 10, to_shares: 20 });
    tick();
    let stats = await statistics(id);
    expect(stats.shares).toBe(20);
    expect(cents(stats.costs)).toBe(1000);
    expect(cents(stats.costs / stats.shares)).toBe(50);
    await post(`/investments/${id}/events/sell`, {
      shares: 5,
      share_price: 60,
      fee: 0,
      currency_code: 'DKK',
    });
    tick();
    stats = await statistics(id);
    expect(stats.shares).toBe(15);
    expect(cents(stats.costs)).toBe(750);
    expect(cents(stats.realised)).toBe(50);
  });
});
