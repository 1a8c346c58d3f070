// A new investor's first session from start to end, on the demo and on the server: register,
// a portfolio, an investment from the catalogue, buy, sell and a dividend, the figures and
// History, then log out and in again to find it all as left.
import { test, expect, logIn, record, register, statistic } from '../fixtures';

const ACCOUNT = { name: 'Ida Jensen', email: 'ida@example.com', password: 'first-session' };

test('register, invest, trade, read the figures, log out and find it all again', async ({
  page,
}) => {
  await register(page, ACCOUNT);

  // A new account's home is its first step over the two empty lists: no zero total.
  await expect(page.getByRole('region', { name: 'Welcome to Formue' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total value' })).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: 'Click here to create an Investment' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Click here to create a portfolio' }).click();
  await page.getByLabel('Portfolio name').fill('Pension');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('link', { name: 'Click here to create an Investment' }).click();
  await expect(page.getByRole('heading', { name: 'New investment' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Name' }).pressSequentially('novo');
  await page
    .getByRole('listbox', { name: 'Instruments found' })
    .getByRole('option', { name: /^Novo Nordisk B/ })
    .click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Shares').fill('10');
  await page.getByLabel('Price pr. share').fill('400');
  // The first purchase shows its Total, as the Buy overlay does.
  await expect(page.getByLabel('Total')).toContainText('4,000.00');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/home$/);

  await page
    .getByRole('table', { name: /investments/i })
    .getByRole('link', { name: /Novo Nordisk B/ })
    .click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
  await expect(statistic(page, 'Shares')).toHaveText('10');
  await record(page, 'Buy', { Shares: '5', 'Price per share': '410' });
  await expect(statistic(page, 'Shares')).toHaveText('15');
  await record(page, 'Sell', { Shares: '3', 'Price per share': '420' });
  await expect(statistic(page, 'Shares')).toHaveText('12');
  await page.getByRole('button', { name: 'Dividend' }).click();
  const dividend = page.getByRole('dialog', { name: 'Dividend' });
  await dividend.getByLabel('Total dividends').fill('96');
  await dividend.getByLabel('Currency').selectOption('DKK');
  await dividend.getByRole('button', { name: 'Add' }).click();
  await expect(dividend).toHaveCount(0);
  await expect(statistic(page, 'Dividends')).toContainText('96.00');
  // 10 × 400 + 5 × 410 = 6,050 bought; 3 sold at the average cost of 403.33.
  await expect(statistic(page, 'Costs')).toContainText('4,840.00');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  const rows = page.getByRole('table', { name: 'Transactions' }).getByRole('row');
  // A header and the four events.
  await expect(rows).toHaveCount(5);

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await logIn(page, ACCOUNT);
  await page
    .getByRole('table', { name: /investments/i })
    .getByRole('link', { name: /Novo Nordisk B/ })
    .click();
  await expect(statistic(page, 'Shares')).toHaveText('12');
  await expect(statistic(page, 'Dividends')).toContainText('96.00');
});
