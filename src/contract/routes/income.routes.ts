// Dividend income (GET /api/v1/income?year=YYYY): the user's dividends of a calendar year by
// month and by holding, gross, withheld and net, in DKK as the events list them.
import { EARLIEST_DAY } from '../../domain/dates';
import { incomeOf, type DividendIncome } from '../../domain/income';
import { utcDay } from '../../market/zoned-time';
import { json, unprocessableFor, type Route } from '../answers';
import { toEntry } from '../figures/wire';

const EARLIEST_YEAR = Number(EARLIEST_DAY.slice(0, 4));

/** The year asked for, this year when absent; a message in Laravel's words when it is no year. */
function yearOf(value: string | undefined, thisYear: number): number | { problem: string } {
  if (value === undefined || value === '') return thisYear;
  if (!/^\d{1,6}$/.test(value)) return { problem: 'The year field must be an integer.' };
  const year = Number(value);
  return year >= EARLIEST_YEAR && year <= thisYear
    ? year
    : { problem: `The year field must be between ${EARLIEST_YEAR} and ${thisYear}.` };
}

const income: Route = {
  method: 'GET',
  path: '/api/v1/income',
  access: 'auth',
  handle: async (call) => {
    const year = yearOf(call.request.query.year, Number(utcDay(call.now).slice(0, 4)));
    if (typeof year !== 'number') return unprocessableFor({ year: [year.problem] });
    const investments = new Map(
      (await call.store.investments(call.userId)).map((investment) => [investment.id, investment]),
    );
    const rates = await call.rates();
    const dividends = (await call.store.events([...investments.keys()])).flatMap(
      (event): DividendIncome[] => {
        const investment = investments.get(event.investmentId);
        if (event.kind !== 'dividend' || !investment) return [];
        const entry = toEntry(event, rates);
        if (entry.kind !== 'dividend') return [];
        return [
          {
            investmentId: investment.id,
            portfolioId: investment.portfolioId,
            name: investment.name,
            day: utcDay(event.time),
            gross: entry.amount,
            withheld: entry.withholdingTax ?? 0,
          },
        ];
      },
    );
    return json(200, { income: incomeOf(dividends, year) });
  },
};

export function incomeRoutes(): Route[] {
  return [income];
}
