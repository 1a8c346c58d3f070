// Real prices, the whole flow on an investment: the price line says what the investment is
// valued at; a price typed for today takes over ("typed in") and changes its value; deleting it
// brings the market's price back. On the server, a split the market reports and the holding has not
// recorded shows where its loss would (issue 34, defect 4), one tap from recording it.
import { test, expect, loginAsDemo, register, SERVER_ONLY } from '../fixtures';
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

/** About −90 %: ten shares valued at a tenth of their price. */
const LOSS_OF_NINE_TENTHS = /[−-][89]\d\.\d\d\s?%/;

test(
  'a split the market reports shows on home with Record split, which records it',
  SERVER_ONLY,
  async ({ page }) => {
    // The demo's market reports no splits (src/contract/market/synthetic-market.ts); the fake Yahoo
    // reports NVIDIA's 10-for-1 of 2024-06-10 in its chart's events.splits.

    await register(page, { name: 'Sofie Holm', email: 'sofie@example.com', password: 'split-ten' });
    await page.getByRole('link', { name: 'Click here to create a portfolio' }).click();
    await page.getByLabel('Portfolio name').fill('US tech');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole('link', { name: 'Click here to create an Investment' }).click();
    await page.getByLabel('ISIN').fill('US67066G1040');
    await expect(page.getByRole('combobox', { name: 'Name' })).toHaveValue(/NVIDIA/);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel('Date').fill('2024-03-01');
    await page.getByLabel('Shares').fill('10');
    // About the unadjusted close of the day: ten times what Yahoo shows after the split.
    await page.getByLabel('Price pr. share').fill('1300');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page).toHaveURL(/\/home$/);

    const investments = page.getByRole('table', { name: 'Investments' });
    const row = investments.getByRole('row', { name: /NVIDIA/ });
    // Creating waits a while for the market's history, then answers anyway (a loaded machine's
    // fake market can be slower): the split shows once home is loaded after it came.
    await expect(async () => {
      await page.reload();
      await expect(row).toContainText('Split 1:10 (10 for 1) on 2024-06-10 not recorded', {
        timeout: 5_000,
      });
    }).toPass();
    // The loss the split makes until it is recorded, since the buy: 10 shares at a tenth of their
    // price.
    await page.getByRole('combobox', { name: 'Period' }).selectOption('Forever');
    await expect(row).toContainText(LOSS_OF_NINE_TENTHS);
    await expect(
      page.getByRole('table', { name: /portfolios/i }).getByRole('row', { name: /US tech/ }),
    ).toContainText('1 split not recorded');

    await row.getByRole('button', { name: 'Record split of NVIDIA' }).click();
    const form = page.getByRole('dialog', { name: 'Stock Split' });
    await expect(form.getByLabel('Date')).toHaveValue('2024-06-10');
    await expect(form.getByLabel('Shares after split')).toHaveValue('100');
    await expect(form).toContainText('1:10 (10 for 1)');
    await form.getByRole('button', { name: 'Add' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Stock Split', includeHidden: true }),
    ).toHaveCount(0);

    await expect(row).not.toContainText('not recorded');
    await expect(row.getByRole('button', { name: /Record split/ })).toHaveCount(0);
    await expect(row).toContainText('100 shares');
    await expect(row).not.toContainText(LOSS_OF_NINE_TENTHS);
  },
);
