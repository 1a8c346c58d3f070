import { defineConfig, devices } from '@playwright/test';
import { testLaunchOptions } from './scripts/chromium.mjs';
import { DEMO_ONLY, SERVER_ONLY, tagged } from './tests/e2e/only';
import {
  E2E_DATA,
  E2E_DATABASE,
  FAKE_MARKET_PORT,
  MAIL_SINK_HTTP_PORT,
  MAIL_SINK_SMTP_PORT,
  PREVIEW_PORT,
  SERVER_PORT,
} from './tests/e2e/server-backend';

/** The offline fake of Yahoo, OpenFIGI, CoinGecko and the ECB: one URL serves all four. */
const FAKE_MARKET = `http://127.0.0.1:${FAKE_MARKET_PORT}`;

const phone = {
  ...devices['Desktop Chrome'],
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  // Every test speaks English unless it says otherwise (language.spec.ts): the app follows
  // the browser's language.
  locale: 'en-US',
  // As a user who asked for less motion: the CSS animations last 1 ms, which spares the CPU that
  // software rendering spends on their frames (with the headless shell, four specs took 63 s
  // instead of 101 s on two cores). The overlays keep their timing, which the tests still meet.
  reducedMotion: 'reduce' as const,
};

/** What runs on the server too: what differs there (real cookies, a shared database, the live
 * build, real market data from the fake providers), and one whole journey. */
const ON_THE_SERVER = [
  'journey.spec.ts',
  'server.spec.ts',
  'auth.spec.ts',
  'add-investment.spec.ts',
  'prices.spec.ts',
  'history.spec.ts',
  'pwa.spec.ts',
  'warm-start.spec.ts',
  'import.spec.ts',
  'amounts.spec.ts',
  'stay-logged-in.spec.ts',
  'tax-year.spec.ts',
  'cash.spec.ts',
  'returns.spec.ts',
  'income.spec.ts',
  'benchmark.spec.ts',
  'first-answers.spec.ts',
  'first-paint.spec.ts',
];

/** The long fault soak runs in `npm run test:soak` (FORMUE_SOAK=1), after the rest of CI. */
const SOAK = '**/fault-soak.spec.ts';
/**
 * FORMUE_SOAK=1 runs the demo's fault soak alone (`npm run test:soak:demo`): the phone project and
 * the preview only. The server project's web servers (the Formue server, the fake market and the
 * mail sink) took 8.7 s of that soak's 55.6 s of CPU, in CI's server step, for none of its tests.
 */
const DEMO_SOAK = !!process.env.FORMUE_SOAK;

/** What runs on the server: the tests of ON_THE_SERVER against the Formue server. */
const SERVER_PROJECT = {
  name: 'server',
  testMatch: ON_THE_SERVER,
  // Tagged tests start only in their project: a skip in a test's body comes after its page.
  grepInvert: tagged(DEMO_ONLY),
  workers: 1,
  use: { ...phone, baseURL: `http://127.0.0.1:${SERVER_PORT}` },
};

/** The offline fake market: first, and waited for, since the Formue server asks it at once. */
const FAKE_MARKET_SERVER = {
  command: 'node_modules/.bin/tsx tests/fake-market/main.ts',
  url: `${FAKE_MARKET}/__fake/requests`,
  env: { FAKE_MARKET_PORT: String(FAKE_MARKET_PORT) },
  reuseExistingServer: false,
  // Only ends a hang: a loaded machine may take long to start it.
  timeout: 180_000,
};

/** The demo's build. */
const PREVIEW = {
  // Where a preview (or a mail sink) already listens, this one stops at once, and the global
  // setup fails the run unless that one serves this checkout.
  command: `node_modules/.bin/vite preview --port ${PREVIEW_PORT} --strictPort --host 127.0.0.1`,
};

