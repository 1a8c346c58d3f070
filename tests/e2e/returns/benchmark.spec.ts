// The benchmark (issue 38): "Compare with <benchmark>" draws the same money put into it beside
// the value, with a legend and both values in the read-out; Profile → Benchmark picks another.
// On the demo and the server (the fake market's listings); the Danish words on the demo.
import { test, expect, loginAsDemo, DEMO_ONLY, onServer } from '../fixtures';
import type { Page } from '@playwright/test';

const MSCI_WORLD = 'iShares Core MSCI World UCITS ETF';
const SPARINDEX = 'Sparindex INDEX Globale Aktier KL';

/** Named after the benchmark: the server's provider names the listing in full, or in capitals. */
const line = (name: string) => new RegExp(`^${name}`, 'i');

/**
 * On the server, until the benchmark's chart line is there: the server loads its history in the
 * background when first asked, and the line comes with a later chart answer. Then home again.
 */
async function benchmarkPriced(page: Page) {
  if (!onServer(test.info())) return;
  await expect
    .poll(async () => 'benchmark' in (await (await page.request.get('/api/v1/user/chart')).json()))
    .toBe(true);
  await page.reload();
}

/** The value card of the screen: its chart, the comparison toggle and the legend. */
function valueCard(page: Page, label: string) {
  const card = page.getByRole('region', { name: label });
  return {
    card,
    chart: card.getByRole('img', { name: /^Value chart/ }),
    legend: card.getByRole('list', { name: 'Lines of the chart' }),
    compare: (name: string) => card.getByRole('button', { name: `Compare with ${name}` }),
    readout: card.locator('[aria-live="polite"]'),
  };
}

test('home compares the value with the default benchmark; Profile picks another, which the charts then show', async ({
  page,
}) => {
  await loginAsDemo(page);
  await benchmarkPriced(page);
  const home = valueCard(page, 'Total value');
  await expect(home.compare(MSCI_WORLD)).toHaveAttribute('aria-pressed', 'false');
  await expect(home.legend).toHaveCount(0);
  await home.compare(MSCI_WORLD).click();
  await expect(home.compare(MSCI_WORLD)).toHaveAttribute('aria-pressed', 'true');
  await expect(home.legend.getByRole('listitem')).toHaveText(['Value', line(MSCI_WORLD)]);
  await expect(home.chart).toHaveAttribute('aria-description', new RegExp(MSCI_WORLD));
  // The read-out names both values.
  await home.chart.focus();
  await home.chart.press('End');
  await expect(home.readout).toContainText('Value');
  await expect(home.readout).toContainText(MSCI_WORLD);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Benchmark' });
  await expect(section).toContainText(new RegExp(`Compared with ${MSCI_WORLD}`, 'i'));
  const search = section.getByRole('combobox', { name: 'Pick another' });
  await search.pressSequentially('sparindex');
  await section.getByRole('option', { name: new RegExp(`^${SPARINDEX}`) }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Benchmark saved' })).toBeVisible();
  await expect(section).toContainText(new RegExp(`Compared with ${SPARINDEX}`, 'i'));

  await page.goto('/home');
  // The comparison stays on, now with the new benchmark.
  await expect(home.compare(SPARINDEX)).toHaveAttribute('aria-pressed', 'true');
  await expect(home.legend.getByRole('listitem')).toHaveText(['Value', line(SPARINDEX)]);
  await home.compare(SPARINDEX).click();
  await expect(home.legend).toHaveCount(0);
});

test('a portfolio compares with the benchmark on a desktop', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await loginAsDemo(page);
  await benchmarkPriced(page);
  await page
    .getByRole('table', { name: 'Portfolios' })
    .getByRole('link', { name: 'Pension' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pension' })).toBeVisible();
  const portfolio = valueCard(page, 'Total value');
  await portfolio.compare(MSCI_WORLD).click();
  await expect(portfolio.legend.getByRole('listitem')).toHaveText(['Value', line(MSCI_WORLD)]);
  const box = await portfolio.chart.boundingBox();
  if (!box) throw new Error('the chart is not drawn');
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2);
  await expect(portfolio.readout).toContainText(MSCI_WORLD);
});

test('Danish: Sammenlign med, and both lines named', DEMO_ONLY, async ({ page }) => {
  await loginAsDemo(page, { path: '/profile' });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('da');
  await page.goto('/home');
  const card = page.getByRole('region', { name: 'Samlet værdi' });
  await card.getByRole('button', { name: `Sammenlign med ${MSCI_WORLD}` }).click();
  await expect(card.getByRole('list', { name: 'Grafens linjer' }).getByRole('listitem')).toHaveText(
    ['Værdi', MSCI_WORLD],
  );
});
