// The ledger as the year report reads it (issue 39): amounts in big.js rounded to cents at the
// end, calendar years in UTC, events per investment in time order, trades for the average method.
import Big from 'big.js';
import type { TaxTrade } from '../../domain/tax';
import { toEntry } from '../figures';
import type { RateSource } from '../market/pricing';
import type { EventRow } from '../store';

export const ZERO = new Big(0);
/** Cents, from big.js or Exact (the average method's). */
export const dkk = (amount: { toFixed(places: number): string }) => Number(amount.toFixed(2));
export const sum = (amounts: readonly Big[]) => amounts.reduce((a, b) => a.plus(b), ZERO);
export const yearStart = (year: number) => Date.UTC(year, 0, 1);
/** The last instant of a year: its 31 December's close is the price then. */
export const yearEnd = (year: number) => yearStart(year + 1) - 1;
export const inYear = (time: number, year: number) =>
  time >= yearStart(year) && time < yearStart(year + 1);

/** The tax withheld on a dividend, in its currency: the `income` work's field, 0 without it. */
export function withheldOf(event: EventRow): number {
  return 'withholdingTax' in event && typeof event.withholdingTax === 'number'
    ? event.withholdingTax
    : 0;
}

export function groupEvents(events: readonly EventRow[]): Map<number, EventRow[]> {
  const groups = new Map<number, EventRow[]>();
  for (const event of events) {
    const list = groups.get(event.investmentId);
    if (list) list.push(event);
    else groups.set(event.investmentId, [event]);
  }
  // In time order; equal times in the order entered.
  for (const list of groups.values()) list.sort((a, b) => a.time - b.time || a.id - b.id);
  return groups;
}

export function tradesOf(events: readonly EventRow[], rate: RateSource): TaxTrade[] {
  return events.flatMap((event): TaxTrade[] => {
    const entry = toEntry(event, rate);
    const ids = { eventId: event.id, investmentId: event.investmentId, time: event.time };
    switch (entry.kind) {
      case 'buy':
      case 'sell':
        return [
          { ...ids, kind: entry.kind, shares: entry.shares, price: entry.price, fee: entry.fee },
        ];
      case 'split':
        return [
          {
            ...ids,
            kind: 'split',
            sharesAfter: entry.sharesAfter,
            soldShares: entry.soldShares,
            soldPrice: entry.soldPrice,
            fee: entry.fee,
          },
        ];
      case 'dividend':
        return [];
    }
  });
}

/** Shares held just after `time`. */
export function sharesAt(events: readonly EventRow[], time: number): number {
  let shares = new Big(0);
  for (const event of events) {
    if (event.time > time) break;
    if (event.kind === 'buy') shares = shares.plus(event.shares);
    else if (event.kind === 'sell') shares = shares.minus(event.shares);
    else if (event.kind === 'split') shares = new Big(event.sharesAfter);
  }
  return Number(shares.toString());
}
