// Returns on home, a portfolio and an investment (docs/returns.md), on a phone and a desktop on the
// demo, on a phone on the server (its stored prices; DEVICES); the words of a portfolio's, an investment's and the
// Danish ones on the demo.
import {
  test,
  expect,
  loginAsDemo,
  DEMO_ONLY,
  LOGIN_LABELS,
  DEVICES,
  expectNoSideScroll,
} from '../fixtures';

for (const [device, viewport, details] of DEVICES) {
  test.describe(device, () => {
    test.use({ viewport });

    test(
      'home: the returns with their sentences, a past year and its months',
      details,
      async ({ page }) => {
        await loginAsDemo(page);
        const section = page.getByRole('region', { name: 'Returns' });
        const figures = section.getByLabel('Returns', { exact: true });
        await expect(figures).toContainText(
          "Your money's growth, ignoring when you added or took out money.",
        );
        await expect(figures).toContainText('Your personal return, counting when you added money.');
        await expect(figures).toContainText(/Total return[\s\S]*DKK/);
        const year = new Date().getFullYear() - 1;
        await section.getByLabel('Over').selectOption(String(year));
        await expect(section).toContainText(`${year}-01-01 to ${year}-12-31`);
        await section.getByRole('button', { name: 'Returns by month' }).click();
        const months = section.getByRole('table', { name: 'Time-weighted return by month' });
        await expect(months.getByRole('rowheader', { name: String(year) })).toBeVisible();
        await expect(months.getByRole('cell').filter({ hasText: '%' }).first()).toBeVisible();
        // The page itself never scrolls sideways: the table does, inside its own box.
        await expectNoSideScroll(page);
      },
    );
  });
}

// Words only, the same at any width: on the phone.
test('a portfolio and an investment have their returns', DEMO_ONLY, async ({ page }) => {
  await loginAsDemo(page);
  await page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first().click();
  await expect(
    page.getByRole('region', { name: 'Returns' }).getByLabel('Returns', { exact: true }),
  ).toContainText('Time-weighted return (TWR)');
  await page.getByRole('table', { name: 'Investments' }).getByRole('link').first().click();
  await expect(
    page.getByRole('region', { name: 'Returns' }).getByLabel('Returns', { exact: true }),
  ).toContainText('Money-weighted return (IRR)');
});

test.describe('Danish', () => {
  test.use({ locale: 'da-DK' });

  test('home says what each return measures in Danish', DEMO_ONLY, async ({ page }) => {
    await loginAsDemo(page, { labels: LOGIN_LABELS.da });
    const figures = page
      .getByRole('region', { name: 'Afkast', exact: true })
      .getByLabel('Afkast', { exact: true });
    await expect(figures).toContainText('Tidsvægtet afkast (TWR)');
    await expect(figures).toContainText(
      'Dit personlige afkast, hvor det tæller med, hvornår du satte penge ind.',
    );
  });
});
