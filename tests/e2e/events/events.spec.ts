import { addTrade, test, expect, loginAsDemo, openInvestment, record } from '../fixtures';
import type { Page } from '@playwright/test';

async function openFirstInvestment(page: Page) {
  await loginAsDemo(page);
  await page
    .getByRole('table', { name: /investments/i })
    .getByRole('link')
    .first()
    .click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
  await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible();
  // The chart is the last part to load; the actions sit still once it has.
  await expect(page.getByRole('img', { name: /chart/i })).toBeVisible();
}

function sharesCell(page: Page) {
  return page
    .getByRole('table', { name: 'Investment statistics' })
    .getByRole('row', { name: /^Shares/ })
    .getByRole('cell')
    .last();
}

async function shares(page: Page): Promise<number> {
  const text = (await sharesCell(page).textContent()) ?? '';
  return Number(text.replace(/[^\d.,-]/g, '').replace(/,/g, ''));
}

test('buy adds shares and a transaction', async ({ page }) => {
  await openFirstInvestment(page);
  const before = await shares(page);
  await record(page, 'Buy', { Shares: '2', 'Price per share': '10.5' });
  await expect.poll(() => shares(page)).toBeCloseTo(before + 2, 2);
});

test('selling more than held shows how many are held and keeps the values', async ({ page }) => {
  await openFirstInvestment(page);
  await page.getByRole('button', { name: 'Sell' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sell' });
  await dialog.getByLabel('Shares').fill('999999');
  await dialog.getByLabel('Price per share').fill('1');
  await dialog.getByLabel('Currency').selectOption('DKK');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(/at most the [\d.,]+ shares you hold/)).toBeVisible();
  await expect(dialog.getByLabel('Shares')).toHaveValue('999999');
  await expect(dialog.getByLabel('Price per share')).toHaveValue('1');
});

test('sell one share', async ({ page }) => {
  await openFirstInvestment(page);
  const before = await shares(page);
  await page.getByRole('button', { name: 'Sell' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sell' });
  await dialog.getByLabel('Shares').fill('1');
  await dialog.getByLabel('Price per share').fill('100');
  await dialog.getByLabel('Currency').selectOption('DKK');
  await addTrade(dialog);
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => shares(page)).toBeCloseTo(before - 1, 2);
});

test('a dividend is recorded in the transactions', async ({ page }) => {
  await openFirstInvestment(page);
  await page.getByRole('button', { name: 'Dividend' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dividend' });
  await dialog.getByLabel('Total dividends').fill('123,45');
  await dialog.getByLabel('Currency').selectOption('DKK');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await page.goto('/history');
  await expect(page.getByRole('row', { name: /Dividend/ }).first()).toContainText('123');
});

test('a split without sold shares doubles the holding; the sold section stays disabled', async ({
  page,
}) => {
  await openFirstInvestment(page);
  const before = await shares(page);
  await page.getByRole('button', { name: 'Stock Split' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stock Split' });
  await expect(dialog.getByText('1:1')).toBeVisible();
  await dialog.getByLabel('Shares after split').fill(String(before * 2));
  await expect(dialog.getByText('1:2 (2 for 1)')).toBeVisible();
  await expect(dialog.getByLabel('Sold shares')).toBeDisabled();
  await dialog.getByLabel('Currency').selectOption('DKK');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => shares(page)).toBeCloseTo(before * 2, 2);
});

test('a reverse split with sold shares (cash in lieu)', async ({ page }) => {
  await openFirstInvestment(page);
  await page.getByRole('button', { name: 'Buy' }).click();
  const buy = page.getByRole('dialog', { name: 'Buy' });
  await buy.getByLabel('Shares').fill('10');
  await buy.getByLabel('Price per share').fill('100');
  await buy.getByLabel('Currency').selectOption('DKK');
  await addTrade(buy);
  await expect(buy).toHaveCount(0);
  const held = await shares(page);

  await page.getByRole('button', { name: 'Stock Split' }).click();
  const dialog = page.getByRole('dialog', { name: 'Stock Split' });
  const after = Math.floor(held / 2) - 1;
  await dialog.getByLabel('Shares after split').fill(String(after));
  await expect(dialog.getByLabel('Sold shares')).toBeEnabled();
  await dialog.getByLabel('Sold shares').fill('1');
  await dialog.getByLabel('Sold price per share').fill('50');
  await dialog.getByLabel('Currency').selectOption('DKK');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => shares(page)).toBeCloseTo(after, 2);
});

test('the back action and the close icon close an event overlay', async ({ page }) => {
  await openFirstInvestment(page);
  await page.getByRole('button', { name: 'Buy' }).click();
  await expect(page.getByRole('dialog', { name: 'Buy' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Buy' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);

  await page.getByRole('button', { name: 'Dividend' }).click();
  await page
    .getByRole('dialog', { name: 'Dividend' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Dividend' })).toHaveCount(0);
});

test('an overlay opened right after another closed stays open', async ({ page }) => {
  // Counts the page's pops: the close of an overlay pops its history entry, later.
  await page.addInitScript(() => {
    const counted = window as unknown as { pops: number };
    counted.pops = 0;
    window.addEventListener('popstate', () => (counted.pops += 1));
  });
  const pops = () => page.evaluate(() => (window as unknown as { pops: number }).pops);
  await openFirstInvestment(page);
  await page.getByRole('button', { name: 'Buy' }).click();
  await page.getByRole('dialog', { name: 'Buy' }).getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Sell' }).click();
  const sell = page.getByRole('dialog', { name: 'Sell' });
  await expect(sell).toBeVisible();
  // Once the pop of the first overlay's close has arrived, and a frame has been drawn since.
  await expect.poll(pops).toBe(1);
  await page.evaluate(
    () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
  );
  await expect(sell).toBeVisible();
  await sell.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The user's own back still closes an overlay.
  await page.getByRole('button', { name: 'Dividend' }).click();
  await expect(page.getByRole('dialog', { name: 'Dividend' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('Buy of a USD stock starts in USD; a price far from the market asks once, then saves', async ({
  page,
}) => {
  await loginAsDemo(page);
  await openInvestment(page, 'NVIDIA');
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  await expect(dialog.getByLabel('Currency')).toHaveValue('USD');
  await dialog.getByLabel('Shares').fill('1');
  await dialog.getByLabel('Price per share').fill('1');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(dialog.getByText(/^Did you mean USD\s[\d,]+\.\d\d\?$/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Use USD/ })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Buy saved')).toBeVisible();
});
