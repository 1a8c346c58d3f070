import { test, expect, loginAsDemo, openInvestment, DEMO_ONLY } from '../fixtures';

test('settings are switches stored as cookies', async ({ page, context }) => {
  await loginAsDemo(page, { path: '/profile' });
  const showCurrency = page.getByRole('switch', { name: 'Show currency' });
  await expect(showCurrency).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Show decimals' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Hide sold investments' })).toBeChecked();
  // The defaults are in the cookies from the start, kept for about a year.
  const cookie = async (name: string) => (await context.cookies()).find((c) => c.name === name);
  for (const name of ['show_currency', 'show_decimals', 'hide_sold_investments']) {
    expect((await cookie(name))?.value).toBe('true');
  }
  expect((await cookie('selected_period'))?.value).toBe('Day');
  const daysKept = ((await cookie('selected_period'))!.expires * 1000 - Date.now()) / 86_400_000;
  expect(daysKept).toBeGreaterThan(360);
  await showCurrency.click();
  await expect(showCurrency).not.toBeChecked();
  expect((await cookie('show_currency'))?.value).toBe('false');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Show currency' })).not.toBeChecked();
});

test('changing the period stores it and refreshes value and chart', async ({ page, context }) => {
  await loginAsDemo(page);
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveValue('Day');
  const total = page.getByRole('region', { name: 'Total value' });
  await expect(total.getByRole('img', { name: /chart.*Day/ })).toBeVisible();
  const dayChange = await total.getByText(/\(.*%\)/).textContent();
  await period.selectOption('Year');
  await expect(total.getByRole('img', { name: /chart.*Year/ })).toBeVisible();
  await expect(total.getByText(/\(.*%\)/)).not.toHaveText(dayChange ?? '');
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'selected_period')?.value).toBe('Year');
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Period' })).toHaveValue('Year');
});

test('data created in the demo survives a reload', async ({ page }) => {
  await loginAsDemo(page);
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await page.getByLabel('Portfolio name').fill('Kept after reload');
  await page.getByRole('button', { name: 'Add' }).click();
  // Saved once the form has left: a navigation started before that is cut short by the app's own.
  await expect(page).not.toHaveURL(/\/portfolios\/create$/);
  await page.goto('/home');
  await expect(page.getByText('Kept after reload')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Kept after reload')).toBeVisible();
});

test('two tabs of the demo keep what each of them saved', async ({ page }) => {
  await loginAsDemo(page);
  const other = await page.context().newPage();
  await other.goto('/portfolios/create');
  await other.getByLabel('Portfolio name').fill('Saved in tab two');
  await other.getByRole('button', { name: 'Add' }).click();
  await expect(other).toHaveURL(/\/home$/);

  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await page.getByLabel('Portfolio name').fill('Saved in tab one');
  await page.getByRole('button', { name: 'Add' }).click();
  const portfolios = page.getByRole('table', { name: /portfolios/i });
  await expect(portfolios.getByRole('link', { name: 'Saved in tab one' })).toBeVisible();
  await expect(portfolios.getByRole('link', { name: 'Saved in tab two' })).toBeVisible();
  await page.reload();
  await expect(portfolios.getByRole('link', { name: 'Saved in tab two' })).toBeVisible();
});

test(
  'on a slow server the investment page keeps its Actions in place as the figures arrive',
  DEMO_ONLY,
  async ({ page }) => {
    await loginAsDemo(page);
    await page.getByRole('button', { name: 'Demo tools' }).click();
    await page.getByLabel('Latency').selectOption('1000');
    await page.getByRole('button', { name: 'Demo tools' }).click();
    // By the app's own link: a page load would start a new mock server at the demo's latency.
    await openInvestment(page, 'Apple');
    await expect(page).toHaveURL(/\/investments\/37$/);
    const actions = page.getByRole('region', { name: 'Actions', exact: true });
    await expect(page.getByRole('status', { name: 'Loading statistics' })).toBeVisible();
    const whileLoading = await actions.boundingBox();
    expect(whileLoading).not.toBeNull();
    await expect(page.getByRole('table', { name: 'Investment statistics' })).toBeVisible({
      timeout: 10_000,
    });
    const loaded = await actions.boundingBox();
    expect(Math.abs((loaded?.y ?? Infinity) - (whileLoading?.y ?? 0))).toBeLessThanOrEqual(2);
  },
);

// One visit for three screens that are only looked at: History, Profile's overlay and a portfolio,
// reached by the menu.
test('History newest first, the Edit Profile overlay, and a portfolio row that counts its sold investment apart', async ({
  page,
}) => {
  await loginAsDemo(page);
  const menuLink = async (name: string) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name }).click();
  };

  await test.step('history lists events newest first with YYYY-MM-DD dates', async () => {
    await menuLink('History');
    await expect(page).toHaveURL(/\/history$/);
    // History loads its events when it opens.
    await expect(
      page.getByRole('table', { name: 'Transactions' }).getByRole('row').nth(6),
    ).toBeVisible();
    const dates = await page.getByRole('row').allTextContents();
    const found = dates
      .map((row) => /\d{4}-\d{2}-\d{2}/.exec(row)?.[0])
      .filter((d): d is string => !!d);
    expect(found.length).toBeGreaterThan(5);
    expect([...found].sort().reverse()).toEqual(found);
  });

  await test.step('the Edit Profile overlay opens and Cancel closes it', async () => {
    await menuLink('Profile');
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByLabel('Name')).toBeVisible();
    await expect(dialog.getByLabel('Email')).toBeVisible();
    await expect(dialog.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('Current password')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('a portfolio row counts its sold investment apart, and its page shows it on request', async () => {
    await menuLink('Dashboard');
    await expect(page).toHaveURL(/\/home$/);
    const row = page
      .getByRole('table', { name: 'Portfolios' })
      .getByRole('row')
      .filter({ hasText: /\d+ held · 1 sold/ });
    await row.getByRole('link').click();
    const investments = page.getByRole('table', { name: 'Investments' });
    await expect(investments.getByText('0 shares')).toHaveCount(0);
    await page.getByRole('button', { name: 'Show sold (1)' }).click();
    await expect(investments.getByText('0 shares')).toBeVisible();
  });
});
