import { test, expect, loginAsDemo, demoOnly } from './fixtures';

const DEMO_PORTFOLIOS = ['Pension', 'US tech', 'Danish dividends', 'Crypto'];

test('the demo account logs in and its portfolios load', async ({ page }) => {
  await loginAsDemo(page);
  const portfolios = page.getByRole('table', { name: /portfolios/i });
  for (const name of DEMO_PORTFOLIOS) {
    await expect(portfolios.getByRole('link', { name: new RegExp(`^${name}\\b`) })).toBeVisible();
  }
  const investments = page.getByRole('table', { name: /investments/i });
  await expect(investments.getByRole('link', { name: /^Novo Nordisk B\b/ })).toBeVisible();
});

test('the Demo tools tab covers none of the top bar controls', async ({ page }) => {
  demoOnly();
  await loginAsDemo(page);
  const tab = await page.getByRole('button', { name: 'Demo tools' }).boundingBox();
  expect(tab).not.toBeNull();
  for (const control of [
    page.getByRole('button', { name: 'Menu' }),
    page.getByRole('combobox', { name: 'Period' }),
  ]) {
    const box = await control.boundingBox();
    expect(box).not.toBeNull();
    if (!tab || !box) continue;
    const overlaps =
      tab.x < box.x + box.width &&
      box.x < tab.x + tab.width &&
      tab.y < box.y + box.height &&
      box.y < tab.y + tab.height;
    expect(overlaps).toBe(false);
  }
});
