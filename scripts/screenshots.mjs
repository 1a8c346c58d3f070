// Captures every screen of a running `vite preview` (demo build) at phone and desktop size, in
// light and dark, into docs/screenshots/. It builds nothing: run `npx vite build` and
// `vite preview --port 4173` first (BASE_URL overrides the address; SHOTS=buy,reauth takes only
// those, after the landing and login shots; SHOTS=danish only the Danish ones, *-da.png;
// SHOTS=password the Forgot password and Reset password pages).
import { mkdir } from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from './chromium.mjs';

const BASE_URL = process.env.BASE_URL ?? 'http://127.0.0.1:4173';
const OUT = new URL('../docs/screenshots/', import.meta.url);
const DEMO = { email: 'demo@example.com', password: 'demo1234' };

const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

/** The first investment on home, where most of the shots start. */
async function openFirstInvestment(page) {
  await page.goto(`${BASE_URL}/home`);
  await page.getByRole('table', { name: 'Investments' }).getByRole('link').first().click();
}

/** An investment's transactions: its second page on a phone, beside its figures on a desktop. */
async function showTransactions(page) {
  const transactions = page.getByRole('table', { name: 'Transactions' });
  await page.getByRole('heading', { name: 'Investment statistics' }).waitFor();
  const secondPage = page.getByRole('button', { name: 'Page 2' });
  if (await secondPage.isVisible()) await secondPage.click();
  else await transactions.scrollIntoViewIfNeeded();
}

