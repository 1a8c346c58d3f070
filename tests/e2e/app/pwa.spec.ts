// Formue as an installable web app: the manifest and icons, Chromium's own installability check,
// the service worker's control and its offline shell, and the offer of a new version.
import { cp, mkdtemp, readFile, appendFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { Page } from '@playwright/test';
import {
  DEMO,
  DEMO_ONLY,
  expect,
  logIn,
  loginAsDemo,
  onServer,
  SERVER_ONLY,
  test,
} from '../fixtures';

// The service worker is what these tests are about; the others run without one (the config).
// A context of its own per test: these go offline and fill Cache Storage, which a reused
// context would carry into the next test (playwright.config.ts's reuseContext).
test.use({ serviceWorkers: 'allow', reuseContext: false });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Waits until the service worker is active, i.e. it has precached the build. */
async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

async function controlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

// Offline, Chromium logs each request the page could not send; those are the point here.
const OFFLINE_LOG = /net::ERR_INTERNET_DISCONNECTED/;

function dropOfflineLogs(consoleErrors: string[]): void {
  const others = consoleErrors.filter((message) => !OFFLINE_LOG.test(message));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

test('the manifest is linked and valid, and every icon answers in its declared size', async ({
  page,
}) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    id: '/',
    name: 'Formue',
    short_name: 'Formue',
    start_url: '/',
    scope: '/',
    display: 'standalone',
  });
  expect(manifest.description).toEqual(expect.any(String));
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`)).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  const appleTouch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
  const icons = [...manifest.icons, { src: appleTouch!, sizes: '180x180', type: 'image/png' }];
  for (const icon of icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type'], icon.src).toBe(icon.type);
    expect(pngSize(await image.body()), icon.src).toBe(icon.sizes);
  }
  // Light and dark browser chrome.
  await expect(page.locator('meta[name="theme-color"][media]')).toHaveCount(2);
  if (onServer(test.info())) {
    // Never kept by the HTTP cache, so a phone finds a new worker when the app opens.
    for (const path of ['/sw.js', '/manifest.webmanifest'])
      expect((await page.request.get(path)).headers()['cache-control'], path).toBe('no-cache');
  }
});

test(
  'the demo paints its landing page before its mock server has loaded',
  DEMO_ONLY,
  async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/mock-server-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formue' });
    await dialog.getByLabel('Email').fill(DEMO.email);
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    // The login waits for the demo server, then goes through.
    release();
    await expect(page).toHaveURL(/\/home$/);
  },
);

test(
  'the demo’s mock answers only the API: the app’s own files still load',
  DEMO_ONLY,
  async ({ page }) => {
    await loginAsDemo(page);
    const answer = await page.evaluate(async () => {
      const response = await fetch('/manifest.webmanifest');
      return { status: response.status, name: ((await response.json()) as { name: string }).name };
    });
    expect(answer).toEqual({ status: 200, name: 'Formue' });
  },
);

test('Chromium finds Formue installable', async ({ playwright }, testInfo) => {
  // Chromium never offers to install from an incognito profile, which every test context is.
  const profile = await mkdtemp(join(tmpdir(), 'formue-profile-'));
  const { launchOptions, viewport, baseURL } = testInfo.project.use;
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    viewport,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await serviceWorkerReady(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});

test('the service worker takes control of the page once it has loaded again', async ({ page }) => {
  await page.goto('/');
  await serviceWorkerReady(page);
  await page.reload();
  expect(await controlled(page)).toBe(true);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test(
  'the demo opens, logs in and shows data with the network cut after one visit',
  DEMO_ONLY,
  async ({ page, context }) => {
    await page.goto('/');
    await serviceWorkerReady(page);
    await context.setOffline(true);
    await page.reload();
    await logIn(page);
    const investments = page.getByRole('table', { name: /investments/i });
    await expect(investments.getByRole('link').first()).toBeVisible();
  },
);

test(
  'offline, the live shell opens and says the data needs the server',
  SERVER_ONLY,
  async ({ page, context, consoleErrors }) => {
    await page.goto('/');
    await serviceWorkerReady(page);
    await context.setOffline(true);
    await page.reload();
    await expect(
      page.getByRole('status').filter({ hasText: 'Your data is kept on the Formue server.' }),
    ).toContainText('You appear to be offline.');
    await page.getByRole('button', { name: 'Login' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formue' });
    await dialog.getByLabel('Email').fill(DEMO.email);
    await dialog.getByLabel('Password').fill(DEMO.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    await expect(dialog.getByText('You appear to be offline.')).toBeVisible();
    expect(consoleErrors.some((message) => OFFLINE_LOG.test(message))).toBe(true);
    dropOfflineLogs(consoleErrors);
  },
);

/** Whether the page was the server's, with the answers of its screen (not the cached build's). */
function carriesAnswers(page: Page): Promise<boolean> {
  return page.evaluate(() => document.getElementById('first-answers') !== null);
}

// The live build only: the demo has no server to draw a page.
test(
  "a warm visit of home is the server's page, painted with its answers; offline, the cached one",
  SERVER_ONLY,
  async ({ page, context, consoleErrors }) => {
    await loginAsDemo(page);
    await serviceWorkerReady(page);
    await page.reload();
    expect(await controlled(page)).toBe(true);
    const portfolios = page.getByRole('table', { name: 'Portfolios' });
    await expect(portfolios.getByRole('link').first()).toBeVisible();
    expect(await carriesAnswers(page)).toBe(true);

    // Offline: the worker's cached page, and home from the figures the device kept.
    await context.setOffline(true);
    await page.reload();
    expect(await controlled(page)).toBe(true);
    expect(await carriesAnswers(page)).toBe(false);
    await expect(page.getByRole('region', { name: 'Total value' })).toBeVisible();
    dropOfflineLogs(consoleErrors);
  },
);

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

/** A static host of a copy of the demo build, on a port of its own: a deploy the test can change. */
async function serveCopy(root: string): Promise<{ server: Server; origin: string }> {
  const server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://x').pathname);
    const file = extname(path) ? join(root, path) : join(root, 'index.html');
    readFile(file).then(
      (body) => {
        response.writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Cache-Control': 'no-cache',
        });
        response.end(body);
      },
      () => {
        response.writeHead(404).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

test('a new build is offered, and Reload brings it in', DEMO_ONLY, async ({ page }) => {
  const root = await mkdtemp(join(tmpdir(), 'formue-pwa-'));
  await cp('dist', root, { recursive: true });
  const { server, origin } = await serveCopy(root);
  try {
    await page.goto(`${origin}/`);
    await serviceWorkerReady(page);
    await page.reload();
    expect(await controlled(page)).toBe(true);
    const offer = page
      .getByRole('status')
      .filter({ hasText: 'A new version of Formue is available.' });
    await expect(offer).toHaveCount(0);

    // A new deploy: any change to sw.js makes it a new worker.
    await appendFile(join(root, 'sw.js'), '\n// the next build\n');
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    await expect(offer).toBeVisible();
    // The old worker still serves this page until the user says so.
    expect(
      await page.evaluate(
        async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null,
      ),
    ).toBe(true);

    await page.evaluate(() => {
      (window as Window & { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    const reloaded = page.waitForEvent('load');
    await offer.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    // A new page: the old one's globals are gone.
    expect(
      await page.evaluate(() => (window as Window & { beforeUpdate?: boolean }).beforeUpdate),
    ).toBeUndefined();
    await expect(offer).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return (
            registration?.waiting === null &&
            registration.active !== null &&
            navigator.serviceWorker.controller?.scriptURL === registration.active.scriptURL
          );
        }),
      )
      .toBe(true);
  } finally {
    server.close();
    await rm(root, { recursive: true, force: true });
  }
});
