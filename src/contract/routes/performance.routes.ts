// Returns of the user, a portfolio or an investment (docs/returns.md): over the selected period,
// or a calendar year with `?year=YYYY`. Another user's id is unknown (404).
import { json, owned, unprocessable, type Answer, type Call, type Route } from '../answers';
import { cashSources } from '../cash';
import type { InvestmentRow, PortfolioRow } from '../store';
import { MESSAGES, messageFor, yearQuery } from '../../domain/wire/requests';
import { readRequest } from '../read-request';
import { benchmarkReturns, valuedWithBenchmark } from '../benchmark';

/**
 * The performance of `investments` over the request's span, or 422 for a bad `year`; those of
 * `portfolios` that keep cash with their cash, its deposits and withdrawals as the flows.
 */
async function answer(
  call: Call,
  investments: readonly InvestmentRow[],
  portfolios: readonly PortfolioRow[] = [],
): Promise<Answer> {
  const read = readRequest(yearQuery, call.request.query);
  const year = read.value?.year ?? undefined;
  const thisYear = new Date(call.now).getFullYear();
  if (year !== undefined && year > thisYear)
    read.errors.add('year', messageFor(MESSAGES.atMost(thisYear), 'year'));
  if (!read.value || read.errors.failed) return unprocessable(read.errors);
  const { figures, benchmark } = await valuedWithBenchmark(call, investments);
  const cash = await cashSources(call, figures, portfolios, investments);
  const returns = benchmarkReturns(call, figures, benchmark, investments, year, cash);
  return json(200, {
    performance: {
      ...figures.performance(investments, year, cash),
      ...(returns && { benchmark: returns }),
    },
  });
}

export function performanceRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/user/performance',
      access: 'auth',
      handle: async (call) =>
        answer(
          call,
          await call.store.investments(call.userId),
          await call.store.portfolios(call.userId),
        ),
    },
    {
      method: 'GET',
      path: '/api/v1/portfolios/{id}/performance',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        return owned(call, 'Portfolio', call.store.portfolios(call.userId), (row) =>
          answer(
            call,
            investments.filter((i) => i.portfolioId === row.id),
            [row],
          ),
        );
      },
    },
    {
      method: 'GET',
      path: '/api/v1/investments/{id}/performance',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        return owned(call, 'Investment', Promise.resolve(investments), (row) =>
          answer(call, [row]),
        );
      },
    },
  ];
}
