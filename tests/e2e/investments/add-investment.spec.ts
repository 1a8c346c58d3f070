// Add investment with the catalogue: search by name, pick, create; identifier messages that say
// what is wrong. Runs on the demo (phone) and on the Node server (server), where a Danish fund
// outside the catalogue is named by its ISIN and then found by its name (the fake providers).
import type { Page } from '@playwright/test';
import { test, expect, loginAsDemo, SERVER_ONLY } from '../fixtures';

async function newPortfolio(page: Page, name: string) {
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await page.getByLabel('Portfolio name').fill(name);
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).not.toHaveURL(/\/portfolios\/create$/);
}

test('search "novo", pick Novo Nordisk B, and create it with the filled fields', async ({
  page,
}) => {
  await loginAsDemo(page);
  await newPortfolio(page, 'Pharma');
  await page.goto('/home');
  await page.getByRole('link', { name: 'Add investment' }).click();
  await expect(page).toHaveURL(/\/investments\/create$/);
  // Home (whose allocation also has a Portfolio choice) is gone once the form's title shows.
  await expect(page.getByRole('heading', { name: 'New investment' })).toBeVisible();
  await page.getByLabel('Portfolio').selectOption({ label: 'Pharma' });

  const name = page.getByRole('combobox', { name: 'Name' });
  await name.pressSequentially('novo');
  const list = page.getByRole('listbox', { name: 'Instruments found' });
  await expect(list.getByRole('option')).toHaveText([
    'Novo Nordisk BDK0062498333 · Stock / Fund · DKK',
    'Novonesis BDK0060336014 · Stock / Fund · DKK',
  ]);
  await expect(name).toHaveAttribute('aria-expanded', 'true');
  await list.getByRole('option', { name: /^Novo Nordisk B/ }).click();
  await expect(list).toBeHidden();
  await expect(name).toHaveValue('Novo Nordisk B');
  await expect(page.getByLabel('ISIN')).toHaveValue('DK0062498333');
  await expect(page.getByLabel('Type')).toHaveValue('stock');

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByLabel('Shares')).toBeEnabled();
  await expect(page.getByLabel('Currency')).toHaveValue('DKK');
  await page.getByLabel('Shares').fill('2');
  await page.getByLabel('Price pr. share').fill('400');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page
    .getByRole('table', { name: /portfolios/i })
    .getByRole('link', { name: /Pharma/ })
    .click();
  await expect(
    page.getByRole('table', { name: /investments/i }).getByRole('link', { name: /Novo Nordisk B/ }),
  ).toBeVisible();
});

// One login for both: neither creates anything; each opens the form afresh.
test('the form by keyboard, and a wrong check digit', async ({ page }) => {
  await loginAsDemo(page);

  await test.step('by keyboard: a symbol typed in fills name and currency; arrows and Enter choose', async () => {
    await page.goto('/investments/create');
    await page.getByLabel('Type').selectOption('crypto');
    await page.getByLabel('Symbol').fill('eth');
    await expect(page.getByRole('combobox', { name: 'Name' })).toHaveValue('Ethereum');

    const name = page.getByRole('combobox', { name: 'Name' });
    await name.fill('');
    await name.pressSequentially('sol');
    await expect(page.getByRole('option', { name: /^Solana/ })).toBeVisible();
    await name.press('ArrowDown');
    await name.press('Enter');
    await expect(name).toHaveValue('Solana');
    await expect(page.getByLabel('Symbol')).toHaveValue('SOL');
    await expect(page.getByLabel('Currency')).toHaveValue('USD');
    await expect(name).toBeFocused();
  });

  await test.step('a wrong check digit says which one was expected', async () => {
    await page.goto('/investments/create');
    await page.getByLabel('ISIN').fill('DK0062498334');
    await expect(page.getByText('Must be a valid ISIN code')).toBeVisible();
    await expect(page.getByText('The check digit is wrong: expected 3.')).toBeVisible();
  });
});

test(
  'a Danish fund outside the catalogue: its ISIN fills its name, then its name finds it',
  SERVER_ONLY,
  async ({ page }) => {
    await loginAsDemo(page, { path: '/investments/create' });
    const name = page.getByRole('combobox', { name: 'Name' });
    // Only OpenFIGI knows it: named as Bloomberg writes it.
    await page.getByLabel('ISIN').fill('DK0060300762');
    await expect(name).toHaveValue('SPARINVEST INDEX EMERGING MARKETS KL');

    await page.goto('/home');
    await page.getByRole('link', { name: 'Add investment' }).click();
    await expect(page.getByRole('heading', { name: 'New investment' })).toBeVisible();
    await name.pressSequentially('sparinvest');
    const list = page.getByRole('listbox', { name: 'Instruments found' });
    await expect(list.getByRole('option')).toHaveText([
      'SPARINVEST INDEX EMERGING MARKETS KLDK0060300762 · Stock / Fund · DKK',
    ]);
    await list.getByRole('option', { name: /^SPARINVEST INDEX/ }).click();
    await expect(name).toHaveValue('SPARINVEST INDEX EMERGING MARKETS KL');
    await expect(page.getByLabel('ISIN')).toHaveValue('DK0060300762');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByLabel('Currency')).toHaveValue('DKK');
  },
);
