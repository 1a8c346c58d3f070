// The desktop layout (a sidebar, the investment's figures and transactions side by side) and
// the phone's investment screen with its event buttons at hand.
import type { Locator, Page } from '@playwright/test';
import { DEMO_ONLY, expect, loginAsDemo, test } from '../fixtures';

async function openFirstInvestment(page: Page): Promise<void> {
  await page.getByRole('table', { name: 'Investments' }).getByRole('link').first().click();
  await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible();
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box ?? { x: 0, y: 0, width: 0, height: 0 };
}

test.describe('at 1280 x 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // One visit: each step only looks, and the last two follow the sidebar's links.
  test('one sidebar of navigation links, and an investment with everything in view', async ({
    page,
  }) => {
    await loginAsDemo(page);
    const nav = page.getByRole('navigation', { name: 'Main' });

    await test.step('one sidebar: no burger menu opens a second copy of it', async () => {
      await expect(nav).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'History' })).toHaveCount(1);
      await expect(page.getByText('demo@example.com')).toHaveCount(1);
    });

    await test.step('the navigation links are shown without opening a menu', async () => {
      for (const name of ['Dashboard', 'History', 'Profile'])
        await expect(nav.getByRole('link', { name })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();

      await nav.getByRole('link', { name: 'History' }).click();
      await expect(page.getByRole('heading', { name: 'History', level: 1 })).toBeVisible();
      await expect(nav.getByRole('link', { name: 'History' })).toHaveAttribute(
        'aria-current',
        'page',
      );
    });

    await test.step("an investment's chart, statistics and transactions are all in view", async () => {
      await nav.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page).toHaveURL(/\/home$/);
      await openFirstInvestment(page);
      const total = page.getByRole('region', { name: 'Total value' });
      await expect(total.getByRole('img', { name: /chart/i })).toBeInViewport();
      await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeInViewport();
      const transactions = page.getByRole('table', { name: 'Transactions' });
      await expect(transactions).toBeInViewport();
      // The rows' figures are columns: each row is one line, as high as its badge.
      const row = await boxOf(transactions.getByRole('row').nth(1));
      expect(row.height).toBeLessThan(60);
      for (const name of ['Buy', 'Sell', 'Dividend', 'Stock Split']) {
        const button = page.getByRole('button', { name, exact: true });
        await expect(button).toBeInViewport({ ratio: 1 });
        // The label never wraps: one line of text.
        expect((await boxOf(button)).height).toBeLessThanOrEqual(46);
      }
    });
  });
});

test('on a phone, Buy and Sell are in view without scrolling, on either page', async ({ page }) => {
  await loginAsDemo(page);
  await openFirstInvestment(page);
  for (const pageButton of ['Page 1', 'Page 2']) {
    await page.getByRole('button', { name: pageButton }).click();
    for (const name of ['Buy', 'Sell'])
      await expect(page.getByRole('button', { name, exact: true })).toBeInViewport({ ratio: 1 });
  }
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the Demo tools tab never overlaps the top bar', DEMO_ONLY, async ({ page }) => {
  await loginAsDemo(page);
  for (const width of [320, 390, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    const tab = await boxOf(page.getByRole('button', { name: 'Demo tools' }));
    const bar = await boxOf(page.getByRole('banner'));
    const overlaps =
      tab.x < bar.x + bar.width &&
      bar.x < tab.x + tab.width &&
      tab.y < bar.y + bar.height &&
      bar.y < tab.y + tab.height;
    expect(overlaps, `at ${width} px: tab ${JSON.stringify(tab)}, bar ${JSON.stringify(bar)}`).toBe(
      false,
    );
  }
});
