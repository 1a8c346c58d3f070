// The page of /home drawn by the server (issue 37): a logged-in user's home with its figures as
// text in the root, before any script runs; the boot splash for anyone else, or when drawing fails.
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { PAGE_BUILD_HEADER } from '../../src/domain/wire/app-page';
import { FIRST_PAINT_MARK, firstPaintLanguage, renderFirstPaint } from '../../src/first-paint';
import { acceptedLanguages, type FirstPaint } from '../../src/server/app-page';
import { Browser } from './browser';
import { keepDatabasesPerFile } from './databases';
import { startPageServer } from './page-server';

const running: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});
keepDatabasesPerFile();

const SPLASH = '<p class="boot">Formue</p>';
const PAGE = `<!doctype html><html><head><title>Formue</title></head><body><div id="root">${SPLASH}</div><script type="module" src="/entry.js"></script></body></html>`;

const NOW = Date.parse('2026-11-27T12:00:00Z');

/** The app's own first paint, as the live build's server loads it. */
const APP_PAINT: FirstPaint = {
  render: renderFirstPaint,
  language: (request) => Promise.resolve(firstPaintLanguage(request)),
};

async function serve(firstPaint: FirstPaint = APP_PAINT): Promise<string> {
  const { app, origin } = await startPageServer(PAGE, { now: () => NOW, firstPaint });
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

/** A browser logged in whose app has run: it copied Hide amounts (off) to its cookie. */
async function appBrowser(origin: string): Promise<Browser> {
  const browser = new Browser(origin);
  await browser.login();
  browser.cookies.set('hide_amounts', 'false');
  return browser;
}

/** The names of the demo's portfolios, as the API answers them. */
async function portfolioNames(browser: Browser): Promise<string[]> {
  const body = (await (await browser.send('GET', '/api/v1/portfolios')).json()) as {
    portfolios: { name: string }[];
  };
  return body.portfolios.map((portfolio) => portfolio.name);
}

describe('the page of /home, drawn by the server', () => {
  it("holds a logged-in user's home with its figures as text", async () => {
    const browser = await appBrowser(await serve());
    const { html, root } = await page(browser);
    expect(root).not.toContain(SPLASH);
    // Marked, so that it shows only once the page is parsed to its answers (base.css).
    expect(root.startsWith(FIRST_PAINT_MARK)).toBe(true);
    // Inert until the app renders over it: a period chosen on it would reach no code.
    expect(root.slice(FIRST_PAINT_MARK.length)).toMatch(/^<div class="painted-screen" inert>/);
    expect(root).toContain('<h1 class="visually-hidden">Dashboard</h1>');
    expect(root).toMatch(/aria-label="Total value"/);
    expect(root).toMatch(/<p class="value-summary__value num">DKK\s[\d,]+\.\d\d<\/p>/);
    expect(root).toMatch(/<svg class="chart" role="img" aria-label="Value chart, Total value/);
    const names = await portfolioNames(browser);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(root).toContain(`>${name}<`);
    // No style attribute, which the page's policy would refuse; the answers still follow.
    expect(root).not.toMatch(/ style="/);
    expect(html).toContain('<script type="application/json" id="first-answers">');
    expect(html).toMatch(/^<!doctype html><html lang="en">/);
  });

  it("in the browser's language", async () => {
    const browser = await appBrowser(await serve());
    const { html, root } = await page(browser, '/home', 'da-DK,da;q=0.9,en;q=0.5');
    // The page says so before its paint, for a screen reader to read it in Danish.
    expect(html).toMatch(/^<!doctype html><html lang="da">/);
    expect(root).toMatch(/aria-label="Samlet værdi"/);
    expect(root).toMatch(/<p class="value-summary__value num">[\d.]+,\d\d\sDKK<\/p>/);
  });

  it('masks every amount on a device that hides them, and speaks the language chosen in Profile', async () => {
    const browser = await appBrowser(await serve());
    browser.cookies.set('hide_amounts', 'true');
    browser.cookies.set('language', 'da');
    const { html, root } = await page(browser);
    expect(html).toMatch(/^<!doctype html><html lang="da">/);
    expect(root).toMatch(/aria-label="Samlet værdi"/);
    expect(root).toMatch(
      /<p class="value-summary__value num"><span class="hidden-amount"><span aria-hidden="true">••••\sDKK<\/span><span class="visually-hidden">skjult beløb<\/span>/,
    );
    expect(root).not.toMatch(/\d,\d\d\sDKK/);
  });

  it('is the boot splash for a device whose app has not copied Hide amounts to its cookie', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    expect((await page(browser)).root).toBe(SPLASH);
  });

  it('is the boot splash for a visit without a logged-in session', async () => {
    const browser = new Browser(await serve());
    browser.cookies.set('hide_amounts', 'false');
    expect((await page(browser)).root).toBe(SPLASH);
    await browser.login();
    await browser.send('POST', '/api/v1/auth/logout');
    expect((await page(browser)).root).toBe(SPLASH);
  });

  it('is the boot splash when drawing fails, with the answers', async () => {
    const failing = { ...APP_PAINT, render: () => Promise.reject(new Error('no paint')) };
    const browser = await appBrowser(await serve(failing));
    const { html, root } = await page(browser);
    expect(root).toBe(SPLASH);
    expect(html).toContain('<script type="application/json" id="first-answers">');
  });

  it("names its build as the service worker's precache does: index.html's MD5", async () => {
    const browser = await appBrowser(await serve());
    const { answer } = await page(browser);
    expect(answer.headers.get(PAGE_BUILD_HEADER)).toBe(
      createHash('md5').update(PAGE).digest('hex'),
    );
  });
});

describe('the languages of Accept-Language', () => {
  it.each([
    ['da-DK,da;q=0.9,en;q=0.8', ['da-DK', 'da', 'en']],
    ['en;q=0.5, da', ['da', 'en']],
    ['*, fr;q=0', []],
    [undefined, []],
  ])('%s', (header, languages) => {
    expect(acceptedLanguages(header)).toEqual(languages);
  });
});
