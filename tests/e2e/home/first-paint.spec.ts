// A first visit of /home on the Formue server (issue 37): the page comes with home drawn from its
// answers, so the figures are on screen before any script has run; the app then takes the screen
// over, the same and where it was, on a phone and on a desktop (its sidebar), and works on it.
// The entry's script is held back here until told.
import type { Browser, Page, ViewportSize } from '@playwright/test';
import { LOGGED_IN_KEY } from '../../../src/machines/auth/auth-setup';
import { appTookOver, layoutShifted, menuOfWidth, PAINTED, recordLayoutShifts } from './takeover';
import { test, expect, loginAsDemo, SERVER_ONLY } from '../fixtures';

const TEXTS = {
  en: {
    locale: 'en-GB',
    total: 'Total value',
    portfolios: 'Portfolios',
    period: 'Period',
    year: 'Year',
    chart: /chart/i,
    menu: 'Menu',
    main: 'Main',
    history: 'History',
  },
  da: {
    locale: 'da-DK',
    total: 'Samlet værdi',
    portfolios: 'Porteføljer',
    period: 'Periode',
    year: 'År',
    chart: /graf/i,
    menu: 'Menu',
    main: 'Hovedmenu',
    history: 'Historik',
  },
};

interface Visit {
  page: Page;
  /** Lets the entry's script load. */
  release: () => void;
  close: () => Promise<void>;
}

/** A new device with the session of `from` (no figures kept, no worker), its entry held back. */
async function heldVisit(
  browser: Browser,
  from: Page,
  baseURL: string | undefined,
  locale: string,
  viewport: ViewportSize,
): Promise<Visit> {
  const context = await browser.newContext({
    baseURL,
    locale,
    viewport,
    serviceWorkers: 'block',
    storageState: {
      cookies: await from.context().cookies(),
      origins: [{ origin: baseURL ?? '', localStorage: [{ name: LOGGED_IN_KEY, value: 'true' }] }],
    },
  });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const page = await context.newPage();
  await page.route('**/assets/index-*.js', async (route) => {
    await released;
    await route.continue();
  });
  return { page, release, close: () => context.close() };
}

for (const [language, device, viewport] of PAINTED) {
  test(
    `a first visit paints home from the server before any script, then works (${language}, ${device})`,
    SERVER_ONLY,
    async ({ page, browser, baseURL }) => {
      const texts = TEXTS[language];
      await loginAsDemo(page);
      const portfolios = page.getByRole('table', { name: 'Portfolios' });
      await expect(portfolios.getByRole('link').first()).toBeVisible();
      const names = await portfolios.getByRole('link').allInnerTexts();

      const visit = await heldVisit(browser, page, baseURL, texts.locale, viewport);
      try {
        const held = visit.page;
        // The layout shifts of the whole visit, from its start.
        await recordLayoutShifts(held);
        await held.goto('/home', { waitUntil: 'commit' });
        const card = held.getByRole('region', { name: texts.total });
        const table = held.getByRole('table', { name: texts.portfolios });
        await expect(card.getByText(/DKK/).first()).toBeVisible();
        await expect(held.getByRole('img', { name: texts.chart })).toBeVisible();
        await expect(table.getByRole('link')).toHaveText(names);
        const total = await card.getByText(/DKK/).first().innerText();
        // The menu of the width: the burger on a phone, the sidebar on a desktop; never both.
        const menuShown = () => menuOfWidth(held, device, texts);
        const { sidebar } = await menuShown();
        if (device === 'desktop')
          await expect(sidebar.getByRole('link')).toContainText([texts.history]);
        const chartBox = await held.getByRole('img', { name: texts.chart }).boundingBox();
        expect(await appTookOver(held)).toBe(false);
        // The page is in the paint's language before the app has run.
        await expect(held.locator('html')).toHaveAttribute('lang', language);
        await held.screenshot({
          path: test.info().outputPath(`first-paint-${device}-${language}.png`),
        });

        visit.release();
        await expect.poll(() => appTookOver(held)).toBe(true);
        // The same screen, the same figures.
        await expect(card.getByText(/DKK/).first()).toHaveText(total);
        await expect(table.getByRole('link')).toHaveText(names);
        expect(await layoutShifted(held)).toBeLessThan(0.1);
        await menuShown();
        // The chart drawn again at its frame's width, in the same box.
        const drawnBox = await held.getByRole('img', { name: texts.chart }).boundingBox();
        expect(drawnBox?.y).toBe(chartBox?.y);
        expect(Math.abs((drawnBox?.height ?? 0) - (chartBox?.height ?? 0))).toBeLessThanOrEqual(1);
        await held.screenshot({ path: test.info().outputPath(`after-${device}-${language}.png`) });

        // It works: a period change, then a tap on a portfolio.
        await held
          .getByRole('combobox', { name: texts.period, exact: true })
          .selectOption({ label: texts.year });
        await expect(held.getByRole('img', { name: new RegExp(texts.year) })).toBeVisible();
        await table.getByRole('link').first().click();
        await expect(held).toHaveURL(/\/portfolios\/\d+/);
      } finally {
        await visit.close();
      }
    },
  );
}
