import type { CDPSession, Locator, Page } from '@playwright/test';
import { test, expect, loginAsDemo } from '../fixtures';

/** A read-out: the point's day and clock time (a Day chart), then its amount. */
const READOUT = /^\d{4}-\d{2}-\d{2}\s\d{1,2}:\d{2}\sDKK\s[\d,]+\.\d{2}$/;

async function homeChart(page: Page) {
  await loginAsDemo(page);
  const total = page.getByRole('region', { name: 'Total value' });
  const chart = total.getByRole('img', { name: /^Value chart, Total value, Day/ });
  await expect(chart).toBeVisible();
  return { readout: total.getByText(READOUT), chart };
}

/** Points halfway down the chart's plot as it is on screen now, at a share of its width. */
async function pointsOf(chart: Locator) {
  const box = await chart.boundingBox();
  if (!box) throw new Error('the chart is not laid out');
  return (share: number) => ({ x: box.x + box.width * share, y: box.y + box.height / 2 });
}

/** A real finger: Chromium sends the page both its Pointer and its Touch events. */
async function finger(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x = 0, y = 0) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  return {
    down: ({ x, y }: { x: number; y: number }) => touch('touchStart', x, y),
    async move(from: { x: number; y: number }, to: { x: number; y: number }) {
      for (let step = 1; step <= 8; step += 1) {
        await touch(
          'touchMove',
          from.x + ((to.x - from.x) * step) / 8,
          from.y + ((to.y - from.y) * step) / 8,
        );
      }
    },
    up: () => touch('touchEnd'),
  };
}

async function textOf(readout: Locator): Promise<string> {
  await expect(readout).toBeVisible();
  return (await readout.textContent()) ?? '';
}

// One visit of home for the three ways to read the chart: each only reads, and ends with no
// read-out shown. The finger's comes last, as it scrolls the page.
test('the home chart reads out by mouse, keyboard and finger', async ({ page }) => {
  const { readout, chart } = await homeChart(page);

  await test.step('the mouse over the chart reads out the point under it', async () => {
    const at = await pointsOf(chart);
    await expect(readout).toHaveCount(0);
    await page.mouse.move(at(0.4).x, at(0.4).y);
    const earlier = await textOf(readout);
    await page.mouse.move(at(0.95).x, at(0.95).y, { steps: 4 });
    await expect(readout).not.toHaveText(earlier);
    await expect(readout).toHaveText(READOUT);

    await page.mouse.move(at(0.5).x, 5);
    await expect(readout).toHaveCount(0);
  });

  await test.step('the keyboard moves the read-out along the chart', async () => {
    await chart.focus();
    // From the first point: a chart's last two points can fall in one minute (a 5-minute mark, then now).
    await page.keyboard.press('Home');
    const first = await textOf(readout);
    await page.keyboard.press('ArrowRight');
    await expect(readout).not.toHaveText(first);
    await page.keyboard.press('Home');
    await expect(readout).toHaveText(first);
    await page.keyboard.press('Tab');
    await expect(readout).toHaveCount(0);
  });

  await test.step('a finger dragged sideways reads out; dragged up, the page scrolls', async () => {
    await expect(readout).toHaveCount(0);
    // Where the chart is now: the keyboard's focus may have scrolled it.
    const at = await pointsOf(chart);
    const hand = await finger(page);

    await hand.down(at(0.3));
    const first = await textOf(readout);
    await hand.move(at(0.3), at(0.9));
    await expect(readout).not.toHaveText(first);
    await expect(readout).toHaveText(READOUT);
    await hand.up();
    await expect(readout).toHaveCount(0);

    const scrolled = await page.evaluate(() => window.scrollY);
    await hand.down(at(0.5));
    await hand.move(at(0.5), { x: at(0.5).x, y: at(0.5).y - 250 });
    await hand.up();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled);
    await expect(readout).toHaveCount(0);
  });
});
