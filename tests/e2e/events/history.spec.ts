// Back-dated events and corrections, in both projects (the demo and the Node server).
import type { Page } from '@playwright/test';
import { test, expect, loginAsDemo, record, closed, statistic } from '../fixtures';

async function openFirstInvestment(page: Page): Promise<string> {
  const link = page
    .getByRole('table', { name: /investments/i })
    .getByRole('link')
    .first();
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
  await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible();
  await expect(page.getByRole('img', { name: /chart/i })).toBeVisible();
  return name.trim();
}

async function shares(page: Page): Promise<number> {
  const text = (await statistic(page, 'Shares').textContent()) ?? '';
  return Number(text.replace(/[^\d.,-]/g, '').replace(/,/g, ''));
}

function transactions(page: Page) {
  return page.getByRole('table', { name: 'Transactions' });
}

async function showTransactions(page: Page) {
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(transactions(page)).toBeVisible();
}

async function showOverview(page: Page) {
  await page.getByRole('button', { name: 'Page 1' }).click();
  await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible();
}

test('a back-dated buy appears under its date in /history and changes the Forever figure', async ({
  page,
}) => {
  await loginAsDemo(page);
  await page.getByRole('combobox', { name: 'Period' }).selectOption('Forever');
  const total = page.getByRole('region', { name: 'Total value' });
  const forever = total.locator('.change-pill');
  await expect(total).toContainText('all time');
  const before = await forever.textContent();
  const name = await openFirstInvestment(page);
  await record(page, 'Buy', { Date: '2021-06-15', Shares: '5', 'Price per share': '1' });

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const row = transactions(page).getByRole('button', {
    name: `Edit the purchase of 2021-06-15, ${name}`,
  });
  await expect(row).toBeVisible();

  await page.goto('/home');
  await expect(total).toContainText('all time');
  await expect(forever).not.toHaveText(before ?? '');
});

test('a corrected price changes the investment statistics', async ({ page }) => {
  await loginAsDemo(page);
  await openFirstInvestment(page);
  await record(page, 'Buy', { Date: '2022-02-02', Shares: '4', 'Price per share': '10' });
  const costs = await statistic(page, 'Costs').textContent();

  await showTransactions(page);
  await transactions(page).getByRole('button', { name: 'Edit the purchase of 2022-02-02' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await expect(dialog.getByLabel('Date')).toHaveValue('2022-02-02');
  await expect(dialog.getByLabel('Shares')).toHaveValue('4');
  await dialog.getByLabel('Price per share').fill('1000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await closed(page, 'Buy');

  await showOverview(page);
  await expect(statistic(page, 'Costs')).not.toHaveText(costs ?? '');
});

test('a deleted event disappears from the list and its figures revert', async ({ page }) => {
  await loginAsDemo(page);
  await openFirstInvestment(page);
  const held = await shares(page);
  const costs = await statistic(page, 'Costs').textContent();
  await record(page, 'Buy', { Date: '2022-03-03', Shares: '2', 'Price per share': '10' });
  await expect.poll(() => shares(page)).toBeCloseTo(held + 2, 2);

  await showTransactions(page);
  const row = transactions(page).getByRole('button', { name: 'Edit the purchase of 2022-03-03' });
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const question = dialog.getByRole('group', { name: 'Delete the purchase of 2022-03-03?' });
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);

  await showOverview(page);
  await expect.poll(() => shares(page)).toBeCloseTo(held, 2);
  await expect(statistic(page, 'Costs')).toHaveText(costs ?? '');
});

test('a correction reopened at once after its save can be deleted', async ({ page }) => {
  await loginAsDemo(page);
  await openFirstInvestment(page);
  await record(page, 'Buy', { Date: '2022-04-04', Shares: '4', 'Price per share': '10' });
  await showTransactions(page);
  const row = transactions(page).getByRole('button', { name: 'Edit the purchase of 2022-04-04' });
  await row.click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await dialog.getByLabel('Price per share').fill('11');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // As soon as the dialog has closed (it is still animating out), the row is tapped again.
  await expect(dialog).toHaveCount(0);
  await row.click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  const question = dialog.getByRole('group', { name: 'Delete the purchase of 2022-04-04?' });
  await question.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(0);
});

test('a refused deletion says why and keeps the data', async ({ page }) => {
  await loginAsDemo(page);
  await openFirstInvestment(page);
  const held = await shares(page);
  await record(page, 'Sell', { Shares: String(held), 'Price per share': '1' });
  await expect.poll(() => shares(page)).toBe(0);

  await showTransactions(page);
  const oldest = transactions(page)
    .getByRole('button', { name: /^Edit the purchase of / })
    .last();
  const label = (await oldest.getAttribute('aria-label')) ?? '';
  await oldest.click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await dialog
    .getByRole('group', { name: /^Delete the purchase of / })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(dialog.getByRole('alert')).toContainText(
    /This would leave [\d.,]+ shares for the sale of/,
  );
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(transactions(page).getByRole('button', { name: label, exact: true })).toHaveCount(1);
  await showOverview(page);
  expect(await shares(page)).toBe(0);
});
