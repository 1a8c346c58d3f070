// What the first-paint specs (the server's page, the demo's) ask of a page the app takes over.
import { expect, type Page } from '@playwright/test';

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

/**
 * Waits for the menu of the width, the burger on a phone and the sidebar on a desktop, never
 * both; the two, for further checks.
 */
export async function menuOfWidth(
  page: Page,
  device: 'phone' | 'desktop',
  names: { menu: string; main: string },
) {
  const burger = page.getByRole('button', { name: names.menu, exact: true });
  const sidebar = page.getByRole('navigation', { name: names.main });
  await expect(device === 'phone' ? burger : sidebar).toBeVisible();
  await expect(device === 'phone' ? sidebar : burger).toBeHidden();
  return { burger, sidebar };
}

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Each language at each width a first paint is checked in. */
export const PAINTED = [
  ['en', 'phone', PHONE],
  ['da', 'phone', PHONE],
  ['en', 'desktop', DESKTOP],
  ['da', 'desktop', DESKTOP],
] as const;
