// Portfolios of the logged-in user; another user's id is unknown (404).
import {
  json,
  noContent,
  owned,
  unprocessable,
  validateOnly,
  type Answer,
  type Call,
  type Route,
} from '../answers';
import type { PortfolioRow } from '../store';
import { portfolioInput } from '../../domain/requests';
import { readRequest } from '../read-request';
import { benchmarkChart } from '../benchmark';

/** The portfolio `{id}` of the user, or Laravel's 404 for anything else. */
const ownedPortfolio = (call: Call, answer: (row: PortfolioRow) => Promise<Answer>) =>
  owned(call, 'Portfolio', call.store.portfolios(call.userId), answer);

async function entity(call: Call, row: PortfolioRow) {
  const investments = await call.store.investments(call.userId);
  const held = investments.filter((i) => i.portfolioId === row.id);
  return (await call.valuer(held)).portfolio(row, held);
}

async function heldBy(call: Call, row: PortfolioRow) {
  const held = (await call.store.investments(call.userId)).filter((i) => i.portfolioId === row.id);
  return { held, figures: await call.valuer(held) };
}

export function portfolioRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/portfolios',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        const figures = await call.valuer(investments);
        const portfolios = await call.store.portfolios(call.userId);
        return json(200, { portfolios: portfolios.map((p) => figures.portfolio(p, investments)) });
      },
    },
    {
      method: 'POST',
      path: '/api/v1/portfolios',
      access: 'auth',
      handle: async (call) => {
        const { value: body, errors } = readRequest(portfolioInput, call.body);
        if (!body) return unprocessable(errors);
        const { name, kind = 'free' } = body;
        if (validateOnly(call)) return json(200, { data: null });
        const row = await call.store.createPortfolio({ userId: call.userId, name, kind });
        call.saved();
        return json(201, { data: await entity(call, row) });
      },
    },
    {
      method: 'PATCH',
      path: '/api/v1/portfolios/{id}',
      access: 'auth',
      handle: (call) =>
        ownedPortfolio(call, async (row) => {
          const { value: body, errors } = readRequest(portfolioInput, call.body);
          if (!body) return unprocessable(errors);
          const { name, kind = row.kind } = body;
          await call.store.renamePortfolio(row.id, name);
          // Kept as it was when the update does not name one.
          if (kind && kind !== row.kind) await call.store.setPortfolioKind(row.id, kind);
          return json(200, { data: await entity(call, { ...row, name, kind }) });
        }),
    },
    {
      method: 'DELETE',
      path: '/api/v1/portfolios/{id}',
      access: 'auth',
      handle: (call) =>
        ownedPortfolio(call, async (row) => {
          await call.store.deletePortfolio(row.id);
          return noContent();
        }),
    },
    {
      method: 'GET',
      path: '/api/v1/portfolios/{id}/stats',
      access: 'auth',
      handle: (call) =>
        ownedPortfolio(call, async (row) => {
          const { held, figures } = await heldBy(call, row);
          return json(200, { statistics: figures.statistics(held) });
        }),
    },
    {
      method: 'GET',
      path: '/api/v1/portfolios/{id}/chart',
      access: 'auth',
      handle: (call) =>
        ownedPortfolio(call, async (row) => {
          const { held, figures } = await heldBy(call, row);
          const benchmark = await benchmarkChart(call, figures, held);
          return json(200, { ...figures.chart(held), ...(benchmark && { benchmark }) });
        }),
    },
  ];
}
