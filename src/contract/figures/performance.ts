// A request's returns (docs/returns.md): the investments' books and summed values over the
// selected period's span or a calendar year's, as the wire has them.
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

/**
 * Returns of the timelines together from `from` to `to`. Holdings only for now: the flows are
 * the buys, sells and dividends (holdingsBook); a portfolio with cash gives its own book here.
 */
export function performanceOf(
  timelines: readonly Timeline[],
  from: number,
  to: number,
): Performance {
  const result = performance({
    from,
    to,
    book: joinBooks(timelines.map((timeline) => holdingsBook(timeline.entries))),
    valuesAt: (times) => {
      const sums = new Float64Array(times.length);
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
