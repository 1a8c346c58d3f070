// Stored prices as functions of time, for valuation: a listing's closes (each in force from its
// exchange's close), its latest quote and the day's points; the ECB's euro rates as DKK per unit.
// Built once per listing and version, then each lookup is a binary search.
import type { ProviderPricing, RateSource } from '../contract/pricing';
import { doneBy } from '../domain/valuation';
import type { StoredClose } from './ingest';
import type { Day, DecimalText, EuroRate } from './port';
import { utcMidnight, zonedTimesToEpoch } from './zoned-time';

const DAY_MS = 86_400_000;

export interface StoredListingPrices {
  source: 'yahoo' | 'coingecko';
  /** Major units. */
  currency: string;
  timezone: string;
  /**
   * Local `HH:MM` the exchange closes: a close is in force from then. Undefined: from the end of
   * its (UTC) day (crypto).
   */
  close: string | undefined;
  closes: readonly StoredClose[];
  quote?: {
    price: DecimalText;
    time: number;
    day: Day;
    intraday: { time: number; price: DecimalText }[];
  };
}

export function storedPricing(stored: StoredListingPrices): ProviderPricing {
  const days = stored.closes.map((c) => c.day);
  const times =
    stored.close === undefined
      ? days.map((day) => utcMidnight(day) + DAY_MS - 1)
      : zonedTimesToEpoch(days, stored.close, stored.timezone);
  const points: { time: number; price: number; day: Day }[] = stored.closes.map((c, i) => ({
    time: times[i],
    price: Number(c.close),
    day: c.day,
  }));
  const quote = stored.quote;
  if (quote) {
    for (const point of quote.intraday)
      points.push({ time: point.time, price: Number(point.price), day: quote.day });
    points.push({ time: quote.time, price: Number(quote.price), day: quote.day });
  }
  // Equal times: the later pushed (the quote over a close) wins, as the sort is stable.
  points.sort((a, b) => a.time - b.time);
  const starts = Float64Array.from(points, (p) => p.time);
  const prices = Float64Array.from(points, (p) => p.price);
  const at = (time: number) => doneBy(starts, time) - 1;
  return {
    source: stored.source,
    currency: stored.currency,
    dividedBySplits: false,
    price: (time) => {
      const index = at(time);
      return index >= 0 ? prices[index] : NaN;
    },
    madeAt: (time) => {
      const index = at(time);
      return index >= 0 ? starts[index] : NaN;
    },
    dayAt: (time) => {
      const index = at(time);
      return index >= 0 ? points[index].day : '';
    },
  };
}

/**
 * DKK per unit of a currency from the ECB's euro rates, crossed through the euro. A day without
 * a rate (a weekend, a holiday) uses the last earlier one; before a series starts, its first.
 * A currency with no rate at all is NaN: the caller says it cannot be valued.
 */
export function euroRateTable(rates: readonly EuroRate[]): RateSource {
  const series = new Map<string, { starts: Float64Array; perEuro: Float64Array }>();
  const byCurrency = new Map<string, EuroRate[]>();
  for (const rate of rates) {
    const list = byCurrency.get(rate.currency);
    if (list) list.push(rate);
    else byCurrency.set(rate.currency, [rate]);
  }
  for (const [currency, list] of byCurrency) {
    list.sort((a, b) => a.day.localeCompare(b.day));
    series.set(currency, {
      starts: Float64Array.from(list, (r) => utcMidnight(r.day)),
      perEuro: Float64Array.from(list, (r) => Number(r.perEuro)),
    });
  }
  const perEuro = (currency: string, time: number): number => {
    if (currency === 'EUR') return 1;
    const found = series.get(currency);
    if (!found || found.starts.length === 0) return NaN;
    return found.perEuro[Math.max(0, doneBy(found.starts, time) - 1)];
  };
  return (currency, time) =>
    currency === 'DKK' ? 1 : perEuro('DKK', time) / perEuro(currency, time);
}
