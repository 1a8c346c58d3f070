import {
  test as base,
  expect,
  type Cookie,
  type Locator,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { LOGGED_IN_KEY } from '../../src/machines/auth/auth-setup';
import { STORAGE_KEY } from '../../src/mock-server/memory/stored';
import { DEMO_ONLY, SERVER_ONLY } from './only';
import { resetServerData } from './server-backend';

export { DEMO_ONLY, SERVER_ONLY };

export const DEMO = { email: 'demo@example.com', password: 'demo1234' } as const;

const BROWSER_4XX_LOG = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** Every test fails on a console error or an uncaught exception in the page. */
export const test = base.extend<{ consoleErrors: string[]; freshData: void }>({
  // The demo starts each test with fresh data in a freshly reset page; the server needs telling.
  // After the context: its reset (playwright.config.ts's reuseContext) takes the last test's page
  // away first, so nothing it still sends reaches the server's fresh data.
  freshData: [
    async ({ context: _resetFirst }, use, testInfo) => {
      const otherProjects = onServer(testInfo) ? DEMO_ONLY : SERVER_ONLY;
      if (testInfo.tags.includes(otherProjects.tag))
        throw new Error(
          `${testInfo.project.name} should leave out ${otherProjects.tag} by its grepInvert`,
        );
      if (onServer(testInfo)) await resetServerData();
      await use();
    },
    { auto: true },
  ],
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        // Chromium logs every 4xx of a real server (a refused form is a 422); the app does not.
        if (message.type() === 'error' && !BROWSER_4XX_LOG.test(message.text()))
          errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function onServer(testInfo: TestInfo): boolean {
  return testInfo.project.name === 'server';
}

/** The Login overlay's words in each language the tests log in with. */
export const LOGIN_LABELS = {
  en: { login: 'Login', email: 'Email', password: 'Password' },
  da: { login: 'Log ind', email: 'E-mail', password: 'Adgangskode' },
} as const;

/** Logs in through the landing page's Login overlay, where the page is now. */
export async function logIn(
  page: Page,
  account: { email: string; password: string } = DEMO,
  labels: (typeof LOGIN_LABELS)[keyof typeof LOGIN_LABELS] = LOGIN_LABELS.en,
): Promise<void> {
  await page.getByRole('button', { name: labels.login }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel(labels.email).fill(account.email);
  await dialog.getByLabel(labels.password).fill(account.password);
  await dialog.getByRole('button', { name: labels.login }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** Registers `account` from the landing page, which leads to its (empty) home. */
export async function register(
  page: Page,
  account: { name: string; email: string; password: string },
): Promise<void> {
  await page.goto('/');
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Name').fill(account.name);
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

/** What a browser holds once logged in: its cookies and local storage (the demo's data, the flag). */
interface LoggedInBrowser {
  cookies: Cookie[];
  storage: [string, string][];
}

/** The first demo login of this worker, right after it: later tests start from it. */
let loggedInDemo: LoggedInBrowser | undefined;

/**
 * Opens home (or `path`) logged in as the demo user, as a browser that logged in before: the
 * Login overlay's own work is `logIn`'s, tested there. On the demo, the worker's first test logs
 * in through the overlay, and later ones start from the browser it left: the demo's data fresh
 * from that login, its session cookie and the logged-in flag. On the server, each test's data is
 * fresh (its reset ended every session): the browser logs in by the API, as the overlay does.
 * `labels`: the overlay's words in the browser's language, for a first login on the demo.
 */
export async function loginAsDemo(
  page: Page,
  {
    labels = LOGIN_LABELS.en,
    path = '/home',
  }: { labels?: (typeof LOGIN_LABELS)[keyof typeof LOGIN_LABELS]; path?: string } = {},
): Promise<void> {
  if (onServer(test.info())) {
    await logInByApi(page);
    await openLoggedIn(page, { cookies: [], storage: [[LOGGED_IN_KEY, 'true']] }, path);
    return;
  }
  if (loggedInDemo === undefined) {
    await page.goto('/');
    await logIn(page, DEMO, labels);
    loggedInDemo = await demoBrowser(page);
    if (path !== '/home') await page.goto(path);
    return;
  }
  await openLoggedIn(page, loggedInDemo, path);
}

/** The server's login, as the app sends it: its cookies land in the page's context. */
async function logInByApi(page: Page): Promise<void> {
  await page.request.get('/sanctum/csrf-cookie');
  const token = (await page.context().cookies()).find(({ name }) => name === 'XSRF-TOKEN');
  const response = await page.request.post('/api/v1/auth/login', {
    data: DEMO,
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': decodeURIComponent(token?.value ?? ''),
    },
  });
  expect(response.status(), 'the demo login by the API').toBe(200);
}

/** Opens `path` in a browser that holds these cookies and local storage. */
async function openLoggedIn(page: Page, { cookies, storage }: LoggedInBrowser, path: string) {
  // Any page of the origin opens its local storage; the manifest is the smallest. It comes first:
  // an app page still open could write its own session cookie over the one set here.
  await page.goto('/manifest.webmanifest');
  if (cookies.length > 0) await page.context().addCookies(cookies);
  await page.evaluate((entries) => {
    for (const [key, value] of entries) localStorage.setItem(key, value);
  }, storage);
  await page.goto(path);
}

async function demoBrowser(page: Page): Promise<LoggedInBrowser> {
  const kept = [STORAGE_KEY, LOGGED_IN_KEY];
  const storage = await page.evaluate(
    (keys) =>
      keys.flatMap((key): [string, string][] => {
        const value = localStorage.getItem(key);
        return value === null ? [] : [[key, value]];
      }),
    kept,
  );
  return { cookies: await page.context().cookies(), storage };
}

/**
 * Waits until every section of the page has its figures: no skeleton ("Loading …") left and no
 * figure being refreshed. A section that fills in pushes what is under it down (home's Returns by
 * about 230 px on a phone, often after its tables are shown): a test that presses a point of
 * the screen and holds it takes the point after this, or the page moves under its finger.
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('status', { name: /^Loading\b/ })).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * A phone's and a desktop's viewports, for the specs that run on both, with each one's test
 * details. The desktop's run is the demo's only: the server answers alike at any width, so on the
 * server the phone's run proves its answers and the demo's desktop run the wide layout (on the
 * server's one worker, each desktop repeat cost its test's whole time).
 */
export const DEVICES = [
  ['phone', { width: 390, height: 844 }, {}],
  ['desktop', { width: 1280, height: 800 }, DEMO_ONLY],
] as const;

/** Whether the page itself scrolls sideways (a table may, inside its own box). */
export async function expectNoSideScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The figure of an investment's statistics row ("Shares", "Costs", …). */
export function statistic(page: Page, label: string) {
  return page
    .getByRole('table', { name: 'Investment statistics' })
    .getByRole('row', { name: new RegExp(`^${label}`) })
    .getByRole('cell')
    .last();
}

/** Logs in as the demo user and opens the first investment row whose name matches. */
export async function openInvestment(page: Page, name: string | RegExp): Promise<void> {
  const table = page.getByRole('table', { name: /investments/i });
  await table.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\/investments\/[^/]+$/);
}

/** Records a Buy or Sell in DKK from the open investment's screen and waits for its overlay to go. */
export async function record(
  page: Page,
  kind: 'Buy' | 'Sell',
  values: Record<string, string>,
): Promise<void> {
  await page.getByRole('button', { name: kind, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: kind });
  for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label).fill(value);
  await dialog.getByLabel('Currency').selectOption('DKK');
  await addTrade(dialog);
  await closed(page, kind);
}

/**
 * Add of a buy or sale typed at a made-up price: where the form asks "Did you mean …?" (a price
 * far from the market's close), Add again saves it as typed.
 */
export async function addTrade(dialog: Locator): Promise<void> {
  const question = dialog.getByText(/^Did you mean/);
  await dialog.getByRole('button', { name: 'Add' }).click();
  await expect
    .poll(async () => (await dialog.count()) === 0 || (await question.count()) > 0)
    .toBe(true);
  if ((await question.count()) > 0) await dialog.getByRole('button', { name: 'Add' }).click();
}

/** The overlay has finished animating out (it is hidden from roles while it does). */
export async function closed(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('dialog', { name, includeHidden: true })).toHaveCount(0);
}
