// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PERIODS } from '../../../src/domain/types';
import { AmountFormatProvider } from '../../../src/ui/components/format-context';
import {
  chartGeometry,
  chartSize,
  ValueChart,
} from '../../../src/ui/components/charts/value-chart';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;
const SPANS: Record<(typeof PERIODS)[number], number> = {
  Day: 24 * HOUR,
  Week: 7 * 24 * HOUR,
  Month: 30 * 24 * HOUR,
  Year: 365 * 24 * HOUR,
  Forever: 3 * 365 * 24 * HOUR,
};

/** Local times, so the read-out's day and clock are the same in every time zone. */
const POINTS = [
  { time: new Date(2026, 0, 14, 10, 0).toISOString(), value: 1000 },
  { time: new Date(2026, 0, 14, 11, 0).toISOString(), value: 1250.5 },
  { time: new Date(2026, 0, 14, 12, 0).toISOString(), value: 1100 },
];

function renderChart(hidden = false) {
  render(
    <AmountFormatProvider
      value={{ showCurrency: true, showDecimals: true, locale: 'en-GB', hidden }}
    >
      <ValueChart points={POINTS} description="Total value, Day" now={NOW} />
    </AmountFormatProvider>,
  );
  return screen.getByRole('img', { name: /^Value chart, Total value, Day/ });
}

