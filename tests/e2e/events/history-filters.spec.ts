// History's filters and sums, on the demo: the app's own work over the events list, which the
// server answers as history.spec.ts shows in both projects.
import { test, expect, loginAsDemo } from '../fixtures';

// One login for both: they only filter what the demo holds.
test('History keeps its filters in the address and sums what its filter lists', async ({
  page,
}) => {
  await loginAsDemo(page);

  await test.step('History keeps its filters in the address: reload, back and forward bring them back', async () => {
    await page.goto('/history');
    const count = page.getByRole('status').filter({ hasText: /transactions?$/ });
    const all = (await count.textContent()) ?? '';
    await page.getByLabel('Type').selectOption({ label: 'Dividend' });
    await page.getByLabel('Search').fill('b');
    await expect(page).toHaveURL(/\/history\?type=div&q=b$/);
    const filtered = (await count.textContent()) ?? '';
    expect(filtered).toMatch(/^\d+ of \d+ transactions$/);
    expect(filtered).not.toBe(all);

    await page.reload();
    await expect(page.getByLabel('Type')).toHaveValue('div');
    await expect(page.getByLabel('Search')).toHaveValue('b');
    await expect(count).toHaveText(filtered);

    await page.goto('/home');
    await page.goBack();
    await expect(count).toHaveText(filtered);
    await page.goForward();
    await expect(page).toHaveURL(/\/home$/);
    await page.goBack();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(count).toHaveText(all);
  });

  await test.step('History sums what its filter lists: the dividends received, in DKK', async () => {
    await page.goto('/history?type=div');
    const sums = page.getByLabel('Sums');
    await expect(sums.getByRole('term')).toHaveText(['Dividend']);
    await expect(sums.getByRole('definition')).toHaveText([/^DKK\s[\d,]+\.\d\d$/]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(sums.getByRole('term')).toContainText(['Buy', 'Sell', 'Dividend']);
  });
});
