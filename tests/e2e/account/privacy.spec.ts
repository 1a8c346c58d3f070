import { test, expect, loginAsDemo } from '../fixtures';
import type { Page } from '@playwright/test';

/** A DKK amount as the app writes one: "DKK 1,234.50" (the space may be a no-break space). */
const AMOUNT = /DKK\s[\d−-]/;
const PERCENT = /\d\.\d{1,2} %/;
/** A count of shares: "835 shares", or the statistics' "Shares" row with its figure. */
const SHARES = /\d shares|Shares\s+\d/;

function toggle(page: Page) {
  return page.getByRole('button', { name: 'Hide amounts' });
}

/** The screen's text once its figures have loaded. */
async function screenText(page: Page, loaded: string): Promise<string> {
  await expect(page.getByRole('main').getByText(PERCENT).first()).toBeVisible();
  await expect(page.getByRole('main')).toContainText(loaded);
  return page.getByRole('main').innerText();
}

test('Hide amounts masks every DKK amount on home, portfolio and investment, keeps percentages, and is remembered', async ({
  page,
}) => {
  await loginAsDemo(page);
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  expect(await screenText(page, 'Total value')).toMatch(AMOUNT);

  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  const home = await screenText(page, 'DKK ••••');
  expect(home).not.toMatch(AMOUNT);
  expect(home).toMatch(PERCENT);
  // A count of shares gives the amount away too.
  expect(home).toMatch(/•••• shares/);
  expect(home).not.toMatch(SHARES);

  await page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/portfolios\/[^/]+$/);
  const portfolio = await screenText(page, 'DKK ••••');
  expect(portfolio).not.toMatch(AMOUNT);
  expect(portfolio).toMatch(PERCENT);

  await page.getByRole('table', { name: 'Investments' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
  const investment = await screenText(page, 'DKK ••••');
  expect(investment).not.toMatch(AMOUNT);
  expect(investment).not.toMatch(SHARES);
  expect(investment).toMatch(PERCENT);

  await page.reload();
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'true');
  expect(await screenText(page, 'DKK ••••')).not.toMatch(AMOUNT);

  await toggle(page).click();
  await expect(toggle(page)).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('main')).not.toContainText('••••');
  expect(await screenText(page, 'Investment statistics')).toMatch(AMOUNT);
});
