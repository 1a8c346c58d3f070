// The three worked examples of decisions.md section 2, entered through the app's API client
// into a fresh account, with a fixed clock and a fixed price now; compared to the cent.
import { describe, expect, it } from 'vitest';
import type { Api } from '../../../src/api';
import type { TradePayload } from '../../../src/domain/types';
import { NOW, setCookie, startServer, plainSplit, appApi } from '../support';

const HOUR = 3_600_000;

/** A fresh account on a server whose clock moves an hour per `tick` and whose price is fixed. */
async function freshAccount(priceNow: number): Promise<{ api: Api; tick: () => void }> {
  let clock = NOW - 10 * HOUR;
  startServer({ now: () => clock, prices: () => priceNow });
  const api = await appApi();
  await api.initCsrf();
  await api.register({ name: 'Examples', email: 'examples@example.com', password: 'long-enough' });
  setCookie('selected_period', 'Forever');
  return { api, tick: () => (clock += HOUR) };
}

async function createInvestment(
  api: Api,
  buy: Omit<TradePayload, 'currency_code'>,
): Promise<string> {
  const portfolio = await api.createPortfolio({ name: 'Examples' }, { validateOnly: false });
  const investment = await api.createInvestment(
    {
      investment: { portfolio_id: portfolio?.id ?? '', name: 'Novo Nordisk B' },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: { ...buy, currency_code: 'DKK' },
    },
    { validateOnly: false },
  );
  if (!investment) throw new Error('no investment created');
  return investment.id;
}

const cents = (x: number) => Math.round(x * 100) / 100;
const dkk = (shares: number, share_price: number, fee: number): TradePayload => ({
  shares,
  share_price,
  fee,
  currency_code: 'DKK',
});

describe('worked examples', () => {
  it('buy 2 @ 142.90 (1.55), buy 2 @ 136.60 (1.65), price now 148.90', async () => {
    const { api, tick } = await freshAccount(148.9);
    const id = await createInvestment(api, { shares: 2, share_price: 142.9, fee: 1.55 });
    tick();
    await api.createEvent(id, 'buy', dkk(2, 136.6, 1.65));
    tick();
    const stats = await api.getInvestmentStats(id);
    expect(stats.shares).toBe(4);
    expect(cents(stats.costs)).toBe(559);
    expect(cents(stats.costs / stats.shares)).toBe(139.75);
    expect(cents(stats.fees)).toBe(3.2);
    expect(cents(stats.realised)).toBe(-3.2);
    expect(cents(stats.unrealised)).toBe(36.6);
    expect(cents(stats.lifetime)).toBe(33.4);
    const [investment] = await api.getInvestments();
    expect(cents(investment.value)).toBe(595.6);
    expect(cents(investment.positions.lifetime)).toBe(33.4);
  });

  it('buy 2 @ 75.80 (2.95), sell 1 @ 85.73 (1.30), price now 87.80', async () => {
    const { api, tick } = await freshAccount(87.8);
    const id = await createInvestment(api, { shares: 2, share_price: 75.8, fee: 2.95 });
    tick();
    await api.createEvent(id, 'sell', dkk(1, 85.73, 1.3));
    tick();
    const stats = await api.getInvestmentStats(id);
    expect(stats.shares).toBe(1);
    expect(cents(stats.costs)).toBe(75.8);
    expect(cents(stats.fees)).toBe(4.25);
    expect(cents(stats.realised)).toBe(5.68);
    expect(cents(stats.unrealised)).toBe(12);
    expect(cents(stats.lifetime)).toBe(17.68);
  });

  it('buy 10 @ 100, split to 20, sell 5 @ 60', async () => {
    const { api, tick } = await freshAccount(60);
    const id = await createInvestment(api, { shares: 10, share_price: 100, fee: 0 });
    tick();
    const split = await api.createEvent(id, 'split', plainSplit(20));
    expect(split).toMatchObject({ type: 'split', from_shares: 10, to_shares: 20 });
    tick();
    let stats = await api.getInvestmentStats(id);
    expect(stats.shares).toBe(20);
    expect(cents(stats.costs)).toBe(1000);
    expect(cents(stats.costs / stats.shares)).toBe(50);
    await api.createEvent(id, 'sell', dkk(5, 60, 0));
    tick();
    stats = await api.getInvestmentStats(id);
    expect(stats.shares).toBe(15);
    expect(cents(stats.costs)).toBe(750);
    expect(cents(stats.realised)).toBe(50);
  });
});
