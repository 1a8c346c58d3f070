// Portfolios of the logged-in user; another user's id is unknown (404).
import { investmentsOf, nextId, portfoliosOf, type PortfolioRow } from '../db';
import {
  json,
  notFound,
  unprocessable,
  validateOnly,
  valuer,
  type Call,
  type Route,
} from '../http';
import { Validator } from '../validation';

function owned(call: Call): PortfolioRow | undefined {
  const id = call.id();
  return portfoliosOf(call.backend.tables, call.userId).find((p) => p.id === id);
}

function entity(call: Call, row: PortfolioRow) {
  return valuer(call).portfolio(row, investmentsOf(call.backend.tables, call.userId));
}

export function portfolioRoutes(): Route[] {
  return [
    {
      method: 'get',
      path: '/api/v1/portfolios',
      access: 'auth',
      handle: (call) => {
        const investments = investmentsOf(call.backend.tables, call.userId);
        const figures = valuer(call);
        return json(200, {
          portfolios: portfoliosOf(call.backend.tables, call.userId).map((p) =>
            figures.portfolio(p, investments),
          ),
        });
      },
    },
    {
      method: 'post',
      path: '/api/v1/portfolios',
      access: 'auth',
      handle: (call) => {
        const v = new Validator(call.body);
        const name = v.text('name');
        if (v.failed || name === undefined) return unprocessable(v);
        if (validateOnly(call)) return json(200, { data: null });
        const row = { id: nextId(call.backend.tables), userId: call.userId, name };
        call.backend.tables.portfolios.push(row);
        call.backend.changed();
        return json(201, { data: entity(call, row) });
      },
    },
    {
      method: 'patch',
      path: '/api/v1/portfolios/:id',
      access: 'auth',
      handle: (call) => {
        const row = owned(call);
        if (!row) return notFound('Portfolio', call.request.params.id);
        const v = new Validator(call.body);
        const name = v.text('name');
        if (v.failed || name === undefined) return unprocessable(v);
        row.name = name;
        call.backend.changed();
        return json(200, { data: entity(call, row) });
      },
    },
    {
      method: 'get',
      path: '/api/v1/portfolios/:id/stats',
      access: 'auth',
      handle: (call) => {
        const row = owned(call);
        if (!row) return notFound('Portfolio', call.request.params.id);
        const held = investmentsOf(call.backend.tables, call.userId).filter(
          (i) => i.portfolioId === row.id,
        );
        return json(200, { statistics: valuer(call).statistics(held) });
      },
    },
    {
      method: 'get',
      path: '/api/v1/portfolios/:id/chart',
      access: 'auth',
      handle: (call) => {
        const row = owned(call);
        if (!row) return notFound('Portfolio', call.request.params.id);
        const held = investmentsOf(call.backend.tables, call.userId).filter(
          (i) => i.portfolioId === row.id,
        );
        return json(200, { chart: valuer(call).chart(held) });
      },
    },
  ];
}
