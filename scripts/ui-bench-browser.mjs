// The UI bench's flags, servers and browser: the demo's and the live build's servers on free
// ports, fresh browser contexts, and a logged-in session.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

const VIEWPORT = { width: 390, height: 844 };
const DEMO_LOGIN = { email: 'demo@example.com', password: 'demo1234' };
/** Page waits end only a hang: on a busy machine a slow login or page is a figure, not a failure. */
export const HANG_MS = 300_000;

function readRuns(argv) {
  const flag = argv.find((arg) => arg.startsWith('--runs='));
  if (flag) {
    const runs = Number(flag.slice('--runs='.length));
    if (!Number.isInteger(runs) || runs < 1)
      throw new Error(`--runs needs a whole number: ${flag}`);
    return runs;
  }
  return argv.includes('--quick') ? 2 : 5;
}
export const RUNS = readRuns(process.argv);

// Ports the OS hands out, so a run never meets another run's or the browser tests' servers.
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForServer(server, url, what, seconds) {
  for (let attempt = 0; attempt < seconds * 10; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`${what} exited with code ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not start`);
}

/** Runs `measure(base)` against a server, then stops the server and waits for it to exit. */
/** Starts a server on a free port; resolves once `readyPath` answers, with its address. */
export async function startServer({ command, args, env, stdout, readyPath, what, seconds }) {
  const port = await freePort();
  const server = spawn(command, args(port), {
    stdio: ['ignore', stdout, 'inherit'],
    env: { ...process.env, ...env(port) },
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const stop = async () => {
    server.kill();
    await exited;
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForServer(server, `${base}${readyPath}`, what, seconds);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

export async function withServer(options, measure) {
  const { base, stop } = await startServer(options);
  try {
    return await measure(base);
  } finally {
    await stop();
  }
}

/** A phone-sized browser context whose waits give up only on a hang. */
export async function newContext(browser, options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  context.setDefaultTimeout(HANG_MS);
  return context;
}

export async function logIn(page, base) {
  await page.goto(base);
  await page.getByRole('button', { name: 'Login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Formue' });
  await dialog.getByLabel('Email').fill(DEMO_LOGIN.email);
  await dialog.getByLabel('Password').fill(DEMO_LOGIN.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/home$/);
}

/** FIGURES_KEY of src/machines/data/remembered-figures.ts. */
const KEPT_FIGURES = 'figures';

/**
 * Cookies and localStorage of a logged-in demo account (the demo keeps its data there), without
 * the figures a visit keeps for the next: taken right after the login, they held some of home's
 * answers or none, by chance, and a visit with some waited for the demo server it had not preloaded.
 */
export async function sessionOf(browser, base) {
  const context = await newContext(browser);
  try {
    await logIn(await context.newPage(), base);
    const state = await context.storageState();
    return {
      ...state,
      origins: state.origins.map((origin) => ({
        ...origin,
        localStorage: origin.localStorage.filter(({ name }) => name !== KEPT_FIGURES),
      })),
    };
  } finally {
    await context.close();
  }
}
