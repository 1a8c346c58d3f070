// An investment as the prices tests read it, on a fresh portfolio, at a fixed price or the market's.
import type { PriceSource } from '../../../src/mock-server';
import { createHolding, get, post, registerFresh, send, startServer } from '../support';

/** NOW's UTC day. */
export const TODAY = '2026-11-02';
/** Novo's price in DKK, its listing currency, wherever a test does not fix another. */
export const PRICE = 120;

export const del = (path: string) => send('DELETE', path);

export interface WireInvestment {
  id: number;
  value: number;
  quote?: unknown;
}

export async function investment(id: number): Promise<WireInvestment> {
  const { investments } = (await get('/investments')).body as { investments: WireInvestment[] };
  const found = investments.find((i) => i.id === id);
  if (!found) throw new Error(`investment ${id} is not listed`);
  return found;
}

/** A fresh user holding 10 Novo bought at 100 DKK, on a market that prices Novo by `prices`. */
export async function novo(prices: PriceSource = () => PRICE): Promise<number> {
  startServer({ prices });
  await registerFresh();
  return (await createHolding()).investmentId;
}

export const apple = (portfolioId: number, instrument: Record<string, unknown> = {}) => ({
  investment: { portfolio_id: portfolioId, name: 'Apple' },
  instrument: { type: 'stock', isin: 'US0378331005', ...instrument },
  buy_event: { shares: 3, share_price: 190.5, fee: 1, currency_code: 'USD' },
});

export async function freshPortfolio(): Promise<number> {
  await registerFresh();
  return (await post('/portfolios', { name: 'Tech' })).body.data.id as number;
}