/** Each shot: a name and how to reach it from a logged-in home screen. */
const SHOTS = [
  { name: 'home', go: (page) => page.goto(`${BASE_URL}/home`) },
  {
    name: 'home-chart',
    go: async (page) => {
      await page.goto(`${BASE_URL}/home`);
      // The pointer two thirds along the chart: its marker, dot and read-out.
      const chart = page.getByRole('img', { name: /^Value chart/ });
      await chart.waitFor();
      const box = await chart.boundingBox();
      await page.mouse.move(box.x + box.width * 0.66, box.y + box.height / 2);
    },
    after: (page) => page.mouse.move(0, 0),
  },
  {
    name: 'menu',
    // A desktop has the sidebar instead.
    devices: ['phone'],
    go: async (page) => {
      await page.goto(`${BASE_URL}/home`);
      await page.getByRole('button', { name: 'Menu' }).click();
    },
  },
  { name: 'history', go: (page) => page.goto(`${BASE_URL}/history`) },
  {
    name: 'history-filters',
    go: (page) => page.goto(`${BASE_URL}/history?q=a&type=buy&from=2024-01-01`),
  },
  { name: 'profile', go: (page) => page.goto(`${BASE_URL}/profile`) },
  {
    name: 'edit-profile',
    go: async (page) => {
      await page.goto(`${BASE_URL}/profile`);
      await page.getByRole('button', { name: 'Edit Profile' }).click();
    },
  },
  { name: 'portfolio-create', go: (page) => page.goto(`${BASE_URL}/portfolios/create`) },
  { name: 'investment-create', go: (page) => page.goto(`${BASE_URL}/investments/create`) },
  {
    name: 'investment-search',
    go: async (page) => {
      await page.goto(`${BASE_URL}/investments/create`);
      await page.getByRole('combobox', { name: 'Name' }).pressSequentially('novo');
      await page.getByRole('option', { name: /^Novo Nordisk B/ }).waitFor();
      await page.getByRole('combobox', { name: 'Name' }).press('ArrowDown');
    },
  },
  {
    name: 'portfolio',
    go: async (page) => {
      await page.goto(`${BASE_URL}/home`);
      await page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first().click();
    },
  },
  {
    name: 'investment',
    go: openFirstInvestment,
  },
  {
    name: 'investment-transactions',
    go: async (page) => {
      await openFirstInvestment(page);
      await showTransactions(page);
    },
  },
  {
    name: 'split',
    go: async (page) => {
      await openFirstInvestment(page);
      await page.getByRole('button', { name: 'Stock Split' }).click();
    },
  },
  {
    name: 'buy',
    go: async (page) => {
      await openFirstInvestment(page);
      await page.getByRole('button', { name: 'Buy' }).click();
      const dialog = page.getByRole('dialog', { name: 'Buy' });
      await dialog.getByLabel('Shares').fill('1.000');
      await dialog.getByLabel('Price per share').fill('412,50');
    },
  },
  {
    name: 'edit-event',
    go: async (page) => {
      await openFirstInvestment(page);
      await showTransactions(page);
      const transactions = page.getByRole('table', { name: 'Transactions' });
      await transactions
        .getByRole('button', { name: /^Edit the purchase of / })
        .first()
        .click();
    },
  },
  {
    name: 'delete-investment',
    go: async (page) => {
      await openFirstInvestment(page);
      await page.getByRole('button', { name: 'Delete investment' }).click();
    },
  },
  { name: 'not-found', go: (page) => page.goto(`${BASE_URL}/no/such/page`) },
  {
    name: 'home-allocation',
    go: async (page) => {
      await page.goto(`${BASE_URL}/home`);
      await page.getByRole('button', { name: 'Show allocation' }).click();
      await page.getByRole('region', { name: 'Allocation' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'portfolio-allocation',
    go: async (page) => {
      await page.goto(`${BASE_URL}/home`);
      await page.getByRole('table', { name: 'Portfolios' }).getByRole('link').first().click();
      await page.getByRole('button', { name: 'Show allocation' }).click();
      await page.getByRole('region', { name: 'Allocation' }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'home-privacy',
    go: async (page) => {
      await page.goto(`${BASE_URL}/home`);
      await page.getByRole('button', { name: 'Hide amounts' }).click();
    },
    // Privacy mode is remembered: the later shots show amounts again.
    after: (page) => page.getByRole('button', { name: 'Hide amounts' }).click(),
  },
  // Late: the long names stay on every later screen of the session.
  {
    name: 'home-long-name',
    go: async (page) => {
      await page.goto(`${BASE_URL}/portfolios/create`);
      await page.getByLabel('Portfolio name').fill('Pensionsopsparingskontoen');
      await page.getByRole('button', { name: 'Add' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/create'));
      await page.goto(`${BASE_URL}/investments/create`);
      await page.getByLabel('Portfolio').selectOption({ label: 'Pensionsopsparingskontoen' });
      await page.getByLabel('Name').fill('Pensionsopsparingskontoenaktieindeksfonden');
      await page.getByLabel('ISIN').fill('US0378331005');
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByLabel('Shares').fill('10');
      await page.getByLabel('Price pr. share').fill('100');
      await page.getByLabel('Currency').selectOption('DKK');
      await page.getByRole('button', { name: 'Create' }).click();
      await page.waitForURL((url) => !url.pathname.endsWith('/create'));
      await page.goto(`${BASE_URL}/home`);
      await page
        .getByRole('link', { name: 'Pensionsopsparingskontoenaktieindeksfonden' })
        .scrollIntoViewIfNeeded();
    },
  },
  // Near the end: if its Undo window runs out, only the last shot misses the investment.
  {
    name: 'toast',
    go: async (page) => {
      await openFirstInvestment(page);
      await page.getByRole('button', { name: 'Delete investment' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('button', { name: 'Undo' }).waitFor();
    },
    after: (page) =>
      page
        .getByRole('button', { name: 'Undo' })
        .click({ timeout: 2000 })
        .catch(() => {}),
  },
  // Last: it ends the session (a new context logs in again).
  {
    name: 'reauth',
    go: async (page) => {
      await openFirstInvestment(page);
      await page.getByRole('button', { name: 'Buy' }).click();
      const buy = page.getByRole('dialog', { name: 'Buy' });
      await buy.getByLabel('Shares').fill('3');
      await buy.getByLabel('Price per share').fill('123.45');
      await page.getByRole('button', { name: 'Demo tools' }).click();
      await page.getByRole('button', { name: 'Expire session' }).click();
      await page.getByRole('button', { name: 'Demo tools' }).click();
      await buy.getByRole('button', { name: 'Add' }).click();
      await page.getByRole('dialog', { name: 'Log in again' }).waitFor();
    },
  },
];

async function settle(page) {
  await page.waitForLoadState('networkidle');
  // Let skeletons resolve and the 300/500 ms overlay animations finish.
  await page
    .waitForFunction(() => !document.querySelector('.skeleton'), null, { timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(600);
}

/** Saves the settled page as `file` in docs/screenshots/, and says so. */
async function capture(page, file) {
  await settle(page);
  await page.screenshot({ path: new URL(file, OUT).pathname });
  console.log(file);
}

/** `shoot(page, device, colorScheme)` in a fresh context for each device and colour scheme. */
async function inEachContext(browser, { locale, colorSchemes }, shoot) {
  for (const [device, viewport] of Object.entries(VIEWPORTS)) {
    for (const colorScheme of colorSchemes) {
      const context = await browser.newContext({
        viewport,
        colorScheme,
        hasTouch: device === 'phone',
        locale,
      });
      await shoot(await context.newPage(), device, colorScheme);
      await context.close();
    }
  }
}

/** A new account's home (its first step), in a context of its own so the demo stays as it is. */
async function onboarding(browser, device, colorScheme) {
  const suffix = `${device}-${colorScheme}.png`;
  const context = await browser.newContext({
    viewport: VIEWPORTS[device],
    colorScheme,
    hasTouch: device === 'phone',
    locale: 'en-US',
  });
  const page = await context.newPage();
  await page.goto(`${BASE_URL}/`);
  await page.getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Password').fill('long-enough');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL(/\/home$/);
  await page.getByRole('region', { name: 'Welcome to Formue' }).waitFor();
  await capture(page, `onboarding-${suffix}`);
  await context.close();
}

/** Danish screens: a browser that prefers Danish (da-DK), phone and desktop, light. */
const DANISH_SHOTS = [
  { name: 'landing', go: () => undefined },
  { name: 'login', go: (page) => page.getByRole('button', { name: 'Log ind' }).click() },
  {
    name: 'home',
    go: async (page) => {
      const dialog = page.getByRole('dialog', { name: 'Formue' });
      await dialog.getByLabel('E-mail').fill(DEMO.email);
      await dialog.getByLabel('Adgangskode').fill(DEMO.password);
      await dialog.getByRole('button', { name: 'Log ind' }).click();
      await page.waitForURL(/\/home$/);
    },
  },
  {
    name: 'investment',
    go: (page) =>
      page.getByRole('table', { name: 'Investeringer' }).getByRole('link').first().click(),
  },
  { name: 'buy', go: (page) => page.getByRole('button', { name: 'Køb', exact: true }).click() },
  { name: 'history', go: (page) => page.goto(`${BASE_URL}/history`) },
  { name: 'profile', go: (page) => page.goto(`${BASE_URL}/profile`) },
];

async function danish(browser) {
  await inEachContext(
    browser,
    { locale: 'da-DK', colorSchemes: ['light', 'dark'] },
    async (page, device, colorScheme) => {
      await page.goto(`${BASE_URL}/`);
      for (const shot of DANISH_SHOTS) {
        await shot.go(page);
        await capture(page, `${shot.name}-${device}-${colorScheme}-da.png`);
      }
    },
  );
}

/** The password screens a logged-out user reaches from Login, English and Danish, light. */
async function passwordScreens(browser) {
  for (const [locale, suffix] of [
    ['en-US', ''],
    ['da-DK', '-da'],
  ]) {
    await inEachContext(browser, { locale, colorSchemes: ['light'] }, async (page, device) => {
      for (const [name, path] of [
        ['forgot-password', '/forgot-password'],
        ['reset-password', `/reset-password?token=demo&email=${encodeURIComponent(DEMO.email)}`],
      ]) {
        await page.goto(`${BASE_URL}${path}`);
        await page.getByRole('heading').first().waitFor();
        await capture(page, `${name}-${device}-light${suffix}.png`);
      }
    });
  }
}

async function run() {
  await mkdir(OUT, { recursive: true });
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    if (process.env.SHOTS === 'danish') return await danish(browser);
    if (process.env.SHOTS === 'password') return await passwordScreens(browser);
    const only = process.env.SHOTS?.split(',');
    await inEachContext(
      browser,
      { locale: 'en-US', colorSchemes: ['light', 'dark'] },
      async (page, device, colorScheme) => {
        const suffix = `${device}-${colorScheme}.png`;
        await page.goto(`${BASE_URL}/`);
        await capture(page, `landing-${suffix}`);
        await page.getByRole('button', { name: 'Login' }).click();
        await capture(page, `login-${suffix}`);
        const dialog = page.getByRole('dialog', { name: 'Formue' });
        await dialog.getByLabel('Email').fill(DEMO.email);
        await dialog.getByLabel('Password').fill(DEMO.password);
        await dialog.getByRole('button', { name: 'Login' }).click();
        await page.waitForURL(/\/home$/);

        const shots = SHOTS.filter(
          (s) => (!only || only.includes(s.name)) && (s.devices ?? [device]).includes(device),
        );
        for (const shot of shots) {
          await shot.go(page);
          await capture(page, `${shot.name}-${suffix}`);
          await shot.after?.(page);
        }
        if (!only || only.includes('onboarding')) await onboarding(browser, device, colorScheme);
      },
    );
    if (!process.env.SHOTS) {
      await danish(browser);
      await passwordScreens(browser);
    }
  } finally {
    await browser.close();
  }
}

await run();
