// A second visit paints the last figures at once, marked as updating, while the server is asked
// again (issue 16); logging out forgets them. The data calls are held back by the browser here,
// on the live build (the demo's calls never leave the page).
import type { Browser, Page, Request } from '@playwright/test';
import {
  test,
  expect,
  DEMO_ONLY,
  logIn,
  loginAsDemo,
  onServer,
  register,
  SERVER_ONLY,
} from '../fixtures';

test(
  'a second visit shows the last figures at once, as updating, until the answers come',
  SERVER_ONLY,
  async ({ page }) => {
    // Through the overlay, so the first visit asks for its answers as the second does: opened at
    // /home, the server's page came with its own, and once the answers after the reload ordered
    // two portfolios of near value the other way (not yet understood).
    await page.goto('/');
    await logIn(page);
    const card = page.getByRole('region', { name: 'Total value' });
    const portfolios = page.getByRole('table', { name: 'Portfolios' });
    await expect(card).not.toHaveAttribute('aria-busy', 'true');
    await expect(portfolios.getByRole('link').first()).toBeVisible();
    const total = await card.getByText(/^DKK/).first().innerText();
    const names = await portfolios.getByRole('link').allInnerTexts();

    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/**', async (route) => {
      await released;
      await route.continue();
    });
    // The page as the service worker keeps it: the build's own, without the answers the server
    // puts in a page it sends (first-answers.spec.ts), which would leave nothing to wait for.
    await page.route('**/home', async (route) =>
      route.fulfill({
        response: await route.fetch({ url: new URL('/index.html', page.url()).href }),
      }),
    );
    await page.reload();
    // No answer yet: the figures are the last visit's, said to be updating.
    await expect(card).toHaveAttribute('aria-busy', 'true');
    await expect(card.getByText('Updating…')).toBeVisible();
    await expect(card.getByText(total)).toBeVisible();
    await expect(portfolios.getByRole('link')).toHaveText(names);

    release();
    await expect(card).not.toHaveAttribute('aria-busy', 'true');
    await expect(card.getByText('Updating…')).toHaveCount(0);
    await expect(portfolios.getByRole('link')).toHaveText(names);
  },
);

const ACCOUNT = { name: 'Ida Jensen', email: 'ida@example.com', password: 'first-session' };

/** A second browser (a phone, another computer) logged in to ACCOUNT. */
async function secondBrowser(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  await page.goto('/');
  await logIn(page, ACCOUNT);
  return page;
}

