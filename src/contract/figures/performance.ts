// A request's returns (docs/returns.md): the investments' books and summed values over the
// selected period's span or a calendar year's, as the wire has them.
import { cashBook, cashValuesAt, type CashSource, type DkkRate } from '../../domain/cash';
import { localDay } from '../../domain/dates';
import { holdingsBook, joinBooks, performance, yearStart } from '../../domain/returns';
import type { Performance } from '../../domain/types';
import type { Timeline } from '../../domain/valuation';

const cents = (amount: number) => Math.round(amount * 100) / 100 || 0;

/** The earliest first entry of the timelines, if any has one. */
export function firstTimeOf(timelines: readonly Timeline[]): number | undefined {
  const firsts = timelines.flatMap((t) => (t.firstTime === undefined ? [] : [t.firstTime]));
  return firsts.length > 0 ? Math.min(...firsts) : undefined;
}

/** A calendar year's span: from 1 January to the next, or to `now` for the current year. */
export function yearSpan(year: number, now: number): { from: number; to: number } {
  return { from: yearStart(year), to: Math.min(now, yearStart(year + 1)) };
}

/** A portfolio's cash (issue 38): its cash sources and the rates to value them in DKK. */
export interface CashOfPortfolio {
  sources: readonly CashSource[];
  rate: DkkRate;
}

/**
 * Returns of the timelines together from `from` to `to`. Holdings only: the flows are the buys,
 * sells and dividends (holdingsBook). With `cash`, a portfolio's that keeps it: the flows are its
 * deposits and withdrawals, and its value includes the cash (cashBook).
 */
export function performanceOf(
  timelines: readonly Timeline[],
  from: number,
  to: number,
  cash?: CashOfPortfolio,
): Performance {
  const holdings = joinBooks(timelines.map((timeline) => holdingsBook(timeline.entries)));
  const cashAt = cash && cashValuesAt(cash.sources, cash.rate);
  const result = performance({
    from,
    to,
    book: cash ? cashBook(holdings, cash.sources, cash.rate) : holdings,
    valuesAt: (times) => {
      const sums = cashAt ? cashAt(times) : new Float64Array(times.length);
      for (const timeline of timelines) {
        const values = timeline.valuesAt(times);
        for (let i = 0; i < values.length; i++) sums[i] += values[i];
      }
      return sums;
    },
  });
  return {
    total_return: cents(result.totalReturn),
    dividends: cents(result.dividends),
    withholding_tax: cents(result.withholdingTax),
    fees: cents(result.fees),
    twr: result.twr,
    irr: result.irr,
    annualised: result.annualised,
    from: localDay(new Date(from)),
    // The span's last day: a year's ends at the next one's first midnight.
    to: localDay(new Date(to - 1)),
    monthly: result.monthly,
  };
}
