import type { CDPSession, Locator, Page } from '@playwright/test';
import { test, expect, loginAsDemo, openInvestment, settled } from '../fixtures';

/** A real finger: Chromium sends the page both its Pointer and its Touch events. */
async function finger(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x, y }],
    });
  return {
    down: (x: number, y: number) => touch('touchStart', x, y),
    async swipe(from: { x: number; y: number }, dx: number) {
      await touch('touchStart', from.x, from.y);
      for (let step = 1; step <= 5; step += 1) {
        await touch('touchMove', from.x + (dx * step) / 5, from.y);
      }
      await touch('touchEnd', from.x + dx, from.y);
    },
    up: (x: number, y: number) => touch('touchEnd', x, y),
  };
}

/** The middle of `locator` on screen, scrolled into view first: a touch lands only on what is shown. */
async function centreOf(locator: Locator) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

// One investment opened for both ways to swipe: the finger's ends back on the first page.
test('a finger swipes between the investment pages, a mouse drag too, and a short drag does not', async ({
  page,
}) => {
  await loginAsDemo(page);
  await openInvestment(page, /./);
  const statistics = page.getByRole('table', { name: 'Investment statistics' });

  await test.step('a finger swipes between the investment pages', async () => {
    const transactions = page.getByRole('table', { name: 'Transactions' });
    await expect(statistics).toBeInViewport();
    await expect(transactions).not.toBeInViewport();

    const hand = await finger(page);
    // The header's facts and actions come first on a phone: bring the page's content into view.
    await statistics.scrollIntoViewIfNeeded();
    await hand.swipe(await centreOf(statistics), -200);
    await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(transactions).toBeInViewport();

    const heading = page.getByRole('heading', { name: 'Transactions' });
    await heading.scrollIntoViewIfNeeded();
    await hand.swipe(await centreOf(heading), 200);
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await expect(statistics).toBeInViewport();
  });

  await test.step('a mouse drag swipes too, and a short one does not', async () => {
    await statistics.scrollIntoViewIfNeeded();
    const start = await centreOf(statistics);
    const drag = async (dx: number) => {
      await page.mouse.move(start.x, start.y);
      await page.mouse.down();
      await page.mouse.move(start.x + dx, start.y, { steps: 5 });
      await page.mouse.up();
    };
    await drag(-60);
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    await drag(-120);
    await expect(page.getByRole('table', { name: 'Transactions' })).toBeInViewport();
  });
});

// Each press below is held at a point of the screen, taken once home has all its figures: with
// the point taken before, home's Returns filled in under the held finger on a loaded machine
// (about 230 px higher), the release tapped what had moved there, and the rename ended unsaved
// on the field's blur (one run in CI: its field was gone).
test('a long press by finger renames a portfolio in place', async ({ page }) => {
  await loginAsDemo(page);
  await settled(page);
  const portfolios = page.getByRole('table', { name: /portfolios/i });
  const row = portfolios.getByRole('link').first();
  const name = (await row.textContent())?.trim() ?? '';
  const hand = await finger(page);
  const at = await centreOf(row);
  await hand.down(at.x, at.y);
  const field = page.getByRole('textbox', { name: `Rename ${name}` });
  await expect(field).toBeVisible();
  await hand.up(at.x, at.y);
  await expect(page).toHaveURL(/\/home$/);

  await field.fill('Renamed by touch');
  await field.press('Enter');
  await expect(portfolios.getByRole('link', { name: 'Renamed by touch' })).toBeVisible();
  await page.reload();
  await expect(portfolios.getByRole('link', { name: 'Renamed by touch' })).toBeVisible();
});

test('a row opens by a tap anywhere on it, and a long mouse press on its value renames it', async ({
  page,
}) => {
  await loginAsDemo(page);
  await settled(page);
  const investments = page.getByRole('table', { name: /investments/i });
  const firstRow = investments.getByRole('row').nth(1);
  const name = (await firstRow.getByRole('link').textContent())?.trim() ?? '';
  await firstRow.getByRole('cell').nth(1).click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  await page.goBack();
  await settled(page);
  const value = investments.getByRole('row').nth(1).getByRole('cell').nth(1);
  await value.click({ delay: 600 });
  await expect(page.getByRole('textbox', { name: `Rename ${name}` })).toBeFocused();
  await expect(page).toHaveURL(/\/home$/);
});

test('after a long press released over the new field, the next tap on the row still opens it', async ({
  page,
}) => {
  await loginAsDemo(page);
  await settled(page);
  const portfolios = page.getByRole('table', { name: /portfolios/i });
  const link = portfolios.getByRole('link').first();
  const name = (await link.textContent())?.trim() ?? '';
  const at = await centreOf(link);
  await page.mouse.move(at.x, at.y);
  await page.mouse.down();
  const field = page.getByRole('textbox', { name: `Rename ${name}` });
  await expect(field).toBeFocused();
  await page.mouse.up();
  await field.press('Escape');
  await expect(field).toHaveCount(0);
  await portfolios.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/portfolios\/[^/]+$/);
});