/** Saves a portfolio and an investment in it through the API, as a script would. */
async function saveThroughTheApi(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const post = async (path: string, body: unknown): Promise<{ data: { id: string } }> => {
      const token = /(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '';
      const response = await fetch(`/api/v1/${path}`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-XSRF-TOKEN': decodeURIComponent(token),
        },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status}`);
      return (await response.json()) as { data: { id: string } };
    };
    const portfolio = await post('portfolios', { name: 'Pension' });
    await post('investments', {
      investment: { portfolio_id: portfolio.data.id, name: 'Novo Nordisk B' },
      instrument: { type: 'stock', isin: 'DK0062498333' },
      buy_event: { date: '2024-01-02', shares: 10, share_price: 400, fee: 0, currency_code: 'DKK' },
    });
  });
}

test('what another browser saved shows at the next start, though home was on its first step', async ({
  page,
  browser,
}, testInfo) => {
  await register(page, ACCOUNT);
  const welcome = page.getByRole('region', { name: 'Welcome to Formue' });
  await expect(welcome).toBeVisible();
  // The demo keeps its data in this browser: there the page's own API stands in for another.
  const elsewhere = onServer(testInfo)
    ? await secondBrowser(browser, testInfo.project.use.baseURL)
    : page;
  await saveThroughTheApi(elsewhere);

  await page.reload();
  await expect(page.getByRole('region', { name: 'Total value' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Investments' }).getByRole('link', { name: /Novo Nordisk B/ }),
  ).toBeVisible();
  await expect(welcome).toHaveCount(0);
  if (elsewhere !== page) await elsewhere.context().close();
});

test(
  'logging out forgets the figures: the next login waits for the server',
  SERVER_ONLY,
  async ({ page }) => {
    await loginAsDemo(page);
    await expect(
      page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('figures'))).toBeNull();
  },
);

test.describe('the first code', () => {
  // Requests a service worker answers never reach page.route.
  test.use({ serviceWorkers: 'block' });

  test("the screen's code is asked for before the app's entry has even arrived", async ({
    page,
    context,
  }) => {
    await loginAsDemo(page);
    // A page of its own: the first one fetches every screen's code once it is idle.
    const visit = await context.newPage();
    let screenAsked = () => {};
    const asked = new Promise<void>((resolve) => (screenAsked = resolve));
    visit.on('request', (request) => {
      if (/\/assets\/profile-screen-[^/]+\.js$/.test(request.url())) screenAsked();
    });
    // The entry is held until the screen's code is asked for, or 15 s: without the preload, the
    // screen's code is asked for only once the entry has run.
    let askedFirst = false;
    await visit.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      askedFirst = await Promise.race([
        asked.then(() => true),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000)),
      ]);
      await route.continue();
    });
    await visit.goto('/profile');
    await expect(visit.getByRole('heading', { name: 'Profile' })).toBeVisible();
    expect(askedFirst).toBe(true);
  });

  /**
   * Opens /home with the app's entry held back until the home screen's code is asked for, and
   * counts the demo server's preload links then: only the preload script can have added them.
   */
  async function demoServerPreloadsBeforeTheEntry(page: Page): Promise<number> {
    let screenAsked = () => {};
    const asked = new Promise<void>((resolve) => (screenAsked = resolve));
    const onRequest = (request: Request) => {
      if (/\/assets\/home-[^/]+\.js$/.test(request.url())) screenAsked();
    };
    page.on('request', onRequest);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const entry = /\/assets\/index-[^/]+\.js$/;
    await page.route(entry, async (route) => {
      await released;
      await route.continue();
    });
    const opened = page.goto('/home');
    await asked;
    const links = await page.locator('link[rel="modulepreload"][href*="/mock-server-"]').count();
    release();
    await opened;
    await page.unroute(entry);
    page.off('request', onRequest);
    return links;
  }

  test(
    'a first visit of a device logged in to the untouched demo paints its figures at once, as updating',
    DEMO_ONLY,
    async ({ page }) => {
      await loginAsDemo(page);
      const card = page.getByRole('region', { name: 'Total value' });
      const portfolios = page.getByRole('table', { name: 'Portfolios' });
      await expect(portfolios.getByRole('link').first()).toBeVisible();
      // Every figure the visit keeps is kept: one kept after they are forgotten would be painted
      // instead of the demo's (CI once saw the card loading, the page reloaded mid-visit).
      const keptFigures = () =>
        page.evaluate(() => {
          const kept = JSON.parse(localStorage.getItem('figures') ?? '{}') as { figures?: object };
          return Object.keys(kept.figures ?? {}).sort();
        });
      await expect.poll(keptFigures).toEqual(['investments', 'portfolios', 'user', 'valuation']);
      const names = await portfolios.getByRole('link').allInnerTexts();
      // A device with no kept figures, forgotten as the reloaded page begins: one the visit keeps
      // between a removal now and the reload (a refresh answered late; CI with three workers saw
      // the card loading) would be painted instead. The demo server's code is held back, so
      // nothing answers.
      await page.addInitScript(() => localStorage.removeItem('figures'));
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/mock-server-[^/]+\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      await page.reload();
      // The demo's first figures, made when it was built: its own account's, said to be updating.
      await expect(card).toHaveAttribute('aria-busy', 'true');
      await expect(card.getByText('Updating…')).toBeVisible();
      await expect(card.getByText(/^DKK/).first()).toBeVisible();
      await expect(portfolios.getByRole('link')).toHaveText(names);

      release();
      await expect(card).not.toHaveAttribute('aria-busy', 'true');
      await expect(card.getByText('Updating…')).toHaveCount(0);
      await expect(portfolios.getByRole('link')).toHaveText(names);
    },
  );

  test(
    'the demo preloads its server only when there are no kept figures to paint first',
    DEMO_ONLY,
    async ({ page }) => {
      expect(await demoServerPreloadsBeforeTheEntry(page)).toBe(1);

      await loginAsDemo(page);
      await expect(
        page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first(),
      ).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('figures'))).not.toBeNull();
      expect(await demoServerPreloadsBeforeTheEntry(page)).toBe(0);
      // The demo server still starts, once the kept figures are painted.
      await expect(page.getByRole('region', { name: 'Total value' })).not.toHaveAttribute(
        'aria-busy',
        'true',
      );
    },
  );
});
