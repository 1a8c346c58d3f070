import { test, expect, loginAsDemo } from '../fixtures';
import type { Page } from '@playwright/test';

function investmentsTable(page: Page) {
  return page.getByRole('table', { name: 'Investments' });
}

function historyTable(page: Page) {
  return page.getByRole('table', { name: 'Transactions' });
}

test('delete an investment: gone from home and from /history, and back stays home', async ({
  page,
}) => {
  await page.clock.install();
  await loginAsDemo(page);
  const link = investmentsTable(page).getByRole('link').first();
  const name = (await link.textContent()) ?? '';
  expect(name).not.toBe('');
  await page.goto('/history');
  await expect(historyTable(page).getByText(name, { exact: true }).first()).toBeVisible();
  await page.goto('/home');
  await investmentsTable(page).getByRole('link', { name, exact: true }).click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);

  await page.getByRole('button', { name: 'Delete investment' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toContainText(
    new RegExp(`${name} and its \\d+ transactions? will be deleted\\.`),
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(dialog).toBeHidden();
  await expect(investmentsTable(page).getByRole('link').first()).toBeVisible();
  await expect(investmentsTable(page).getByRole('link', { name, exact: true })).toHaveCount(0);
  // The call goes when the Undo window ends; its toast stays until the call is done.
  await page.clock.fastForward(5_000);
  await expect(page.getByRole('status').filter({ hasText: 'Investment deleted' })).toHaveCount(0);

  // The deleted page's entry was replaced: back does not return to it.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/investments\//);

  await page.goto('/history');
  await expect(historyTable(page).getByRole('row').nth(1)).toBeVisible();
  await expect(historyTable(page).getByText(name, { exact: true })).toHaveCount(0);
});

test('delete a portfolio: it and its investments are gone from home', async ({ page }) => {
  await loginAsDemo(page);
  await page
    .getByRole('table', { name: 'Portfolios' })
    .getByRole('link', { name: 'Crypto', exact: true })
    .click();
  await expect(page).toHaveURL(/\/portfolios\/[^/]+$/);
  await expect(investmentsTable(page).getByRole('link').first()).toBeVisible();
  const held = await investmentsTable(page).getByRole('link').allTextContents();
  expect(held.length).toBeGreaterThan(0);

  await page.getByRole('button', { name: 'Delete portfolio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete Crypto?' });
  await expect(dialog).toContainText(
    `Crypto, its ${held.length} investments and their transactions will be deleted.`,
  );
  await dialog.getByRole('button', { name: 'Delete' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page.getByRole('table', { name: 'Portfolios' }).getByRole('link', { name: 'Crypto' }),
  ).toHaveCount(0);
  await expect(investmentsTable(page).getByRole('link').first()).toBeVisible();
  for (const name of held) {
    await expect(investmentsTable(page).getByRole('link', { name, exact: true })).toHaveCount(0);
  }
});
