// Formue's own export as import rows: a JSON export imports into another account (or back) with
// every event as entered, its portfolio by name and the exported event's id as the row's id, so
// importing the same export twice finds only duplicates.
import type { FormueExport, ImportRow } from './rows';

/** Events in the export's order, then typed prices; `line` counts them from 1. */
export function rowsOfExport(data: FormueExport): ImportRow[] {
  const portfolios = new Map(data.portfolios.map((p) => [p.id, p.name]));
  const investments = new Map(data.investments.map((i) => [i.id, i]));
  const where = (investmentId: number) => {
    const investment = investments.get(investmentId);
    return {
      instrument: investment
        ? { isin: investment.isin, name: investment.name, type: investment.type }
        : { name: '' },
      ...(investment && { portfolio: portfolios.get(investment.portfolio_id) }),
    };
  };
  const events = data.events.map(
    ({ id, investment_id: investmentId, ...event }, index): ImportRow => ({
      ...event,
      line: index + 1,
      external_id: String(id),
      ...where(investmentId),
    }),
  );
  const prices = data.prices.map((price, index): ImportRow => ({
    line: events.length + index + 1,
    kind: 'price',
    date: price.date,
    share_price: price.price,
    currency_code: price.currency_code,
    ...where(price.investment_id),
  }));
  return [...events, ...prices];
}
