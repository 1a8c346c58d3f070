import { test, expect, loginAsDemo } from '../fixtures';
import type { Locator } from '@playwright/test';

/** The legend's rows as [name, value, percent]. */
async function legend(table: Locator): Promise<string[][]> {
  // Head, body and foot: the body holds the slices.
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows.first()).toBeVisible();
  const found: string[][] = [];
  for (const row of await rows.all()) {
    const name = (await row.getByRole('rowheader').innerText()).trim();
    const cells = await row.getByRole('cell').allInnerTexts();
    found.push([name, ...cells.map((c) => c.trim())]);
  }
  return found;
}

/** Percents as "41.3 %", added up in tenths so that the sum is exact. */
function tenthsOf(rows: string[][]): number {
  return rows.reduce((sum, row) => sum + Math.round(Number(row[2].replace(/[^\d.]/g, '')) * 10), 0);
}

test('home shows the allocation; its percentages add up to 100 % and the grouping switches the rows', async ({
  page,
}) => {
  await loginAsDemo(page);
  const section = page.getByRole('region', { name: 'Allocation' });
  // Folded at first: its legend would repeat the portfolios table's names and values.
  await expect(section.getByRole('table')).toHaveCount(0);
  await section.getByRole('button', { name: 'Show allocation' }).click();
  await expect(section.getByRole('img', { name: 'Allocation by portfolio' })).toBeVisible();
  const byPortfolio = await legend(section.getByRole('table', { name: 'Allocation by portfolio' }));
  expect(byPortfolio.map((row) => row[0]).sort()).toEqual([
    'Crypto',
    'Danish dividends',
    'Pension',
    'US tech',
  ]);
  for (const row of byPortfolio) expect(row[1]).toMatch(/DKK\s\d/);
  expect(tenthsOf(byPortfolio)).toBe(1000);

  await section.getByRole('radio', { name: 'Currency' }).check();
  await expect(section.getByRole('img', { name: 'Allocation by currency' })).toBeVisible();
  const byCurrency = await legend(section.getByRole('table', { name: 'Allocation by currency' }));
  expect(byCurrency.map((row) => row[0]).sort()).toEqual(['DKK', 'EUR', 'USD']);
  expect(tenthsOf(byCurrency)).toBe(1000);

  await section.getByRole('radio', { name: 'Type' }).check();
  const byType = await legend(section.getByRole('table', { name: 'Allocation by type' }));
  expect(byType.map((row) => row[0]).sort()).toEqual(['Crypto', 'Funds', 'Stocks']);
  expect(tenthsOf(byType)).toBe(1000);

  // Shown and the choice are remembered on this device.
  await page.reload();
  await expect(section.getByRole('radio', { name: 'Type' })).toBeChecked();
});
