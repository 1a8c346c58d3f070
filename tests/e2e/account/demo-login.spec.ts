import type { Page } from '@playwright/test';
import { test, expect, logIn, loginAsDemo, DEMO_ONLY } from '../fixtures';

const DEMO_PORTFOLIOS = ['Pension', 'US tech', 'Danish dividends', 'Crypto'];

test('the demo account logs in and its portfolios load', async ({ page }) => {
  await page.goto('/');
  await logIn(page);
  const portfolios = page.getByRole('table', { name: /portfolios/i });
  for (const name of DEMO_PORTFOLIOS) {
    await expect(portfolios.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toBeVisible();
  }
  const investments = page.getByRole('table', { name: /investments/i });
  await expect(investments.getByRole('link', { name: /^Novo Nordisk B\b/ })).toBeVisible();
});

/** What lies under the Demo tools tab: the content under each of its points, if any. */
async function contentUnderTab(page: Page): Promise<string[]> {
  const tab = page.getByRole('button', { name: 'Demo tools' });
  return tab.evaluate((button) => {
    const box = button.getBoundingClientRect();
    const covered = new Set<string>();
    for (let y = box.top + 1; y < box.bottom; y += 4) {
      for (const x of [box.left + 1, box.right - 1]) {
        const under = document.elementsFromPoint(x, y).find((el) => !button.contains(el));
        const content = under?.closest('section, table, form, h1, h2, p, a, button, input, label');
        if (content) covered.add(`${content.tagName} ${content.textContent?.slice(0, 30) ?? ''}`);
      }
    }
    return [...covered];
  });
}

test(
  'the Demo tools tab covers neither the top bar nor content: not a scrolled page, not a dialog',
  DEMO_ONLY,
  async ({ page }) => {
    // One visit: the tab is looked at over home, then over History and a dialog at each width.
    await loginAsDemo(page);
    await test.step('the Demo tools tab covers none of the top bar controls', async () => {
      const tab = await page.getByRole('button', { name: 'Demo tools' }).boundingBox();
      expect(tab).not.toBeNull();
      for (const control of [
        page.getByRole('button', { name: 'Menu' }),
        page.getByRole('combobox', { name: 'Period' }),
      ]) {
        const box = await control.boundingBox();
        expect(box).not.toBeNull();
        if (!tab || !box) continue;
        const overlaps =
          tab.x < box.x + box.width &&
          box.x < tab.x + tab.width &&
          tab.y < box.y + box.height &&
          box.y < tab.y + tab.height;
        expect(overlaps).toBe(false);
      }
    });
    for (const width of [320, 390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/history');
      await expect(page.getByRole('table', { name: 'Transactions' })).toBeVisible();
      await page.mouse.wheel(0, 600);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      expect(await contentUnderTab(page), `at ${width} px, scrolled`).toEqual([]);

      await page.goto('/home');
      await page.getByRole('table', { name: 'Investments' }).getByRole('link').first().click();
      await page.getByRole('button', { name: 'Buy' }).click();
      await expect(page.getByRole('dialog', { name: 'Buy' })).toBeVisible();
      expect(await contentUnderTab(page), `at ${width} px, in a dialog`).toEqual([]);
    }
  },
);
