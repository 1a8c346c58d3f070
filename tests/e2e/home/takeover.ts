// What the first-paint specs (the server's page, the demo's) ask of a page the app takes over.
import type { Page } from '@playwright/test';

/** Whether the app has rendered over the page's markup: React marks the nodes it renders. */
export function appTookOver(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const main = document.querySelector('main');
    return main !== null && Object.keys(main).some((key) => key.startsWith('__reactFiber'));
  });
}

/** Records the layout shifts of the page's next visits, from their start (layoutShifted reads them). */
export async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        shifts.push((entry as { value: number } & PerformanceEntry).value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The visit's cumulative layout shift so far. */
export function layoutShifted(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0),
  );
}
