import { test, expect, loginAsDemo, SERVER_ONLY } from '../fixtures';

test('a second browser sees what the first saved', SERVER_ONLY, async ({ page, browser }) => {
  await loginAsDemo(page);
  await page.getByRole('link', { name: 'Add portfolio' }).click();
  await page.getByLabel('Portfolio name').fill('Seen from the laptop');
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page).toHaveURL(/\/home$/);

  const laptop = await browser.newContext();
  try {
    const other = await laptop.newPage();
    await loginAsDemo(other);
    const portfolios = other.getByRole('table', { name: /portfolios/i });
    await expect(portfolios.getByRole('link', { name: 'Seen from the laptop' })).toBeVisible();
  } finally {
    await laptop.close();
  }
});

test(
  'the session cookie is out of reach of scripts, and logout ends it on the server',
  SERVER_ONLY,
  async ({ page, context }) => {
    await loginAsDemo(page);
    expect(await page.evaluate(() => document.cookie)).not.toContain('formue_session');
    const session = (await context.cookies()).find((c) => c.name === 'formue_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    // The old cookie no longer opens anything.
    const replay = await page.request.get('/api/v1/user', {
      headers: { Accept: 'application/json', Cookie: `formue_session=${session?.value}` },
    });
    expect(replay.status()).toBe(401);
  },
);
