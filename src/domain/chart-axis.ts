// Chart axis rules (product-spec display rules).
import type { ChartPoint } from './types';

const STEP = 10;
const PADDING = 0.05;

/** Outward rounding that never yields -0. */
function floorTo(x: number): number {
  return Math.floor(x / STEP) * STEP || 0;
}
function ceilTo(x: number): number {
  return Math.ceil(x / STEP) * STEP || 0;
}

/**
 * Y domain with 5% padding, rounded outwards to multiples of 10. A flat series is padded by 5%
 * of its value; a flat zero (or no values) is [0, 10].
 */
export function yDomain(values: readonly number[]): [number, number] {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return [0, STEP];
  let min = Infinity;
  let max = -Infinity;
  for (const v of finite) {
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const pad = (max > min ? max - min : Math.abs(max)) * PADDING;
  const low = floorTo(min - pad);
  const high = ceilTo(max + pad);
  return high > low ? [low, high] : [low, low + STEP];
}

/** An empty series is drawn as zero from now to one minute later. */
export function seriesOrEmpty(points: readonly ChartPoint[], now: number): ChartPoint[] {
  if (points.length > 0) return [...points];
  return [
    { time: new Date(now).toISOString(), value: 0 },
    { time: new Date(now + 60_000).toISOString(), value: 0 },
  ];
}
