// Stored prices as functions of time, for valuation: a listing's closes (each in force from its
// exchange's close), its latest quote and the day's points; the ECB's euro rates as DKK per unit.
// Built once per listing and version, into typed arrays (no zone computation per close); a
// single lookup is a binary search, a run of ascending times walks the steps (`steps`, `fill`).
import {
  stepMadeAt,
  stepPrice,
  type Fill,
  type ProviderPricing,
  type RateSource,
} from '../contract/market/pricing';
import { doneBy, StepCursor } from '../domain/valuation';
import type { CloseSeries } from './close-series';
import type { Day, DecimalText, EuroRate } from './port';
import { closingInstants, dayNumber, dayOfNumber } from './zoned-time';

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
  closes: CloseSeries;
  quote?: {
    price: DecimalText;
    time: number;
    day: Day;
    intraday: { time: number; price: DecimalText }[];
  };
}

export function storedPricing(stored: StoredListingPrices): ProviderPricing {
  const { closes, quote } = stored;
  const closed = closes.days.length;
  const extra = quote ? quote.intraday.length + 1 : 0;
  const count = closed + extra;
  const times = new Float64Array(count);
  const values = new Float64Array(count);
  const days = new Int32Array(count);
  const instant =
    stored.close === undefined
      ? (day: number) => (day + 1) * DAY_MS - 1
      : closingInstants(stored.close, stored.timezone);
  days.set(closes.days);
  values.set(closes.values);
  for (let i = 0; i < closed; i++) times[i] = instant(days[i]);
  if (quote) {
    const day = dayNumber(quote.day);
    let i = closed;
    for (const point of [...quote.intraday, quote]) {
      days[i] = day;
      times[i] = point.time;
      values[i] = Number(point.price);
      i++;
    }
  }
  const { starts, prices, pointDays } = inTimeOrder(times, values, days, closed);
  const steps = { starts, prices };
  return {
    source: stored.source,
    currency: stored.currency,
    dividedBySplits: false,
    steps,
    price: (time) => stepPrice(steps, doneBy(starts, time)),
    madeAt: (time) => stepMadeAt(steps, doneBy(starts, time)),
    dayAt: (time) => {
      const index = doneBy(starts, time) - 1;
      return index >= 0 ? dayOfNumber(pointDays[index]) : '';
    },
    // The point in force changes only at the next start: the first one after `time`.
    nextChange: (time) => {
      const next = doneBy(starts, time);
      return next < starts.length ? starts[next] : Infinity;
    },
  };
}

/**
 * The points sorted by time, equal times in the order given (the quote after a close: it wins).
 * The closes (the first `closed`) come in day order and the quote's points after them, so most
 * are in order already, and the rest are two runs in order (the day's points before its close).
 */
function inTimeOrder(times: Float64Array, values: Float64Array, days: Int32Array, closed: number) {
  const ascending = (from: number, to: number) => {
    for (let i = from + 1; i < to; i++) if (!(times[i - 1] <= times[i])) return false;
    return true;
  };
  if (ascending(0, times.length)) return { starts: times, prices: values, pointDays: days };
  // Array.prototype.sort is stable; merging two runs in order gives the same order.
  const order =
    ascending(0, closed) && ascending(closed, times.length)
      ? merged(times, closed)
      : Array.from(times.keys()).sort((a, b) => times[a] - times[b]);
  // Plain loops: `from` with a map took twice as long in a fresh process (a cold home).
  const starts = new Float64Array(order.length);
  const prices = new Float64Array(order.length);
  const pointDays = new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const from = order[i];
    starts[i] = times[from];
    prices[i] = values[from];
    pointDays[i] = days[from];
  }
  return { starts, prices, pointDays };
}

/** The indices of two runs in time order, [0, split) and [split, end), merged; ties: the first. */
function merged(times: Float64Array, split: number): Int32Array {
  const order = new Int32Array(times.length);
  let a = 0;
  let b = split;
  for (let i = 0; i < order.length; i++)
    order[i] = b >= times.length || (a < split && times[a] <= times[b]) ? a++ : b++;
  return order;
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
    // Mostly in day order already (as stored); days as text sort as they fall.
    if (list.some((r, i) => i > 0 && list[i - 1].day > r.day))
      list.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
    const starts = new Float64Array(list.length);
    const perEuro = new Float64Array(list.length);
    list.forEach((rate, i) => {
      starts[i] = dayNumber(rate.day) * DAY_MS;
      perEuro[i] = Number(rate.perEuro);
    });
    series.set(currency, { starts, perEuro });
  }
  /** The rate in force once `done` of a series' days have begun; before the first, the first. */
  const inForce = (found: { perEuro: Float64Array }, done: number) =>
    found.perEuro[Math.max(0, done - 1)];
  // The single lookup as it was: the replay asks one per event, in a process still cold.
  const perEuro = (currency: string, time: number): number => {
    if (currency === 'EUR') return 1;
    const found = series.get(currency);
    if (!found || found.starts.length === 0) return NaN;
    return inForce(found, doneBy(found.starts, time));
  };
  /** `perEuro` at each of the ascending times (`Fill`), walked. */
  const perEuroAt: Fill<[currency: string]> = (currency, times, from, to, into) => {
    const found = series.get(currency);
    // The euro's own and a currency with no rates do not move.
    if (currency === 'EUR' || !found || found.starts.length === 0)
      into.fill(perEuro(currency, 0), from, to);
    else {
      const cursor = new StepCursor(found.starts);
      for (let i = from; i < to; i++) into[i] = inForce(found, cursor.doneBy(times[i]));
    }
  };
  // Both cross through the euro: DKK per euro over the currency's per euro.
  const rate = (currency: string, time: number) =>
    currency === 'DKK' ? 1 : perEuro('DKK', time) / perEuro(currency, time);
  const fill: Fill<[currency: string]> = (currency, times, from, to, into) => {
    if (currency === 'DKK') {
      into.fill(1, from, to);
      return;
    }
    const other = new Float64Array(to);
    perEuroAt('DKK', times, from, to, into);
    perEuroAt(currency, times, from, to, other);
    for (let i = from; i < to; i++) into[i] /= other[i];
  };
  return Object.assign(rate, { fill });
}