/** What the read-out says, as a screen reader hears it (it is the polite live region). */
function readout(): string {
  const live = document.querySelector('[aria-live="polite"]');
  return live?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

describe('value chart x axis', () => {
  it.each(PERIODS)('labels a %s chart with 2 to 5 distinct ticks inside the chart', (period) => {
    const start = NOW - SPANS[period];
    const points = [
      { time: new Date(start).toISOString(), value: 100 },
      { time: new Date(NOW).toISOString(), value: 120 },
    ];
    const { width } = chartSize(360);
    const { xTicks } = chartGeometry(points, NOW, chartSize(360), 'en-GB');
    const labels = xTicks.map((tick) => tick.label);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    expect(labels.length).toBeLessThanOrEqual(5);
    for (const tick of xTicks) {
      expect(tick.x).toBeGreaterThanOrEqual(0);
      expect(tick.x).toBeLessThanOrEqual(width);
    }
  });
});

describe('value chart y axis', () => {
  it('draws every point inside the plot, which hugs them, with round ticks inside it', () => {
    const points = [
      { time: new Date(NOW - HOUR).toISOString(), value: 1_203_456 },
      { time: new Date(NOW).toISOString(), value: 1_259_990 },
    ];
    const { yTicks, marks, plot } = chartGeometry(points, NOW, chartSize(360), 'da-DK');
    // SVG y grows downwards: the plot's top has the smallest y.
    for (const { y } of [...marks, ...yTicks]) {
      expect(y).toBeGreaterThanOrEqual(plot.top);
      expect(y).toBeLessThanOrEqual(plot.bottom);
    }
    // The spec's 5 % padding: the points are near the plot's edges, not lost in the middle.
    const [low, high] = [Math.max(...marks.map((m) => m.y)), Math.min(...marks.map((m) => m.y))];
    expect((plot.bottom - low) / (plot.bottom - plot.top)).toBeLessThan(0.06);
    expect((high - plot.top) / (plot.bottom - plot.top)).toBeLessThan(0.06);
    expect(yTicks.map((tick) => tick.label)).toEqual([
      '1,22\u00a0mio.',
      '1,24\u00a0mio.',
      '1,26\u00a0mio.',
    ]);
  });
});

describe('value chart size', () => {
  it('is half as tall as wide, between 160 and 240 px', () => {
    expect(chartSize(360).height).toBe(180);
    expect(chartSize(200).height).toBe(160);
    expect(chartSize(900).height).toBe(240);
  });

  it('spans the width it is drawn at, so labels keep their size', () => {
    const points = [
      { time: new Date(NOW - HOUR).toISOString(), value: 1 },
      { time: new Date(NOW).toISOString(), value: 2 },
    ];
    const narrow = chartGeometry(points, NOW, chartSize(320)).plot.right;
    const wide = chartGeometry(points, NOW, chartSize(640)).plot.right;
    expect(wide - narrow).toBe(320);
  });

  it('draws in CSS pixels, without a viewBox that would scale its text', () => {
    const chart = renderChart();
    expect(chart.getAttribute('viewBox')).toBeNull();
    expect(chart.getAttribute('width')).toBe('360');
    expect(chart.getAttribute('height')).toBe('180');
  });
});

describe('value chart read-out', () => {
  it('shows nothing until a pointer or a key asks', () => {
    renderChart();
    expect(readout()).toBe('');
    expect(document.querySelector('.chart__marker')).toBeNull();
  });

  it('follows a pointer to the nearest point, with its time and value, and hides as it leaves', () => {
    const chart = renderChart();
    const { marks } = chartGeometry(POINTS, NOW, chartSize(360), 'en-GB');
    fireEvent.pointerMove(chart, { clientX: marks[1].x + 3, pointerType: 'mouse' });
    expect(readout()).toBe('2026-01-14 11:00 DKK 1,250.50');
    expect(document.querySelector('.chart__marker circle')?.getAttribute('cx')).toBe(
      String(marks[1].x),
    );
    fireEvent.pointerMove(chart, { clientX: 10_000, pointerType: 'mouse' });
    expect(readout()).toBe('2026-01-14 12:00 DKK 1,100.00');
    fireEvent.pointerLeave(chart, { pointerType: 'mouse' });
    expect(readout()).toBe('');
  });

  it('starts on a finger press, and ends when the browser takes the drag for a scroll', () => {
    const chart = renderChart();
    fireEvent.pointerDown(chart, { clientX: 0, pointerType: 'touch' });
    expect(readout()).toBe('2026-01-14 10:00 DKK 1,000.00');
    fireEvent.pointerCancel(chart, { pointerType: 'touch' });
    expect(readout()).toBe('');
  });

  it('is moved by the arrow keys, Home and End once the chart has focus', async () => {
    const chart = renderChart();
    await userEvent.tab();
    expect(document.activeElement).toBe(chart);
    await userEvent.keyboard('{ArrowLeft}');
    expect(readout()).toBe('2026-01-14 12:00 DKK 1,100.00');
    await userEvent.keyboard('{ArrowLeft}');
    expect(readout()).toBe('2026-01-14 11:00 DKK 1,250.50');
    await userEvent.keyboard('{Home}');
    expect(readout()).toBe('2026-01-14 10:00 DKK 1,000.00');
    await userEvent.keyboard('{ArrowLeft}');
    expect(readout()).toBe('2026-01-14 10:00 DKK 1,000.00');
    await userEvent.keyboard('{End}');
    expect(readout()).toBe('2026-01-14 12:00 DKK 1,100.00');
    await userEvent.tab();
    expect(readout()).toBe('');
  });

  it('reads daily points as days, though the ends are instants a few minutes off midnight', async () => {
    const at = (day: number, minutes = 0) => new Date(2026, 4, day, 0, minutes).toISOString();
    const daily = [at(9, 12), at(10), at(11), at(12), at(12, 12)].map((time, i) => ({
      time,
      value: 1000 + i,
    }));
    render(
      <AmountFormatProvider value={{ showCurrency: true, showDecimals: true, locale: 'en-GB' }}>
        <ValueChart points={daily} description="Total value, Year" now={NOW} />
      </AmountFormatProvider>,
    );
    screen.getByRole('img', { name: /^Value chart, Total value, Year/ }).focus();
    await userEvent.keyboard('{End}{ArrowLeft}{ArrowLeft}');
    expect(readout()).toBe('2026-05-11 DKK 1,002.00');
  });

  it('describes the whole series in words', () => {
    const chart = renderChart();
    expect(chart.getAttribute('aria-description')?.replace(/\s+/g, ' ')).toBe(
      'From 2026-01-14 10:00 to 2026-01-14 12:00. Start DKK 1,000.00, end DKK 1,100.00, ' +
        'lowest DKK 1,000.00, highest DKK 1,250.50. ' +
        'The left and right arrow keys read the value at each point.',
    );
  });

  it('masks the amounts of the read-out and summary in privacy mode, and keeps the time', async () => {
    const chart = renderChart(true);
    expect(chart.getAttribute('aria-label')).toBe('Value chart, Total value, Day, amounts hidden');
    chart.focus();
    await userEvent.keyboard('{End}');
    const live = document.querySelector<HTMLElement>('[aria-live="polite"]');
    expect(readout()).toMatch(/^2026-01-14 12:00 /);
    expect(readout()).not.toMatch(/\d,\d{3}/);
    expect(within(live ?? document.body).getByText('hidden amount')).toBeTruthy();
    expect(chart.getAttribute('aria-description')).not.toMatch(/\d,\d{3}/);
    expect(chart.getAttribute('aria-description')).toContain('hidden amount');
  });
});
