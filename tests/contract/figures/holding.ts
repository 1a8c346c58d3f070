// A holding made for the history tests, from a trade they give.
import { expect } from 'vitest';
import { get, post, registerFresh, send, setCookie, startServer } from '../support';

export const del = (path: string) => send('DELETE', path);
export const trade = (shares: number, share_price: number, date?: string) => ({
  shares,
  share_price,
  fee: 0,
  currency_code: 'DKK',
  ...(date ? { date } : {}),
});

/** A fresh account with one Novo Nordisk B investment whose first buy is `first`. */
export async function holding(first = trade(10, 100)): Promise<number> {
  startServer({ prices: () => 150 });
  await registerFresh();
  setCookie('selected_period', 'Forever');
  const portfolio = await post('/portfolios', { name: 'History' });
  const investment = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: first,
  });
  expect(investment.status).toBe(201);
  return Number(investment.body.data.id);
}

interface Listed {
  id: number;
  investment_id: number;
  type: string;
  date: string;
}
export const stats = async (id: number): Promise<Record<string, number>> =>
  (await get(`/investments/${id}/stats`)).body.statistics as Record<string, number>;
export const events = async (): Promise<Listed[]> =>
  (await get('/investments/events')).body.events as Listed[];
