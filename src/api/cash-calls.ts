// A portfolio's cash (issue 38): its account (balances and entries), a new deposit, withdrawal,
// interest or fee, an entry's deletion, and the switch. Only the portfolio screen makes them, so
// api.ts loads this module at the first of them (the start-up budget), as it does the report calls.
import type * as v from 'valibot';
import { cashAccount, cashEvent, portfolio } from '../domain/wire/schemas';
import type { CashKind } from '../domain/kinds';
import type { Id, Portfolio } from '../domain/types';
import { field } from './decode';
import type { Http, SendOptions } from './http';

export type CashAccount = v.InferOutput<typeof cashAccount>;
export type CashEntry = v.InferOutput<typeof cashEvent>;

export interface CashEntryPayload {
  type: CashKind;
  amount: number;
  currency_code: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** Cash on, with the balance it starts from (booked as a deposit when above 0), or off. */
export type CashSwitch =
  | { cash: true; opening_balance: { amount: number; currency_code: string; date?: string } }
  | { cash: false };

export interface CashCalls {
  getCash(portfolioId: Id): Promise<CashAccount>;
  addCashEntry(
    portfolioId: Id,
    payload: CashEntryPayload,
    options?: SendOptions,
  ): Promise<CashEntry>;
  deleteCashEntry(entryId: Id): Promise<void>;
  switchCash(portfolioId: Id, payload: CashSwitch): Promise<Portfolio>;
}

const portfolioPath = (id: Id) => `/portfolios/${encodeURIComponent(id)}`;

export function createCashCalls(http: Http): CashCalls {
  return {
    getCash: async (portfolioId) =>
      field(await http.request('GET', `${portfolioPath(portfolioId)}/cash`), 'cash', cashAccount),
    addCashEntry: async (portfolioId, payload, options) =>
      field(
        await http.request('POST', `${portfolioPath(portfolioId)}/cash`, {
          body: payload,
          headers: options?.idempotencyKey ? { 'Idempotency-Key': options.idempotencyKey } : {},
        }),
        'data',
        cashEvent,
      ),
    deleteCashEntry: async (entryId) => {
      await http.request('DELETE', `/portfolios/cash/${encodeURIComponent(entryId)}`);
    },
    switchCash: async (portfolioId, payload) =>
      field(
        await http.request('PATCH', portfolioPath(portfolioId), { body: payload }),
        'data',
        portfolio,
      ),
  };
}
