// A second visit paints the last figures at once, marked as updating, while the server is asked
// again (issue 16); logging out forgets them. The data calls are held back by the browser here,
// on the live build (the demo's calls never leave the page).
import { test, expect, loginAsDemo, serverOnly } from './fixtures';

test('a second visit shows the last figures at once, as updating, until the answers come', async ({
  page,
}) => {
  serverOnly();
  await loginAsDemo(page);
  const card = page.getByRole('region', { name: 'Total value' });
  const portfolios = page.getByRole('table', { name: 'Portfolios' });
  await expect(card).not.toHaveAttribute('aria-busy', 'true');
  await expect(portfolios.getByRole('link').first()).toBeVisible();
  const total = await card.getByText(/^DKK/).first().innerText();
  const names = await portfolios.getByRole('link').allInnerTexts();

  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/**', async (route) => {
    await released;
    await route.continue();
  });
  await page.reload();
  // No answer yet: the figures are the last visit's, said to be updating.
  await expect(card).toHaveAttribute('aria-busy', 'true');
  await expect(card.getByText('Updating…')).toBeVisible();
  await expect(card.getByText(total)).toBeVisible();
  await expect(portfolios.getByRole('link')).toHaveText(names);

  release();
  await expect(card).not.toHaveAttribute('aria-busy', 'true');
  await expect(card.getByText('Updating…')).toHaveCount(0);
  await expect(portfolios.getByRole('link')).toHaveText(names);
});

test('logging out forgets the figures: the next login waits for the server', async ({ page }) => {
  serverOnly();
  await loginAsDemo(page);
  await expect(
    page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first(),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('figures'))).toBeNull();
});
