// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { PERIODS } from '../../src/domain/types';
import { chartGeometry, chartSize } from '../../src/ui/components/value-chart';

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;
const SPANS: Record<(typeof PERIODS)[number], number> = {
  Day: 24 * HOUR,
  Week: 7 * 24 * HOUR,
  Month: 30 * 24 * HOUR,
  Year: 365 * 24 * HOUR,
  Forever: 3 * 365 * 24 * HOUR,
};

describe('value chart x axis', () => {
  it.each(PERIODS)('labels the two ends of a %s chart differently', (period) => {
    const start = NOW - SPANS[period];
    const points = [
      { time: new Date(start).toISOString(), value: 100 },
      { time: new Date(NOW).toISOString(), value: 120 },
    ];
    const [first, last] = chartGeometry(points, NOW).xTicks;
    expect(first.label).not.toBe(last.label);
  });

  it('places the ends at the left and right of the plot', () => {
    const points = [
      { time: new Date(NOW - HOUR).toISOString(), value: 1 },
      { time: new Date(NOW).toISOString(), value: 2 },
    ];
    const { xTicks, line } = chartGeometry(points, NOW);
    expect(xTicks[0].x).toBeLessThan(xTicks[1].x);
    expect(line).toMatch(/^M[\d.]+,[\d.]+L[\d.]+,[\d.]+$/);
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
    const narrow = chartGeometry(points, NOW, chartSize(320)).xTicks[1].x;
    const wide = chartGeometry(points, NOW, chartSize(640)).xTicks[1].x;
    expect(wide - narrow).toBe(320);
  });
});
