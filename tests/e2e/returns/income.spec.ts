// Income (issue 38): a year's dividends, gross, tax withheld and net, by month and by holding,
// reached from home; on a phone and a desktop on the demo, on a phone on the server (DEVICES); its
// Danish words on the demo.
import {
  test,
  expect,
  loginAsDemo,
  DEMO_ONLY,
  LOGIN_LABELS,
  DEVICES,
  expectNoSideScroll,
} from '../fixtures';

const LAST_YEAR = String(new Date().getFullYear() - 1);

for (const [device, viewport, details] of DEVICES) {
  test.describe(device, () => {
    test.use({ viewport });

    test('home leads to a year’s dividends, gross, withheld and net', details, async ({ page }) => {
      await loginAsDemo(page);
      await page.getByRole('link', { name: 'Dividend income' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Income' })).toBeVisible();
      await page.getByLabel('Year').selectOption(LAST_YEAR);
      const holdings = page.getByRole('table', { name: 'Dividends by holding' });
      await expect(holdings.getByRole('columnheader')).toHaveText([
        'Holding',
        'Gross',
        'Tax withheld',
        'Net',
      ]);
      // The demo's Danish and US dividends have tax withheld at source.
      const withheld = holdings
        .getByRole('row', { name: /^Total/ })
        .getByRole('cell')
        .nth(1);
      await expect(withheld).toHaveText(/[1-9]/);
      const months = page.getByRole('table', { name: 'Dividends by month' });
      await expect(months.getByRole('rowheader')).toHaveCount(12);
      await expect(months.getByRole('rowheader').first()).toHaveText('January');
      await expectNoSideScroll(page);
    });
  });
}

test.describe('Danish', () => {
  test.use({ locale: 'da-DK' });

  test('the income view in Danish', DEMO_ONLY, async ({ page }) => {
    await loginAsDemo(page, { labels: LOGIN_LABELS.da });
    await page.getByRole('link', { name: 'Udbytter' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Indkomst' })).toBeVisible();
    await page.getByLabel('År').selectOption(LAST_YEAR);
    await expect(
      page.getByRole('table', { name: 'Udbytter pr. beholdning' }).getByRole('columnheader'),
    ).toHaveText(['Beholdning', 'Brutto', 'Udbytteskat', 'Netto']);
    await expect(page.getByRole('table', { name: 'Udbytter pr. måned' })).toContainText('januar');
  });
});
