import { test, expect, DEMO, logIn, loginAsDemo } from '../fixtures';

// Each guard only looks: one page logged out, one logged in.
test.describe('guards', () => {
  test('logged out, a protected route goes to Login and an unknown path says 404 Not Found', async ({
    page,
  }) => {
    await test.step('a protected route without the logged-in flag goes to Login', async () => {
      await page.goto('/history');
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    });

    await test.step('an unknown path says 404 Not Found when logged out too', async () => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: '404 Not Found' })).toBeVisible();
      await page.getByRole('link', { name: 'Go to Formue' }).click();
      await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    });
  });

  test('logged in, Login goes to home and an unknown path says 404 Not Found', async ({ page }) => {
    await loginAsDemo(page);

    await test.step('Login goes to home when the flag is set', async () => {
      await page.goto('/');
      await expect(page).toHaveURL(/\/home$/);
    });

    await test.step('an unknown path says 404 Not Found', async () => {
      await page.goto('/no/such/page');
      await expect(page.getByText('404 Not Found')).toBeVisible();
    });
  });
});

test('login with the demo account shows its portfolios', async ({ page }) => {
  await page.goto('/');
  await logIn(page);
  const portfolios = page.getByRole('table', { name: /portfolios/i });
  await expect(portfolios.getByRole('row')).not.toHaveCount(0);
  await expect(page.getByText('Click here to create a portfolio')).toHaveCount(0);
});

test('a wrong password is refused under the Email field', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Email').fill(DEMO.email);
  await dialog.getByLabel('Password').fill('wrong-password');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(dialog.getByText('These credentials do not match our records.')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(DEMO.email);
  await expect(page).toHaveURL(/\/$/);
});

test('register a new account, which starts empty', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Password').fill('analytical-engine');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
  // The welcome over both lists' empty texts (the product spec's), and no zero total.
  await expect(page.getByRole('link', { name: 'Click here to create a portfolio' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Total value' })).toHaveCount(0);
  // An investment leads to a portfolio first, not to a form that can only refuse.
  await page.getByRole('link', { name: 'Click here to create an Investment' }).click();
  await page.getByRole('link', { name: 'Create a portfolio first' }).click();
  await expect(page).toHaveURL(/\/portfolios\/create$/);
});

test('registering a taken e-mail shows the error under Email', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Name').fill('Someone');
  await dialog.getByLabel('Email').fill(DEMO.email);
  await dialog.getByLabel('Password').fill('long-enough-password');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(dialog.getByText('The email has already been taken.')).toBeVisible();
});

test('the menu shows the user and logs out to the landing page', async ({ page }) => {
  await loginAsDemo(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByText(DEMO.email)).toBeVisible();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/$/);
});
