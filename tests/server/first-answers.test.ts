// The page of /home sent with its first answers (issue 37), over real HTTP with cookies: only a
// logged-in user's own answers, the same as the API's, escaped, and never cached.
import { FIRST_CALLS } from '../../src/contract/first-calls';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_ANSWERS_ID, readFirstAnswers } from '../../src/domain/wire/first-answers';
import { Browser } from './browser';
import { keepDatabasesPerFile } from './databases';
import { startPageServer } from './page-server';

/** The calls home makes first, under /api/v1, which its page answers. */
const HOME = FIRST_CALLS['/home'] ?? [];

const running: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});
keepDatabasesPerFile();

const PAGE =
  '<!doctype html><html><head><title>Formue</title></head><body><div id="root"></div></body></html>';

// One instant for every answer, so the page's and the API's charts end at the same point.
const NOW = Date.parse('2026-11-27T12:00:00Z');

async function serve(): Promise<string> {
  const { app, origin } = await startPageServer(PAGE, { now: () => NOW });
  running.push(app);
  return origin;
}

/** The page at `path` as the browser gets it (its cookies, no XHR headers). */
async function page(browser: Browser, path = '/home', encoding = 'identity') {
  const answer = await browser.send('GET', path, undefined, {
    Accept: 'text/html',
    'Accept-Encoding': encoding,
    'X-Requested-With': '',
  });
  const html = await answer.text();
  const block = new RegExp(
    `<script type="application/json" id="${FIRST_ANSWERS_ID}">([^<]*)</script>`,
  ).exec(html);
  return { answer, html, answers: Object.fromEntries(readFirstAnswers(block?.[1])) };
}

describe('the page of /home', () => {
  it("carries a logged-in user's first answers, the API's own, and is never cached", async () => {
    const browser = new Browser(await serve());
    expect((await browser.login()).status).toBe(200);
    const { answer, html, answers } = await page(browser);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('vary')).toMatch(/cookie/i);
    expect(answer.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html.endsWith('</body></html>')).toBe(true);
    // What home paints first: its value, positions, chart, returns and both lists.
    expect(HOME).toEqual(
      expect.arrayContaining(['/user/valuation', '/user/chart', '/user/performance']),
    );
    expect(HOME).toEqual(expect.arrayContaining(['/user', '/portfolios', '/investments']));
    expect(Object.keys(answers)).toEqual(HOME);
    for (const path of HOME)
      expect(answers[path]).toEqual(await (await browser.send('GET', `/api/v1${path}`)).json());
    expect(answers['/user']).toEqual({ user: { name: 'Demo', email: 'demo@example.com' } });
  });

  it('is the same compressed', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const gzipped = await page(browser, '/home', 'gzip');
    expect(gzipped.answer.headers.get('content-encoding')).toBe('gzip');
    const plain = await page(browser);
    expect(gzipped.html).toBe(plain.html);
  });

  it('carries nothing for a visit without a logged-in session', async () => {
    const browser = new Browser(await serve());
    const cookieless = await page(browser);
    expect(cookieless.answers).toEqual({});
    expect(cookieless.html).not.toContain(FIRST_ANSWERS_ID);
    // A session, but no user in it (the landing page's CSRF cookie).
    await browser.send('GET', '/sanctum/csrf-cookie');
    const guest = await page(browser);
    expect(guest.answers).toEqual({});
    expect(guest.answer.headers.get('cache-control')).toBe('private, no-store');
    // Logged out again.
    await browser.login();
    await browser.send('POST', '/api/v1/auth/logout');
    expect((await page(browser)).answers).toEqual({});
  });

  it("never carries another user's answers", async () => {
    const origin = await serve();
    const demo = new Browser(origin);
    await demo.login();
    const ida = new Browser(origin);
    expect((await ida.register()).status).toBe(200);
    const { answers } = await page(ida);
    expect(answers['/user']).toEqual({ user: { name: 'Ida', email: 'ida@example.com' } });
    expect(answers['/portfolios']).toEqual({ portfolios: [] });
    expect(answers['/investments']).toEqual({ investments: [] });
    // And the demo user's page still holds the demo's own.
    const own = await page(demo);
    expect(own.answers['/user']).toEqual({ user: { name: 'Demo', email: 'demo@example.com' } });
  });

  it("writes the user's text so it cannot end the data block", async () => {
    const browser = new Browser(await serve());
    await browser.register();
    const name = '</script><script>alert(1)</script><!--';
    expect((await browser.send('POST', '/api/v1/portfolios', { name })).status).toBe(201);
    const { html, answers } = await page(browser);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<!--');
    expect(answers['/portfolios']).toMatchObject({ portfolios: [{ name }] });
  });

  it('carries nothing on other screens, whose calls are their own', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const other = await page(browser, '/history');
    expect(other.answers).toEqual({});
    expect(other.answer.headers.get('cache-control')).toBe('no-cache');
  });
});
