import {
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { area, line } from 'd3-shape';
import type { ChartPoint } from '../../../domain/types';
import { useFirstPaint } from '../first-paint';
import {
  nearestIndex,
  pointTimeLabel,
  pointsHaveClock,
  seriesOrEmpty,
  timeTickLabels,
  timeTicks,
  valueAxis,
  valueTickLabels,
} from '../../../domain/valuation/chart-axis';
import { AMOUNT_MASK } from '../../../domain/numbers';
import { useT } from '../../app/use-i18n';
import { useFormatters } from '../format-context';
import './value-chart.css';

/** Drawn in CSS pixels at its measured width, so labels have one font size on every screen. */
const DEFAULT_WIDTH = 360;
const MARGIN = { top: 8, right: 8, bottom: 22 };
/** Width of one character of a tick label (11 px tabular digits), to leave room for the labels. */
const CHAR_PX = 6.5;
const LABEL_GAP = 6;

/** A second line drawn beside the value: the benchmark's (issue 38), at the same times. */
export interface Comparison {
  name: string;
  points: readonly ChartPoint[];
}

export interface ValueChartProps {
  points: readonly ChartPoint[];
  /** Drawn dashed beside the value, named in the legend and the read-out. */
  comparison?: Comparison;
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

interface Mark {
  x: number;
  y: number;
  time: number;
  value: number;
}

export interface Geometry {
  line: string;
  /** The comparison's line, '' without one. */
  comparisonLine: string;
  area: string;
  plot: { left: number; right: number; top: number; bottom: number };
  yTicks: { y: number; label: string }[];
  xTicks: { x: number; label: string; anchor: 'start' | 'middle' | 'end' }[];
  /** Each point where it is drawn, for the read-out. */
  marks: Mark[];
  /** The comparison's value at each mark (same times), empty without one. */
  comparisonValues: number[];
  /** The points lie within days, so a point's time of day matters. */
  withClock: boolean;
}

function labelWidth(label: string): number {
  return label.length * CHAR_PX;
}

/** A time label centred on its tick unless that would push it past an end of the chart. */
function anchorFor(x: number, label: string, width: number): 'start' | 'middle' | 'end' {
  const half = labelWidth(label) / 2;
  if (x - half < 0) return 'start';
  return x + half > width ? 'end' : 'middle';
}

/**
 * `domain` onto `range` as d3's scaleLinear maps it (the same arithmetic, so the same paths):
 * d3-scale, 10 kB gzip with its d3-array, d3-interpolate and d3-format, stays off home's first code.
 */
function linearScale([d0, d1]: readonly number[], [r0, r1]: readonly number[]) {
  const span = d1 - d0;
  return (value: number) => {
    const t = span ? (value - d0) / span : 0.5;
    return r0 * (1 - t) + r1 * t;
  };
}

/** The scales and d3's path strings; React draws them. */
export function chartGeometry(
  points: readonly ChartPoint[],
  now: number,
  { width, height }: ChartSize = chartSize(DEFAULT_WIDTH),
  locale?: string,
  comparison?: readonly ChartPoint[],
): Geometry {
  // Epoch ms on a linear scale: scaleTime would pull d3-time and d3-time-format into the bundle.
  const series = seriesOrEmpty(points, now).map((p) => ({ t: Date.parse(p.time), v: p.value }));
  // The comparison's points are at the value's times; another number of them is no comparison.
  const compared =
    comparison && comparison.length === points.length
      ? comparison.map((p) => ({ t: Date.parse(p.time), v: p.value }))
      : [];
  const first = series[0].t;
  const last = series[series.length - 1].t;
  const values = valueAxis([...series, ...compared].map((p) => p.v));
  const valueLabels = valueTickLabels(values.ticks, locale);
  // Room for the widest label, or the privacy mask that may stand in for it.
  const widest = Math.max(...[...valueLabels, AMOUNT_MASK].map(labelWidth));
  const plot = {
    left: Math.ceil(widest) + LABEL_GAP * 2,
    right: width - MARGIN.right,
    top: MARGIN.top,
    bottom: height - MARGIN.bottom,
  };
  const x = linearScale([first, last], [plot.left, plot.right]);
  const y = linearScale(values.domain, [plot.bottom, plot.top]);
  const toLine = line<{ t: number; v: number }>()
    .x((p) => x(p.t))
    .y((p) => y(p.v));
  const toArea = area<{ t: number; v: number }>()
    .x((p) => x(p.t))
    .y0(plot.bottom)
    .y1((p) => y(p.v));
  const times = timeTicks(first, last);
  const timeLabels = timeTickLabels(times, locale);
  return {
    line: toLine(series) ?? '',
    comparisonLine: compared.length > 0 ? (toLine(compared) ?? '') : '',
    area: toArea(series) ?? '',
    plot,
    yTicks: values.ticks.map((v, i) => ({ y: y(v), label: valueLabels[i] })),
    xTicks: times.ticks.map((t, i) => ({
      x: x(t),
      label: timeLabels[i],
      anchor: anchorFor(x(t), timeLabels[i], width),
    })),
    marks: series.map((p) => ({ x: x(p.t), y: y(p.v), time: p.t, value: p.v })),
    comparisonValues: compared.map((p) => p.v),
    withClock: pointsHaveClock(series.map((p) => p.t)),
  };
}

/**
 * The element's content width, followed as it resizes (layout-only state); undefined until it is
 * measured, before the first paint, so the chart's geometry is computed once, at the width drawn
 * (it was computed at the fallback first: 0.2 s of home's first render at 4x CPU, issue 37).
 */
function useWidth(fallback: number) {
  const ref = useRef<HTMLDivElement>(null);
  // The server's first paint has no layout: it draws at the fallback, which the page then measures.
  const [width, setWidth] = useState<number | undefined>(useFirstPaint() ? fallback : undefined);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measured = Math.round(element.getBoundingClientRect().width);
    setWidth(measured > 0 ? measured : fallback);
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fallback]);
  return [ref, width] as const;
}

