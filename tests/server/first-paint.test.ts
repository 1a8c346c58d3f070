// The page of /home drawn by the server (issue 37): a logged-in user's home with its figures as
// text in the root, before any script runs; the boot splash for anyone else, or when drawing fails.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { renderFirstPaint } from '../../src/first-paint';
import type { FirstPaint } from '../../src/server/app-page';
import { freshDatabaseUrl } from './databases';
import { Browser } from './browser';
import { startQuietServer } from './quiet-server';

const running: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});

const SPLASH = '<p class="boot">Formue</p>';
const PAGE = `<!doctype html><html><head><title>Formue</title></head><body><div id="root">${SPLASH}</div><script type="module" src="/entry.js"></script></body></html>`;

const NOW = Date.parse('2026-11-27T12:00:00Z');

const debugPaint: FirstPaint = (r) => renderFirstPaint(r).then((m) => { console.log("MARKUP?", m === undefined); return m; }, (e: unknown) => { console.error("PAINTERR", e); throw e; });
async function serve(firstPaint: FirstPaint = debugPaint): Promise<string> {
  const appRoot = mkdtempSync(join(tmpdir(), 'formue-app-'));
  writeFileSync(join(appRoot, 'index.html'), PAGE);
  const { app, origin } = await startQuietServer(
    await freshDatabaseUrl(),
    { demo: true, appRoot },
    { now: () => NOW, firstPaint },
  );
  running.push(app);
  return origin;
}

/** The page at `path` as the browser gets it, and its root's content. */
async function page(browser: Browser, path = '/home', language = 'en-GB,en;q=0.9') {
  const answer = await browser.send('GET', path, undefined, {
    Accept: 'text/html',
    'Accept-Language': language,
    'X-Requested-With': '',
  });
  const html = await answer.text();
  const root = /<div id="root">([\s\S]*)<\/div><script type="module"/.exec(html)?.[1] ?? '';
  return { answer, html, root };
}

describe('the page of /home, drawn by the server', () => {
  it("holds a logged-in user's home with its figures as text", async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const { root } = await page(browser);
    console.log(root);
    expect(root).not.toContain(SPLASH);
  });
});
