// The server's first paint sizes its chart in CSS (value-chart.css), the app in code (chartSize):
// the two must give the same height at every frame width, or the page moves when the app draws.
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { chartSize } from '../../../src/ui/components/charts/value-chart';

const SHEET = new URL('../../../src/ui/components/charts/value-chart.css', import.meta.url);

test("the first paint's chart height in CSS is chartSize's at every width", () => {
  const css = readFileSync(SHEET, 'utf8');
  const clamp =
    /\.chart\[viewBox\]\s*\{[^}]*height:\s*clamp\((\d+)px,\s*(\d+)cqi,\s*(\d+)px\)/.exec(css);
  expect(clamp).not.toBeNull();
  const [min, percent, max] = (clamp ?? []).slice(1).map(Number);
  for (const width of [120, 320, 358, 400, 480, 640, 1200]) {
    const inCss = Math.min(max, Math.max(min, (width * percent) / 100));
    expect(Math.round(inCss), `at ${width} px`).toBe(chartSize(width).height);
  }
});
