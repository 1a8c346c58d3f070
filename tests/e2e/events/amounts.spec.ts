// Amounts as entered beside DKK (issue 27, item 4), in both projects (the demo and the Node
// server): a listing's price in its currency then DKK, and a purchase typed in USD listed in
// History as typed and in DKK.
import { test, expect, loginAsDemo, openInvestment, closed } from '../fixtures';

/** DKK per USD: well outside the rates of the last decades is a figure converted wrong, or not at all. */
const PLAUSIBLE_USD_RATE = { min: 5, max: 9 };

const number = (text: string) => Number(text.replace(/,/g, ''));

test('a purchase typed in USD reads in History as typed and in DKK; the price line gives both', async ({
  page,
}) => {
  await loginAsDemo(page);
  await openInvestment(page, 'Bitcoin');

  const quote = page.getByText(/^Price USD\s/);
  // Then its day and source (the demo's market, or on the server the last trade's).
  await expect(quote).toHaveText(/^Price USD\s[\d,]+\.\d\d · DKK\s[\d,]+\.\d\d · \d{4}-\d\d-\d\d/);
  const [usdPrice, dkkPrice] = [...((await quote.textContent()) ?? '').matchAll(/[\d,]+\.\d\d/g)];
  const quoteRate = number(dkkPrice[0]) / number(usdPrice[0]);
  expect(quoteRate).toBeGreaterThan(PLAUSIBLE_USD_RATE.min);
  expect(quoteRate).toBeLessThan(PLAUSIBLE_USD_RATE.max);

  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy' });
  // Before the demo's own events, so the row is this purchase's alone.
  await dialog.getByLabel('Date').fill('2022-06-18');
  await dialog.getByLabel('Shares').fill('1');
  await dialog.getByLabel('Price per share').fill('17300');
  await dialog.getByLabel('Currency').selectOption('USD');
  await dialog.getByRole('button', { name: 'Add' }).click();
  await closed(page, 'Buy');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'History' }).click();
  const row = page
    .getByRole('table', { name: 'Transactions' })
    .getByRole('row', { name: /Edit the purchase of 2022-06-18, Bitcoin/ });
  await expect(row.getByRole('cell').nth(4)).toHaveText('USD 17,300.00');
  const value = row.getByRole('cell').last();
  await expect(value).toHaveText(/^USD\s17,300\.00 · DKK\s[\d,]+\.\d\d$/);
  const dkk = number(/DKK\s([\d,]+\.\d\d)/.exec((await value.textContent()) ?? '')?.[1] ?? '');
  expect(dkk / 17300).toBeGreaterThan(PLAUSIBLE_USD_RATE.min);
  expect(dkk / 17300).toBeLessThan(PLAUSIBLE_USD_RATE.max);

  // Privacy mode hides both figures.
  await page.getByRole('button', { name: 'Hide amounts' }).click();
  await expect(value).toHaveText('USD ••••hidden amount · DKK ••••hidden amount');
});
