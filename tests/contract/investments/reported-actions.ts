// Splits and dividends a test has the mock's market report, and the holding and calls they are
// seen through.
import { expect } from 'vitest';
import type { ProviderAction } from '../../../src/contract/market/market';
import { get, post, registerFresh, startServer } from '../support';

/** Novo Nordisk B: the instrument the market reports splits and dividends for. */
export const NOVO = 'DK0062498333';

export const split = (day: string, numerator: number, denominator: number): ProviderAction => ({
  kind: 'split',
  day,
  numerator,
  denominator,
});

export const dividend = (day: string, amount: number, currency = 'DKK'): ProviderAction => ({
  kind: 'dividend',
  day,
  amount,
  currency,
});

/** A server whose market reports `reported` for Novo (nothing else), and a fresh user on it. */
export async function reporting(...reported: ProviderAction[]): Promise<void> {
  startServer({ actions: (code) => (code === NOVO ? reported : []) });
  await registerFresh();
}

/** A new investment in Novo, first bought (`shares` at 100 DKK) on `buyDay`; its id. */
export async function holding(buyDay: string, shares = 10): Promise<number> {
  const portfolio = await post('/portfolios', { name: 'Suggestions' });
  const created = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo' },
    instrument: { type: 'stock', isin: NOVO },
    buy_event: { date: buyDay, shares, share_price: 100, currency_code: 'DKK' },
  });
  if (created.status !== 201) throw new Error(JSON.stringify(created.body));
  return created.body.data.id as number;
}

export async function suggestionsOf(id: number): Promise<unknown[]> {
  const answer = await get(`/investments/${id}/suggestions`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.suggestions as unknown[];
}

/** Records an event of the investment; it must be accepted. */
export async function record(
  id: number,
  kind: string,
  body: Record<string, unknown>,
): Promise<void> {
  const answer = await post(`/investments/${id}/events/${kind}`, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

export const trade = (date: string, shares: number) => ({
  date,
  shares,
  share_price: 100,
  fee: 0,
  currency_code: 'DKK',
});

export const dismiss = (id: number | string, body: unknown) =>
  post(`/investments/${id}/suggestions/dismiss`, body);
