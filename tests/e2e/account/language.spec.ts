// Danish and English (issue 15), in both projects: a browser that prefers Danish gets Danish
// texts and figures; Profile's Language switches to English, which the device remembers.
import { test, expect, DEMO, logIn, LOGIN_LABELS } from '../fixtures';

test.use({ locale: 'da-DK' });

test('a Danish browser opens in Danish; English chosen in Profile stays', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'da');
  await logIn(page, DEMO, LOGIN_LABELS.da);

  // Danish labels, and Danish figures: a point between thousands, a comma before the øre.
  await expect(page.getByRole('table', { name: 'Porteføljer' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Investeringer' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Samlet værdi' })).toContainText(
    /\d\.\d{3},\d\d\sDKK/,
  );
  await expect(page.getByRole('combobox', { name: 'Periode' })).toHaveValue('Day');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Profil' }).click();
  await page.getByRole('combobox', { name: 'Sprog' }).selectOption('English');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Show currency' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  // A new visit on this device keeps English, though the browser prefers Danish.
  await page.goto('/home');
  await expect(page.getByRole('table', { name: 'Portfolios' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total value' })).toContainText(
    /DKK\s\d{1,3}(,\d{3})+\.\d\d/,
  );
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Day');
});
