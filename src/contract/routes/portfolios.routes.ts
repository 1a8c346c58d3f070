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
import { cashSources, keptCash, withCash } from '../cash';
import { eventTimeOf } from '../events';
import type { PortfolioRow } from '../store';
import { portfolioInput, portfolioUpdate } from '../../domain/wire/requests';
import { readRequest } from '../read-request';
import { benchmarkChart, valuedWithBenchmark } from '../benchmark';
import { isRecord } from '../validation';

/** The portfolio `{id}` of the user, or Laravel's 404 for anything else. */
const ownedPortfolio = (call: Call, answer: (row: PortfolioRow) => Promise<Answer>) =>
  owned(call, 'Portfolio', call.store.portfolios(call.userId), answer);

async function entity(call: Call, row: PortfolioRow) {
  const investments = await call.store.investments(call.userId);
  const held = investments.filter((i) => i.portfolioId === row.id);
  const cash = await keptCash(call, [row], held);
  return withCash((await call.valuer(held)).portfolio(row, held), cash.get(row.id));
}

/**
 * PATCH with `cash`: switches it, booking a positive opening balance as a deposit when it comes
 * on (on the day given, else the day of the portfolio's first event, else now), and renames
 * when `name` is given too.
 */
async function updateCash(call: Call, row: PortfolioRow): Promise<Answer> {
  const read = readRequest(portfolioUpdate, call.body);
  const time = eventTimeOf(read, 'opening_balance.date', call.now, call.now);
  if (!read.value || time === undefined) return unprocessable(read.errors);
  const { name, cash, opening_balance: opening } = read.value;
  // Read before the switch: the demo's store hands out its rows themselves.
  const wasOn = row.cash ?? false;
  // One transaction: a rename, the switch and the opening deposit all land or none.
  await call.store.transaction([row.id], async (store) => {
    if (name !== undefined) await store.renamePortfolio(row.id, name);
    if (cash !== wasOn) await store.setCash(row.id, cash);
    if (!cash || wasOn || !opening || opening.amount <= 0) return;
    const held = (await store.investments(call.userId)).filter((i) => i.portfolioId === row.id);
    const times = (await store.events(held.map((i) => i.id))).map((e) => e.time);
    await store.addCashEvent({
      portfolioId: row.id,
      kind: 'deposit',
      time: opening.date != null || times.length === 0 ? time : Math.min(...times),
      currency: opening.currency_code,
      amount: opening.amount,
    });
  });
  return json(200, { data: await entity(call, { ...row, name: name ?? row.name, cash }) });
}

const heldIn = async (call: Call, row: PortfolioRow) =>
  (await call.store.investments(call.userId)).filter((i) => i.portfolioId === row.id);

async function heldBy(call: Call, row: PortfolioRow) {
  const held = await heldIn(call, row);
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
        const cash = await keptCash(call, portfolios, investments);
        return json(200, {
          portfolios: portfolios.map((p) =>
            withCash(figures.portfolio(p, investments), cash.get(p.id)),
          ),
        });
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
          if (isRecord(call.body) && 'cash' in call.body) return updateCash(call, row);
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
          const held = await heldIn(call, row);
          const { figures, benchmark } = await valuedWithBenchmark(call, held);
          const cash = await cashSources(call, figures, [row], held);
          const line = benchmarkChart(call, figures, benchmark, held, cash);
          return json(200, { ...figures.chart(held, cash), ...(line && { benchmark: line }) });
        }),
    },
  ];
}
