// Playwright's global setup: waits for the web servers that playwright.config.ts starts without
// waiting for them, so that they start at once rather than one after another. Each must be this
// checkout's: a server another run left on the port (its own start then failed on the port in
// use) would serve that run's build or mail, so it fails the run instead.
import { readFileSync } from 'node:fs';
import { MAIL_SINK_HTTP_PORT, PREVIEW_PORT } from './server-backend';

/** As long as Playwright's own wait for a web server: only a hang ends it. */
const TIMEOUT_MS = 180_000;

interface Server {
  url: string;
  /** The answer this checkout's server gives. */
  ours: () => string;
}

const PREVIEW: Server = {
  url: `http://127.0.0.1:${PREVIEW_PORT}`,
  ours: () => readFileSync('dist/index.html', 'utf8'),
};
const MAIL_SINK: Server = {
  url: `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}/up`,
  ours: () => process.cwd(),
};
/** The demo's soak alone (FORMUE_SOAK, playwright.config.ts) starts no mail sink. */
const SERVERS: Server[] = process.env.FORMUE_SOAK ? [PREVIEW] : [PREVIEW, MAIL_SINK];

async function answer(url: string): Promise<string | undefined> {
  try {
    const response = await fetch(url);
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

async function waitFor({ url, ours }: Server): Promise<void> {
  const deadline = Date.now() + TIMEOUT_MS;
  let body: string | undefined;
  while ((body = await answer(url)) === undefined) {
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (body !== ours())
    throw new Error(`${url} is another process's (a server left by an earlier run?): stop it`);
}

export default async function serversUp(): Promise<void> {
  await Promise.all(SERVERS.map(waitFor));
}
