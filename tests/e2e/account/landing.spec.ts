import { test, expect, DEMO } from '../fixtures';

// One visit of the landing page: each step only looks, and the overlay's Close brings it back.
test('the landing page: Login and Register, no top bar, an overlay that is all a user can reach', async ({
  page,
}) => {
  await page.goto('/');

  await test.step('the app boots on the landing page with Login and Register', async () => {
    await expect(page).toHaveTitle('Formue');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  });

  await test.step('the landing page hides the top bar and shows the demo account', async () => {
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formue' });
    await expect(dialog.getByText(DEMO.email)).toBeVisible();
  });

  await test.step('an open overlay is the only thing a user can reach', async () => {
    const dialog = page.getByRole('dialog', { name: 'Formue' });
    await expect(dialog).toBeVisible();
    // The landing page's own Login button is behind the dialog, so "Login" names one button.
    await expect(page.getByRole('button', { name: 'Login' })).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Register' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('button', { name: 'Register' })).toBeVisible();
  });
});
