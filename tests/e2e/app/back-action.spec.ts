// The back action (a phone's back gesture, the browser's Back) closes what is open before it
// leaves a page: the app's own routing, the same on the demo and the server.
import { test, expect, loginAsDemo } from '../fixtures';

test('the back action closes the Login overlay', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Formue' })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Formue' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
});

test('the back action closes the side menu, and its links leave no menu entry', async ({
  page,
}) => {
  await loginAsDemo(page);
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(menu).toBeVisible();
  await page.goBack();
  await expect(menu).toHaveCount(0);
  await expect(page).toHaveURL(/\/home$/);

  await page.getByRole('button', { name: 'Menu' }).click();
  await menu.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/history$/);
  await expect(menu).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('table', { name: /portfolios/i })).toBeVisible();
});
