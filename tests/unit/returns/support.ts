// Ledgers and prices the returns' tests share: local times, a taxed dividend, a stepping price
// and one holding's performance.
import type { LedgerEntry } from '../../../src/domain/ledger';
import { holdingsBook, performance } from '../../../src/domain/returns';
import { splitAdjustedPrice, Timeline } from '../../../src/domain/valuation';

/** Local time, so calendar days are what the user's clock shows. */
export const local = (y: number, m: number, d: number, h = 12) =>
  new Date(y, m - 1, d, h).getTime();
export const midnight = (y: number, m: number, d: number) => local(y, m, d, 0);

/** A dividend with the tax withheld of it, as the income part records it. */
export const taxedDividend = (
  time: number,
  amount: number,
  withholdingTax: number,
): LedgerEntry => ({
  kind: 'dividend',
  time,
  amount,
  withholdingTax,
});

/** A holding's performance from its entries and a DKK market price (pre-split basis) by time. */
export function holding(
  entries: readonly LedgerEntry[],
  price: (time: number) => number,
  from: number,
  to: number,
) {
  const timeline = new Timeline({
    entries: entries,
    priceAt: splitAdjustedPrice(entries, price),
  });
  return performance({
    from,
    to,
    book: holdingsBook(entries),
    valuesAt: (times) => timeline.valuesAt(times),
  });
}

/** A price that steps to each given value from the start of its day on. */
export const stepping =
  (...points: [number, number][]) =>
  (time: number) =>
    points.filter(([at]) => at <= time).at(-1)?.[1] ?? points[0][1];
