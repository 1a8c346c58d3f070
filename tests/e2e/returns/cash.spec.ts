// A portfolio's cash (issue 38) on a phone and a desktop on the demo, on a phone on the server
// (DEVICES): turned on with an opening balance (a bad one refused under its field), a withdrawal
// that leaves it negative, deleted and brought back with Undo, then turned off; and its Danish
// texts (the demo only).
import {
  test,
  expect,
  loginAsDemo,
  DEMO,
  logIn,
  LOGIN_LABELS,
  DEVICES,
  expectNoSideScroll,
  DEMO_ONLY,
} from '../fixtures';
import type { Page } from '@playwright/test';

async function openPortfolio(page: Page) {
  await page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first().click();
  return page.getByRole('region', { name: 'Cash', exact: true });
}

for (const [device, viewport, details] of DEVICES) {
  test.describe(device, () => {
    test.use({ viewport });

    test('cash on, a withdrawal, its Undo, cash off', details, async ({ page }) => {
      await loginAsDemo(page);
      const cash = await openPortfolio(page);
      await expect(cash).toContainText('Cash is off');
      await cash.getByRole('button', { name: 'Turn cash on' }).click();
      const form = cash.getByRole('form', { name: 'Turn cash on' });
      const opening = form.getByLabel('Opening balance');
      await opening.fill('1.1234567');
      await form.getByRole('button', { name: 'Turn cash on' }).click();
      await expect(form).toContainText('Use at most 6 decimals.');
      await opening.fill('0');
      await form.getByRole('button', { name: 'Turn cash on' }).click();
      await expect(page.getByText('Cash switched on')).toBeVisible();
      const balances = cash.getByRole('list', { name: 'Cash balance per currency' });
      await expect(balances).toBeVisible();

      await cash.getByRole('button', { name: 'Add cash entry' }).click();
      const entry = cash.getByRole('form', { name: 'New cash entry' });
      await entry.getByLabel('Type').selectOption('withdrawal');
      await entry.getByLabel('Amount').fill('2500000');
      await entry.getByRole('button', { name: 'Add' }).click();
      await expect(page.getByText('Cash entry added')).toBeVisible();
      // More out than the demo's trades brought in: a margin account, shown in red.
      await expect(balances.locator('.cash__negative').first()).toBeVisible();
      const table = cash.getByRole('table', { name: 'Cash entries, newest first' });
      await expect(table).toContainText('Withdrawal');

      await table.getByRole('button', { name: /^Delete the Withdrawal of / }).click();
      await expect(page.getByText('Cash entry deleted')).toBeVisible();
      await page.getByRole('button', { name: 'Undo' }).click();
      await expect(page.getByText('Cash entry restored')).toBeVisible();
      await expect(table).toContainText('Withdrawal');

      await cash.getByRole('button', { name: 'Turn cash off' }).click();
      await cash
        .getByRole('form', { name: 'Turn cash off?' })
        .getByRole('button', { name: 'Turn cash off' })
        .click();
      await expect(cash).toContainText('Cash is off');
      await expectNoSideScroll(page);
    });
  });
}

test.describe('Danish', () => {
  test.use({ locale: 'da-DK' });

  test('a portfolio offers cash in Danish', DEMO_ONLY, async ({ page }) => {
    // Words only, the same in both builds: the server project proves cash in English above.

    await page.goto('/');
    await logIn(page, DEMO, LOGIN_LABELS.da);
    await page.getByRole('table', { name: 'Porteføljer' }).getByRole('link').first().click();
    const cash = page.getByRole('region', { name: 'Kontanter', exact: true });
    await expect(cash).toContainText('Kontanter er slået fra');
    await expect(cash.getByRole('button', { name: 'Slå kontanter til' })).toBeVisible();
  });
});
