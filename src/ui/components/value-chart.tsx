import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { scaleLinear } from 'd3-scale';
import { area, line } from 'd3-shape';
import type { ChartPoint } from '../../domain/types';
import { seriesOrEmpty, yDomain } from '../../domain/chart-axis';
import { AMOUNT_MASK } from '../../domain/numbers';
import { useFormatters } from './format-context';
import { Skeleton } from './states';

/** Drawn at its measured width, so labels keep their font size on any screen. */
const DEFAULT_WIDTH = 360;
const MARGIN = { top: 8, right: 8, bottom: 22, left: 48 };

export interface ValueChartProps {
  points: readonly ChartPoint[];
  /** What the chart shows, for its accessible name ("Value chart, Day"). */
  description: string;
  /** Epoch ms; the empty series is drawn from here. */
  now: number;
}

export interface ChartSize {
  width: number;
  height: number;
}

const ASPECT = 2;
const MIN_HEIGHT = 160;
const MAX_HEIGHT = 240;

/** Half as tall as wide, within limits that keep a phone chart readable and a desktop one calm. */
export function chartSize(width: number): ChartSize {
  return { width, height: Math.round(Math.min(MAX_HEIGHT, Math.max(MIN_HEIGHT, width / ASPECT))) };
}

interface Geometry {
  line: string;
  area: string;
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string; anchor: 'start' | 'end' }[];
}

const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

/**
 * Ends of the x axis, precise enough to differ: a Day chart's ends are 24 hours apart, so they
 * need the weekday; a Year chart's are a year apart, so they need the year.
 */
export function timeLabel(time: Date, spanMs: number): string {
  if (spanMs <= 6 * HOUR)
    return time.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (spanMs <= 2 * DAY) {
    return time.toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit' });
  }
  if (spanMs <= 60 * DAY)
    return time.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return time.toLocaleDateString(undefined, { month: 'short', year: 'numeric' });
}

/** d3 computes the scales and path strings; React draws them. */
export function chartGeometry(
  points: readonly ChartPoint[],
  now: number,
  { width, height }: ChartSize = chartSize(DEFAULT_WIDTH),
): Geometry {
  // Epoch ms on a linear scale: scaleTime would pull d3-time and d3-time-format into the bundle.
  const series = seriesOrEmpty(points, now).map((p) => ({ t: Date.parse(p.time), v: p.value }));
  const first = series[0].t;
  const last = series[series.length - 1].t;
  const x = scaleLinear()
    .domain([first, last])
    .range([MARGIN.left, width - MARGIN.right]);
  const [low, high] = yDomain(series.map((p) => p.v));
  const y = scaleLinear()
    .domain([low, high])
    .range([height - MARGIN.bottom, MARGIN.top]);
  const toLine = line<{ t: number; v: number }>()
    .x((p) => x(p.t))
    .y((p) => y(p.v));
  const toArea = area<{ t: number; v: number }>()
    .x((p) => x(p.t))
    .y0(y(low))
    .y1((p) => y(p.v));
  const span = last - first;
  const tickLabel = y.tickFormat(3, '~s');
  return {
    line: toLine(series) ?? '',
    area: toArea(series) ?? '',
    // SI labels with just enough digits to tell the ticks apart ("1.035M", "1.04M").
    yTicks: y.ticks(3).map((v) => ({ y: y(v), label: tickLabel(v) })),
    xTicks: [
      { x: MARGIN.left, label: timeLabel(new Date(first), span), anchor: 'start' },
      { x: width - MARGIN.right, label: timeLabel(new Date(last), span), anchor: 'end' },
    ],
  };
}

/** The element's content width, followed as it resizes (layout-only state). */
function useWidth(fallback: number) {
  const ref = useRef<SVGSVGElement>(null);
  const [width, setWidth] = useState(fallback);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

export function ValueChart({ points, description, now }: ValueChartProps) {
  const [ref, width] = useWidth(DEFAULT_WIDTH);
  const { amountsHidden } = useFormatters();
  const size = chartSize(width);
  const geometry = useMemo(
    () => chartGeometry(points, now, chartSize(width)),
    [points, now, width],
  );
  return (
    <svg
      ref={ref}
      className="chart"
      role="img"
      aria-label={`Value chart, ${description}${amountsHidden ? ', amounts hidden' : ''}`}
      viewBox={`0 0 ${size.width} ${size.height}`}
    >
      {geometry.yTicks.map((tick) => (
        <g key={tick.y}>
          <line
            className="chart__grid"
            x1={MARGIN.left}
            x2={size.width - MARGIN.right}
            y1={tick.y}
            y2={tick.y}
          />
          <text className="chart__tick" x={MARGIN.left - 6} y={tick.y} dy="0.32em" textAnchor="end">
            {amountsHidden ? AMOUNT_MASK : tick.label}
          </text>
        </g>
      ))}
      <path className="chart__area" d={geometry.area} />
      <path className="chart__line" d={geometry.line} />
      {geometry.xTicks.map((tick) => (
        <text
          key={tick.anchor}
          className="chart__tick"
          x={tick.x}
          y={size.height - 4}
          textAnchor={tick.anchor}
        >
          {tick.label}
        </text>
      ))}
    </svg>
  );
}

export function ChartSkeleton() {
  return (
    <div role="status" aria-label="Loading chart">
      {/* chartSize's rule in CSS, before there is a width to measure. */}
      <Skeleton
        height="auto"
        style={{ aspectRatio: `${ASPECT} / 1`, minHeight: MIN_HEIGHT, maxHeight: MAX_HEIGHT }}
      />
    </div>
  );
}