/** The point a key moves the read-out to, from `index` (none shown yet: the latest). */
function keyedIndex(key: string, index: number | null, count: number): number | null {
  const from = index ?? count - 1;
  switch (key) {
    case 'ArrowLeft':
      return index === null ? from : Math.max(0, from - 1);
    case 'ArrowRight':
      return index === null ? from : Math.min(count - 1, from + 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * A line chart of value over time. A pointer or finger over it (a horizontal drag on a phone;
 * vertical drags still scroll the page) or the arrow keys, Home and End, when it has focus, show
 * the value at one point; the read-out is announced politely.
 */
export function ValueChart(props: ValueChartProps) {
  const [ref, width] = useWidth(DEFAULT_WIDTH);
  return (
    <div ref={ref} className="chart-frame">
      {width !== undefined && <DrawnChart {...props} width={width} />}
    </div>
  );
}

function DrawnChart({
  points,
  comparison,
  description,
  now,
  width,
}: ValueChartProps & { width: number }) {
  const { amount, amountText, amountsHidden, locale } = useFormatters();
  const { t } = useT();
  const firstPaint = useFirstPaint();
  // Which point the read-out shows: pointer and focus state of this element only.
  const [active, setActive] = useState<number | null>(null);
  const size = chartSize(width);
  const geometry = useMemo(
    () => chartGeometry(points, now, chartSize(width), locale, comparison?.points),
    [points, now, width, locale, comparison?.points],
  );
  const compared = comparison && geometry.comparisonValues.length > 0 ? comparison : undefined;
  const { marks, plot } = geometry;
  const xs = useMemo(() => marks.map((mark) => mark.x), [marks]);
  const shown = active === null ? undefined : marks[Math.min(active, marks.length - 1)];
  const timeOf = (mark: Mark) => pointTimeLabel(mark.time, geometry.withClock, locale);

  // Plain pointer events rather than useGesture: a mouse reads out on hover, without a press,
  // and a vertical drag that the browser takes for scrolling cancels the pointer, which ends the
  // read-out instead of carrying on with touch events.
  const follow = (event: PointerEvent<SVGSVGElement>) => {
    const left = event.currentTarget.getBoundingClientRect().left;
    setActive(nearestIndex(xs, event.clientX - left));
  };
  const leave = () => setActive(null);
  const onKeyDown = (event: KeyboardEvent<SVGSVGElement>) => {
    const next = keyedIndex(event.key, active, marks.length);
    if (next === null) return;
    event.preventDefault();
    setActive(next);
  };

  const values = marks.map((mark) => mark.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  const name = t(amountsHidden ? 'chart.nameHidden' : 'chart.name', { description });
  // An attribute, not hidden text: the figures would repeat the value card's, and a search of
  // the page for an amount would find them twice.
  const summary =
    `${t('chart.summary', { from: timeOf(marks[0]), to: timeOf(marks[marks.length - 1]) })} ` +
    `${t('chart.start')} ${amountText(marks[0].value)}, ` +
    `${t('chart.end')} ${amountText(marks[marks.length - 1].value)}, ` +
    `${t('chart.low')} ${amountText(low)}, ${t('chart.high')} ${amountText(high)}. ` +
    (compared
      ? `${t('chart.comparison', {
          name: compared.name,
          start: amountText(geometry.comparisonValues[0]),
          end: amountText(geometry.comparisonValues[geometry.comparisonValues.length - 1]),
        })} `
      : '') +
    t('chart.keys');
  const shownComparison =
    shown && compared
      ? geometry.comparisonValues[Math.min(active ?? 0, marks.length - 1)]
      : undefined;

  return (
    <>
      <svg
        className="chart"
        role="img"
        aria-label={name}
        aria-description={summary}
        tabIndex={0}
        width={size.width}
        height={size.height}
        // The server's first paint cannot measure its frame: scaled to it until the app draws.
        viewBox={firstPaint ? `0 0 ${size.width} ${size.height}` : undefined}
        onPointerDown={follow}
        onPointerMove={follow}
        onPointerLeave={leave}
        onPointerCancel={leave}
        onKeyDown={onKeyDown}
        onBlur={leave}
      >
        {geometry.yTicks.map((tick) => (
          <g key={tick.y}>
            <line className="chart__grid" x1={plot.left} x2={plot.right} y1={tick.y} y2={tick.y} />
            <text
              className="chart__tick"
              x={plot.left - LABEL_GAP}
              y={tick.y}
              dy="0.32em"
              textAnchor="end"
            >
              {amountsHidden ? AMOUNT_MASK : tick.label}
            </text>
          </g>
        ))}
        <path className="chart__area" d={geometry.area} />
        <path className="chart__line" d={geometry.line} />
        {compared && (
          <path className="chart__line chart__line--comparison" d={geometry.comparisonLine} />
        )}
        {geometry.xTicks.map((tick) => (
          <text
            key={tick.x}
            className="chart__tick"
            x={tick.x}
            y={size.height - 4}
            textAnchor={tick.anchor}
          >
            {tick.label}
          </text>
        ))}
        {shown && (
          <g className="chart__marker">
            <line x1={shown.x} x2={shown.x} y1={plot.top} y2={plot.bottom} />
            <circle cx={shown.x} cy={shown.y} r={4} />
          </g>
        )}
      </svg>
      <div className="chart__live" aria-live="polite">
        {shown && (
          <p
            className="chart__readout"
            // Anchored at the marker and shifted by the same share of its own width, so it
            // never leaves the chart at either end.
            style={{
              left: shown.x,
              transform: `translateX(-${Math.round((shown.x / size.width) * 100)}%)`,
            }}
          >
            <span className="chart__readout-time">{timeOf(shown)}</span>{' '}
            {compared && shownComparison !== undefined ? (
              <>
                <span className="chart__readout-line">
                  <span className="chart__readout-name">{t('chart.value')}</span>{' '}
                  <span className="chart__readout-value">{amount(shown.value)}</span>
                </span>{' '}
                <span className="chart__readout-line">
                  <span className="chart__readout-name">{compared.name}</span>{' '}
                  <span className="chart__readout-value">{amount(shownComparison)}</span>
                </span>
              </>
            ) : (
              <span className="chart__readout-value">{amount(shown.value)}</span>
            )}
          </p>
        )}
      </div>
      {compared && (
        <ul className="chart__legend" aria-label={t('chart.legend')}>
          <li>
            <span className="chart__swatch" aria-hidden="true" />
            {t('chart.value')}
          </li>
          <li>
            <span className="chart__swatch chart__swatch--comparison" aria-hidden="true" />
            {compared.name}
          </li>
        </ul>
      )}
    </>
  );
}

export function ChartSkeleton() {
  const { t } = useT();
  return (
    <div role="status" aria-label={t('chart.loading')}>
      {/* chartSize's rule in CSS (value-chart.css), before there is a width to measure. */}
      <span className="skeleton chart-skeleton" aria-hidden="true" />
    </div>
  );
}
