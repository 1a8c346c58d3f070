// CONTRACT STUB (lead): signatures are fixed; the domain helper implements the bodies.
import type { ChartPoint } from './types';

/** Y domain with 5% padding, rounded outwards to multiples of 10. */
export function yDomain(_values: readonly number[]): [number, number] {
  throw new Error('not implemented');
}

/** An empty series is drawn as zero from now to one minute later. */
export function seriesOrEmpty(_points: readonly ChartPoint[], _now: number): ChartPoint[] {
  throw new Error('not implemented');
}
