// A portfolio's cash (issue 38): its balances and cash events, a new deposit, withdrawal,
// interest or fee, and deleting one. Another user's ids are unknown (404).
import {
  json,
  noContent,
  notFound,
  owned,
  unprocessable,
  unprocessableFor,
  validateOnly,
  type Answer,
  type Call,
  type Route,
} from '../answers';
import { cashOf, wireCash, wireCashEvent } from '../cash';
import { eventTimeOf } from '../events';
import { readRequest } from '../read-request';
import type { PortfolioRow } from '../store';
import { cashEventInput } from '../../domain/wire/requests';

/** Why a cash event is refused for a portfolio without cash: the switch comes first. */
export const CASH_OFF = 'The portfolio does not keep cash: switch cash on first.';

const ownedPortfolio = (call: Call, answer: (row: PortfolioRow) => Promise<Answer>) =>
  owned(call, 'Portfolio', call.store.portfolios(call.userId), answer);

export function cashRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/portfolios/{id}/cash',
      access: 'auth',
      handle: (call) =>
        ownedPortfolio(call, async (row) => {
          const investments = await call.store.investments(call.userId);
          const figures = await cashOf(
            call.store,
            [row],
            investments,
            await call.rates(),
            call.now,
          );
          const cash = figures.get(row.id) ?? { balances: [], value: 0 };
          const events = await call.store.cashEvents([row.id]);
          return json(200, {
            cash: {
              enabled: row.cash ?? false,
              ...wireCash(cash),
              events: events.reverse().map(wireCashEvent),
            },
          });
        }),
    },
    {
      method: 'POST',
      path: '/api/v1/portfolios/{id}/cash',
      access: 'auth',
      handle: (call) =>
        ownedPortfolio(call, async (row) => {
          const read = readRequest(cashEventInput, call.body);
          const time = eventTimeOf(read, 'date', call.now, call.now);
          if (!read.value || time === undefined) return unprocessable(read.errors);
          if (!row.cash) return unprocessableFor({ cash: [CASH_OFF] });
          if (validateOnly(call)) return json(200, { data: null });
          const { type, amount, currency_code } = read.value;
          const event = await call.store.addCashEvent({
            portfolioId: row.id,
            kind: type,
            time,
            currency: currency_code,
            amount,
          });
          call.saved();
          return json(201, { data: wireCashEvent(event) });
        }),
    },
    {
      method: 'DELETE',
      path: '/api/v1/portfolios/cash/{id}',
      access: 'auth',
      handle: async (call) => {
        const id = call.id();
        const portfolios = (await call.store.portfolios(call.userId)).map((p) => p.id);
        const event = (await call.store.cashEvents(portfolios)).find((e) => e.id === id);
        if (!event) return notFound('CashEvent', call.rawId);
        await call.store.deleteCashEvent(event.id);
        return noContent();
      },
    },
  ];
}
