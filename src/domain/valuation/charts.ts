// A chart's times over a period and the holdings' value at each.
import { tidy } from '../ledger';
import type { ChartPoint, Period } from '../types';
import { DAY, HOUR, MINUTE, periodStart } from './figures';
import { Timeline, type PricedHolding } from './timeline';

/** Forever charts switch from daily to weekly points beyond this span. */
const TWO_YEARS = 730 * DAY;
/** Charts are coarsened to stay within this many points. */
export const MAX_CHART_POINTS = 500;

/** Texts of chart times: between a chart's ends they are the same request after request. */
const isoTexts = new Map<number, string>();

/** `time` as an ISO text, kept (a chart's two lines cost 0.2 ms each making them anew). */
export function isoTime(time: number): string {
  let text = isoTexts.get(time);
  if (text === undefined) {
    // The ends move every request: the kept texts are dropped now and then.
    if (isoTexts.size >= 4 * MAX_CHART_POINTS) isoTexts.clear();
    text = new Date(time).toISOString();
    isoTexts.set(time, text);
  }
  return text;
}

function baseStep(period: Period, span: number): number {
  switch (period) {
    case 'Day':
      return 5 * MINUTE;
    case 'Week':
      return HOUR;
    case 'Month':
      return 6 * HOUR;
    case 'Year':
      return DAY;
    case 'Forever':
      return span > TWO_YEARS ? 7 * DAY : DAY;
  }
}

/**
 * Sample times (epoch ms) from t0 to now at the decided resolution, oldest first, <= ~500.
 * Between the two ends, points sit on whole multiples of the step since the epoch, so the same
 * times come back request after request and their prices can be kept.
 */
export function chartTimes(
  period: Period,
  now: number,
  firstEntryTime?: number,
  from?: number,
): number[] {
  const t0 = from ?? periodStart(period, now, firstEntryTime);
  const span = now - t0;
  if (span <= 0) return [now];
  let step = baseStep(period, span);
  // Up to one point per step in between, and the two ends.
  const between = MAX_CHART_POINTS - 2;
  const intervals = Math.ceil(span / step);
  if (intervals > between) step *= Math.ceil(intervals / between);
  const times = [t0];
  for (let t = (Math.floor(t0 / step) + 1) * step; t < now; t += step) times.push(t);
  times.push(now);
  return times;
}

/** Holding value at each of the ascending `times`. */
export function valueSeries(holding: PricedHolding, times: readonly number[]): ChartPoint[] {
  return chartOf([holding], times);
}

/**
 * The holdings' summed value at each of the ascending `times`, a chart's points. The points
 * between the ends come from each timeline's kept grid values.
 */
export function chartOf(
  holdings: readonly PricedHolding[],
  times: readonly number[],
): ChartPoint[] {
  const totals = new Float64Array(times.length);
  const last = times.length - 1;
  const grid = times.slice(1, -1);
  for (const holding of holdings) {
    if (last < 0) break;
    const timeline = Timeline.of(holding);
    totals[0] += timeline.valueAt(times[0]);
    const inner = timeline.gridValues(grid);
    for (let i = 0; i < inner.length; i++) totals[i + 1] += inner[i];
    if (last > 0) totals[last] += timeline.valueAt(times[last]);
  }
  return times.map((time, index) => ({
    time: isoTime(time),
    value: tidy(totals[index]),
  }));
}
