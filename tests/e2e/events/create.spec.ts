import { test, expect, loginAsDemo } from '../fixtures';
import type { Page } from '@playwright/test';

async function createPortfolio(page: Page, name: string) {
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await expect(page).toHaveURL(/\/portfolios\/create$/);
  await page.getByLabel('Portfolio name').fill(name);
  await page.getByRole('button', { name: 'Add' }).click();
  // Created, the app goes back a page: a navigation of the test's own would race that one.
  await expect(page).not.toHaveURL(/\/portfolios\/create$/);
}

test('a portfolio needs a name, then appears on home', async ({ page }) => {
  await loginAsDemo(page);
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/portfolios\/create$/);
  expect(
    await page
      .getByLabel('Portfolio name')
      .evaluate((el: HTMLInputElement) => el.validity.valueMissing),
  ).toBe(true);

  await page.getByLabel('Portfolio name').fill('Pension 2031');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).not.toHaveURL(/\/portfolios\/create$/);
  await page.goto('/home');
  await expect(
    page.getByRole('table', { name: /portfolios/i }).getByRole('link', { name: /Pension 2031/ }),
  ).toBeVisible();
});

test('create an investment: invalid ISIN blocks Next, a valid one goes through', async ({
  page,
}) => {
  await loginAsDemo(page);
  await createPortfolio(page, 'Tech bets');
  await page.goto('/home');
  await page.getByRole('link', { name: 'Add investment' }).click();
  await expect(page).toHaveURL(/\/investments\/create$/);

  await page.getByLabel('Portfolio').selectOption({ label: 'Tech bets' });
  await expect(page.getByLabel('Type')).toHaveValue('stock');
  await page.getByLabel('Name').fill('Apple (long term)');
  const isin = page.getByLabel('ISIN');
  await expect(isin).toHaveAttribute('placeholder', 'AB0123456789');
  await isin.fill('us0378331003');
  await expect(isin).toHaveValue('US0378331003');
  await expect(page.getByText('Must be a valid ISIN code')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Shares')).toBeDisabled();
  await expect(page.getByLabel('Shares')).toBeHidden();

  await isin.fill('US0378331005');
  await expect(page.getByText('Must be a valid ISIN code')).toHaveCount(0);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Shares')).toBeEnabled();
  await expect(page.getByLabel('Shares')).toBeVisible();
  await expect(page.getByLabel('Name')).toBeDisabled();
  await expect(page.getByLabel('Name')).toBeHidden();
  await expect(page.getByLabel('Fees')).toHaveValue('0.00');

  await page.getByLabel('Shares').fill('3');
  await page.getByLabel('Price pr. share').fill('190,50');
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(
    page
      .getByRole('table', { name: /investments/i })
      .getByRole('link', { name: /Apple \(long term\)/ }),
  ).toBeVisible();
});

// One login for both: neither saves anything, and Cancel comes back to home.
test('Cancel on the first page goes back; a crypto investment is checked as a symbol', async ({
  page,
}) => {
  await loginAsDemo(page);

  await test.step('Cancel on the first page goes back', async () => {
    await page.getByRole('link', { name: 'Add investment' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  await test.step('a crypto investment is checked as a symbol', async () => {
    await page.getByRole('link', { name: 'Add investment' }).click();
    await page.getByLabel('Type').selectOption({ label: 'Crypto' });
    const symbol = page.getByLabel('Symbol');
    await symbol.fill('nosuchcoin');
    await expect(page.getByText('Must be a valid Crypto Symbol')).toBeVisible();
    await symbol.fill('eth');
    await expect(symbol).toHaveValue('ETH');
    await expect(page.getByText('Must be a valid Crypto Symbol')).toHaveCount(0);
  });
});

test('Cancel goes back to a page loaded before the form, as history does', async ({ page }) => {
  await loginAsDemo(page, { path: '/history' });
  await page.goto('/portfolios/create');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
});

test('a create form opened by a deep link returns to home, not out of the app', async ({
  page,
}) => {
  await loginAsDemo(page);
  // A new tab, so the form is the first entry of its history.
  const tab = await page.context().newPage();
  await tab.goto('/investments/create');
  await tab.reload();
  await tab.getByRole('button', { name: 'Cancel' }).click();
  await expect(tab).toHaveURL(/\/home$/);

  const second = await page.context().newPage();
  await second.goto('/portfolios/create');
  await second.getByLabel('Portfolio name').fill('Deep link');
  await second.getByRole('button', { name: 'Add' }).click();
  await expect(second).toHaveURL(/\/home$/);
  await expect(
    second.getByRole('table', { name: /portfolios/i }).getByRole('link', { name: 'Deep link' }),
  ).toBeVisible();
});
