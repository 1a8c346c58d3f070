// CONTRACT STUB (lead): signatures are fixed; the domain helper implements the bodies.
import type { ChartPoint, Period, Positions, ValueChange } from './types';
import type { LedgerEntry } from './ledger';

/** An investment's entries with its DKK price per share at any time. */
export interface PricedHolding {
  entries: readonly LedgerEntry[];
  priceAt: (time: number) => number;
}

/** Valuation of one investment, portfolio or user over a period. */
export interface Figures extends ValueChange {
  positions: Positions;
  /** The ratio's denominator: value at t0 plus the cost of buys in the period. */
  base: number;
}

/** t0 of a period (decisions.md section 2). Forever: just before the first entry, or now. */
export function periodStart(_period: Period, _now: number, _firstEntryTime?: number): number {
  throw new Error('not implemented');
}

export function valueHolding(_holding: PricedHolding, _period: Period, _now: number): Figures {
  throw new Error('not implemented');
}

/** Sums figures; the ratio comes from the summed change and base. Order does not matter. */
export function sumFigures(_figures: readonly Figures[]): Figures {
  throw new Error('not implemented');
}

/** Sample times (epoch ms) from t0 to now at the decided resolution, oldest first, <= ~500. */
export function chartTimes(_period: Period, _now: number, _firstEntryTime?: number): number[] {
  throw new Error('not implemented');
}

/** Holding value at each time. */
export function valueSeries(_holding: PricedHolding, _times: readonly number[]): ChartPoint[] {
  throw new Error('not implemented');
}

/** Pointwise sum of series sampled at the same times. */
export function sumSeries(
  _series: readonly ChartPoint[][],
  _times: readonly number[],
): ChartPoint[] {
  throw new Error('not implemented');
}
