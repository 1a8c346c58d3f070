import { test, expect } from '@playwright/test';

test('the app boots on the landing page with Login and Register', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Formue');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
});
