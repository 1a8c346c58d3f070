// A phone's first visit of /home on the Formue server (issue 37): the page comes with home's
// first answers, so the figures paint with no data call. Those calls are refused here and
// counted: none may be made.
import { FIRST_CALLS } from '../../../src/contract/first-calls';
import { LOGGED_IN_KEY } from '../../../src/machines/auth/auth-setup';
import { test, expect, loginAsDemo, SERVER_ONLY } from '../fixtures';

/** The calls home makes first, under /api/v1, which its page answers. */
const HOME = FIRST_CALLS['/home'] ?? [];

test(
  'a first visit of /home paints its figures without asking for them',
  SERVER_ONLY,
  async ({ page, browser, baseURL }) => {
    await loginAsDemo(page);
    const portfolios = page.getByRole('table', { name: 'Portfolios' });
    await expect(portfolios.getByRole('link').first()).toBeVisible();
    const names = await portfolios.getByRole('link').allInnerTexts();

    // A new device: the session's cookies and the logged-in flag, no figures kept, no worker.
    const context = await browser.newContext({
      baseURL,
      serviceWorkers: 'block',
      storageState: {
        cookies: await page.context().cookies(),
        origins: [
          { origin: baseURL ?? '', localStorage: [{ name: LOGGED_IN_KEY, value: 'true' }] },
        ],
      },
    });
    try {
      const visit = await context.newPage();
      const asked: string[] = [];
      await visit.route('**/api/v1/**', (route) => {
        const path = new URL(route.request().url()).pathname.replace('/api/v1', '');
        if (route.request().method() !== 'GET' || !HOME.includes(path)) return route.continue();
        asked.push(path);
        return route.abort();
      });
      await visit.goto('/home');
      const card = visit.getByRole('region', { name: 'Total value' });
      await expect(card.getByText(/^DKK/).first()).toBeVisible();
      await expect(card).not.toHaveAttribute('aria-busy', 'true');
      await expect(visit.getByRole('img', { name: /chart/i })).toBeVisible();
      await expect(visit.getByRole('table', { name: 'Portfolios' }).getByRole('link')).toHaveText(
        names,
      );
      await expect(
        visit.getByRole('table', { name: 'Investments' }).getByRole('link'),
      ).not.toHaveCount(0);
      expect(asked).toEqual([]);
    } finally {
      await context.close();
    }
  },
);