/** The mail sink and the Formue server, for the server project only. */
const SERVER_SIDE = [
  {
    command: 'node_modules/.bin/tsx tests/e2e/mail-sink-main.ts',
    env: {
      MAIL_SINK_SMTP_PORT: String(MAIL_SINK_SMTP_PORT),
      MAIL_SINK_HTTP_PORT: String(MAIL_SINK_HTTP_PORT),
    },
  },
  {
    // npm start, on a database of its own that the fixtures reset before each test, with real
    // market data from the fake providers.
    command: `rm -rf ${E2E_DATA} && mkdir -p ${E2E_DATA} && node scripts/start.mjs`,
    url: `http://127.0.0.1:${SERVER_PORT}/up`,
    env: {
      PORT: String(SERVER_PORT),
      DATABASE_URL: `sqlite:${E2E_DATABASE}`,
      FORMUE_DEMO: '1',
      BCRYPT_ROUNDS: '4',
      LOG_LEVEL: 'warn',
      MARKET_DATA: 'live',
      YAHOO_URL: FAKE_MARKET,
      ECB_URL: FAKE_MARKET,
      OPENFIGI_URL: FAKE_MARKET,
      COINGECKO_URL: FAKE_MARKET,
      // Reset e-mails go to the local mail server the tests read.
      SMTP_URL: `smtp://127.0.0.1:${MAIL_SINK_SMTP_PORT}`,
      MAIL_FROM: 'Formue <formue@example.com>',
      APP_URL: `http://127.0.0.1:${SERVER_PORT}`,
    },
    reuseExistingServer: false,
    // A first run builds the live app.
    timeout: 180_000,
  },
];

// Browser tests run in Debian's Chromium: everything against the built demo (the mock server in
// the page, each test from a reset context, so they run in parallel), and what differs there
// against the live build served by the Formue server on SQLite, with real cookies (one test at a
// time: each starts from the server's data reset).
export default defineConfig({
  testDir: 'tests/e2e',
  testIgnore: DEMO_SOAK ? [] : [SOAK],
  // One more than the cores: a test's browser often waits (on the app's timers, the servers'
  // answers), and with two workers an eighth of the CPU was idle (289 -> 258 s here with three).
  workers: 3,
  forbidOnly: !!process.env.CI,
  // One retry, so a rare lost tap on a loaded machine does not sink a CI run; the list reporter
  // still names every test that needed it as flaky (a tapped transaction row that opened no
  // correction, about 1 run in 40 of history.spec.ts, is one, not yet understood).
  retries: 1,
  reporter: [['list']],
  // Limits only end a hang: CI runs on shared, loaded machines, where slow is no failure.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    trace: 'off',
    launchOptions: testLaunchOptions,
    // No service worker but pwa.spec.ts's: each test's page installed one, which precached the
    // whole build (about 80 files), 1 to 2 s of the browser's CPU per test.
    serviceWorkers: 'block',
    // One context per worker, reset between tests (Playwright clears its cookies, cache, storage
    // and service workers, closes all pages but one, drops routes and init scripts): the page's
    // renderer lives on, so the app's code is compiled once per worker instead of once per test.
    // A test that sets what the reset leaves (offline, permissions, Cache Storage) opts out.
    reuseContext: true,
  },
  projects: [
    // First: its tests run one at a time, beside the demo's on the other worker, not after them.
    ...(DEMO_SOAK ? [] : [SERVER_PROJECT]),
    {
      name: 'phone',
      ...(DEMO_SOAK ? { testMatch: SOAK } : {}),
      fullyParallel: true,
      grepInvert: tagged(SERVER_ONLY),
      use: {
        ...phone,
        baseURL: `http://127.0.0.1:${PREVIEW_PORT}`,
        // vite preview gzips every answer as it sends it (its own middleware, no option to turn it
        // off), and Playwright's reset of the context between tests clears the HTTP cache, so each
        // test's boot had the demo's 40 files (2.5 MB) compressed again and Chromium unpacking
        // them, on loopback: 110-160 ms of the preview's CPU a boot -> 75 ms (docs/benchmarks.md,
        // ci15). The Formue server's own compression (the page) is the server project's.
        extraHTTPHeaders: { 'Accept-Encoding': 'identity' },
      },
    },
  ],
  // Playwright starts its web servers one after another, each once the one before answers its
  // `url`. The preview and the mail sink have none here, so they start at once beside the Formue
  // server, and the global setup waits for them (about 3 s less before the first test). The
  // fake market comes first and is waited for: the Formue server asks it as soon as it listens.
  globalSetup: './tests/e2e/servers-up.ts',
  webServer: DEMO_SOAK ? [PREVIEW] : [FAKE_MARKET_SERVER, PREVIEW, ...SERVER_SIDE],
});
