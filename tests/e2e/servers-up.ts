// Playwright's global setup: waits for the web servers that playwright.config.ts starts without
// waiting for them, so that they start at once rather than one after another.
import { MAIL_SINK_HTTP_PORT, PREVIEW_PORT } from './server-backend';

/** As long as Playwright's own wait for a web server: only a hang ends it. */
const TIMEOUT_MS = 180_000;

const URLS = [`http://127.0.0.1:${PREVIEW_PORT}`, `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/up`];

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  while (!(await answers(url))) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export default async function serversUp(): Promise<void> {
  await Promise.all(URLS.map(waitFor));
}
