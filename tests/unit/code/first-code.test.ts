// @vitest-environment jsdom
// The preload script's text is preloadForAddress's own source (vite.config.ts), run by itself in
// the page: it must need nothing from around it.
import { afterEach, expect, test } from 'vitest';
import { preloadForAddress } from '../../../vite.config';

const ROUTES = [
  ['^\\/home\\/?$', 'i', ['/assets/home-screen-a.js', '/assets/section-b.js']],
  ['^\\/portfolios\\/[^/]+\\/?$', 'i', ['/assets/portfolio-screen-c.js']],
];
const DEMO_SERVER = ['/assets/mock-server-d.js'];

/** Runs the script as the build writes it, at `path`; the hrefs of the links it added. */
function runAt(path: string): string[] {
  history.replaceState(null, '', path);
  const args = [ROUTES, DEMO_SERVER, 'figures'].map((arg) => JSON.stringify(arg)).join(',');
  const script = `(${preloadForAddress.toString()})(${args});`;
  new Function(script)(); // eslint-disable-line @typescript-eslint/no-implied-eval -- the script's text, run by itself as the page runs it
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );
}

afterEach(() => {
  document.head.replaceChildren();
  localStorage.clear();
});

test("preloads the screen at the address, and the demo server when there's nothing kept", () => {
  expect(runAt('/HOME/')).toEqual([
    '/assets/home-screen-a.js',
    '/assets/section-b.js',
    '/assets/mock-server-d.js',
  ]);
});

test('kept figures: the demo server waits for their paint, so it is not preloaded', () => {
  localStorage.setItem('figures', '{}');
  expect(runAt('/portfolios/7')).toEqual(['/assets/portfolio-screen-c.js']);
});

test('an address that is no screen preloads no screen', () => {
  localStorage.setItem('figures', '{}');
  expect(runAt('/')).toEqual([]);
});

test('links are same-origin module preloads the later import() reuses', () => {
  runAt('/home');
  const link = document.head.querySelector('link')!;
  expect(link.crossOrigin).toBe('');
});
