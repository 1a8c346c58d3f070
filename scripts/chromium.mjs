// How every browser run here launches Debian's Chromium: Playwright cannot download its own
// browser on these machines, and the closed network refuses Chromium's background calls.
import { existsSync } from 'node:fs';

export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The browser tests': Debian's chromium-headless-shell when installed, the same engine without
 * the browser's windowing, which the tests never see; on two cores it runs them about a quarter
 * faster. The benchmarks and screenshots keep the full Chromium that users have.
 * V8 without its background threads (`--single-threaded`: compiles and garbage collection on the
 * page's own thread): a test's page lives seconds, and on two cores the browser already keeps both
 * busy, so the threads' work and hand-offs were spent beside it for little (docs/benchmarks.md,
 * e2e12: 5 to 24 % less CPU on 15 demo tests, about a tenth).
 */
export const testLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, '--js-flags=--single-threaded'],
  executablePath:
    process.env.CHROMIUM_PATH ??
    (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : chromiumLaunchOptions.executablePath),
};
