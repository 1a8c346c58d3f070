import { test, expect, loginAsDemo, record } from '../fixtures';
import type { Page } from '@playwright/test';

function investmentsTable(page: Page) {
  return page.getByRole('table', { name: 'Investments' });
}

function toast(page: Page) {
  return page.getByRole('status').filter({ has: page.getByRole('button', { name: 'Dismiss' }) });
}

/** Past a notice's 4 s and a deletion's 5 s Undo window, on the page's clock. */
const NOTICE_TIME = 5_000;

/** Deletes the first investment on home from its page; returns its name. */
async function deleteFirstInvestment(page: Page): Promise<string> {
  await page.clock.install();
  await loginAsDemo(page);
  const link = investmentsTable(page).getByRole('link').first();
  const name = (await link.textContent()) ?? '';
  expect(name).not.toBe('');
  await link.click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
  await page.getByRole('button', { name: 'Delete investment' }).click();
  await page
    .getByRole('dialog', { name: `Delete ${name}?` })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(investmentsTable(page).getByRole('link').first()).toBeVisible();
  await expect(investmentsTable(page).getByRole('link', { name, exact: true })).toHaveCount(0);
  return name;
}

test('save shows a confirmation, which goes by itself', async ({ page }) => {
  await page.clock.install();
  await loginAsDemo(page);
  await investmentsTable(page).getByRole('link').first().click();
  await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible();
  await record(page, 'Buy', { Shares: '2', 'Price per share': '10.5' });
  await expect(toast(page)).toContainText('Buy saved');
  await expect(toast(page).getByRole('button', { name: 'Undo' })).toHaveCount(0);
  await page.clock.fastForward(NOTICE_TIME);
  await expect(toast(page)).toHaveCount(0);
});

test('delete, Undo: the investment is back, also after a reload', async ({ page }) => {
  const name = await deleteFirstInvestment(page);
  await expect(toast(page)).toContainText('Investment deleted');
  await toast(page).getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page)).toHaveCount(0);
  await expect(investmentsTable(page).getByRole('link', { name, exact: true })).toBeVisible();
  await page.reload();
  await expect(investmentsTable(page).getByRole('link', { name, exact: true })).toBeVisible();
});

test('delete, no Undo: the investment is gone after a reload', async ({ page }) => {
  const name = await deleteFirstInvestment(page);
  await expect(toast(page).getByRole('button', { name: 'Undo' })).toBeVisible();
  // Once the window has ended the toast keeps its text, without Undo, until the call is done.
  await page.clock.fastForward(NOTICE_TIME);
  await expect(toast(page)).toHaveCount(0);
  await page.reload();
  await expect(investmentsTable(page).getByRole('link').first()).toBeVisible();
  await expect(investmentsTable(page).getByRole('link', { name, exact: true })).toHaveCount(0);
});
