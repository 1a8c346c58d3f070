import { test as base, expect, type Page } from '@playwright/test';

export const DEMO = { email: 'demo@example.com', password: 'demo1234' } as const;

/** Every test fails on a console error or an uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export async function loginAsDemo(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Email').fill(DEMO.email);
  await dialog.getByLabel('Password').fill(DEMO.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Logs in as the demo user and opens the first investment row whose name matches. */
export async function openInvestment(page: Page, name: string | RegExp): Promise<void> {
  const table = page.getByRole('table', { name: /investments/i });
  await table.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
}
