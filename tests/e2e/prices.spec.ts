// Real prices, the whole flow on an investment: the price line says what the investment is
// valued at; a price typed for today takes over ("typed in") and changes its value; deleting it
// brings the market's price back.
import { test, expect, loginAsDemo } from './fixtures';
import type { Page } from '@playwright/test';

/** The typed price: far from any market price, so the value's change shows. */
const TYPED = 1234.56;

/** The number of a DKK amount as the app writes it ("DKK 12,345.60"). */
const amountOf = (text: string) => Number(/DKK\s([\d,]+\.\d\d)/.exec(text)?.[1]?.replace(/,/g, ''));

function priceLine(page: Page) {
  // A stale day carries its mark's words for screen readers: "(Not current. …)".
  return page
    .getByRole('main')
    .getByText(/^Price DKK\s[\d,]+\.\d\d · \d{4}-\d\d-\d\d( \([^)]*\))? · /);
}

async function shares(page: Page): Promise<number> {
  const cell = page
    .getByRole('table', { name: 'Investment statistics' })
    .getByRole('row', { name: /^Shares/ })
    .getByRole('cell')
    .last();
  return Number(((await cell.textContent()) ?? '').replace(/,/g, ''));
}

test('a typed price values the investment, says "typed in", and goes when deleted', async ({
  page,
}) => {
  await loginAsDemo(page);
  await page
    .getByRole('table', { name: 'Investments' })
    .getByRole('link', { name: /Novo Nordisk/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
  await expect(priceLine(page)).toBeVisible();
  await expect(priceLine(page)).not.toContainText('typed in');
  const held = await shares(page);
  const total = page.getByRole('region', { name: 'Total value' });

  await page.getByRole('button', { name: 'Page 3' }).click();
  // The list itself is not awaited: on the server without a provider only trade days have a
  // price, and the last month may have none.
  const prices = page.getByRole('region', { name: 'Prices' });
  await prices.getByRole('button', { name: 'Add price' }).click();
  const form = prices.getByRole('form', { name: 'Add price' });
  const day = await form.getByLabel('Date').inputValue();
  await expect(form.getByLabel('Currency')).toHaveValue('DKK');
  await form.getByLabel('Price').fill('1234,56');
  await form.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('status').getByText('Price saved')).toBeVisible();
  await expect(priceLine(page)).toHaveText(`Price DKK 1,234.56 · ${day} · typed in`, {
    useInnerText: true,
  });
  await expect
    .poll(async () => amountOf((await total.textContent()) ?? ''))
    .toBeCloseTo(held * TYPED, 1);
  const row = prices.getByRole('row', { name: new RegExp(`^${day}`) });
  await expect(row).toContainText('typed in');

  await row.getByRole('button', { name: `Delete the price of ${day}` }).click();
  await expect(page.getByRole('status').getByText('Price deleted')).toBeVisible();
  await expect(priceLine(page)).not.toContainText('typed in');
  await expect(prices.getByRole('row', { name: /typed in/ })).toHaveCount(0);
  await expect
    .poll(async () => amountOf((await total.textContent()) ?? ''))
    .not.toBeCloseTo(held * TYPED, 1);
});
