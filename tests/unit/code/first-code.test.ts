// @vitest-environment jsdom
// The preload script's text is preloadForAddress's own source (scripts/vite/first-code.ts), after
// keepDemoFirstFigures's in a demo build, run by itself in the page: it must need nothing from
// around it.
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { DemoFirstFigures } from '../../../src/demo-first-figures';
import { keepDemoFirstFigures, preloadForAddress } from '../../../scripts/vite/first-code';

const ROUTES = [
  ['^\\/home\\/?$', 'i', ['/assets/home-screen-a.js', '/assets/section-b.js']],
  ['^\\/portfolios\\/[^/]+\\/?$', 'i', ['/assets/portfolio-screen-c.js']],
];
const DEMO_SERVER = ['/assets/mock-server-d.js'];

/** The demo's first figures as the build passes them (src/demo-first-figures.ts). */
const DEMO: DemoFirstFigures = {
  tablesKey: 'demo-tables',
  digest: 'seeded',
  sessionCookie: 'formue_session',
  loggedInKey: 'logged_in',
  periodCookie: 'selected_period',
  period: 'Day',
  figuresKey: 'figures',
  figures: '{"format":1,"figures":{}}',
  paintPath: '/home',
  languages: ['en', 'da'],
  languageKey: 'language',
  hideAmountsKey: 'hide_amounts',
  paintAttribute: 'data-first-paint',
};

/** Stands for tablesDigest in the page: the tables' `digest` field. */
function digestOf(tables: object): string {
  return 'digest' in tables && typeof tables.digest === 'string' ? tables.digest : '';
}

/**
 * Runs the script as the build writes it, at `path` (with the demo's first figures: as a demo build
 * writes it); the hrefs of the links it added.
 */
function runAt(path: string, demo = false): string[] {
  history.replaceState(null, '', path);
  const args = [ROUTES, DEMO_SERVER, 'figures'].map((arg) => JSON.stringify(arg)).join(',');
  const first = demo
    ? `(${keepDemoFirstFigures.toString()})(${JSON.stringify(DEMO)},${digestOf.toString()});`
    : '';
  const script = `${first}(${preloadForAddress.toString()})(${args});`;
  new Function(script)(); // oxlint-disable-line typescript/no-implied-eval -- the script's text, run by itself as the page runs it
  return [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.removeAttribute('data-first-paint');
  document.documentElement.lang = '';
  document.head.replaceChildren();
  localStorage.clear();
  for (const name of ['formue_session', 'selected_period'])
    document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
});

/** A device logged in to the demo: its session in the demo's tables, their digest `digest`. */
function loggedInToDemo(digest: string, userId: number | null = 1): void {
  localStorage.setItem('logged_in', 'true');
  document.cookie = 'formue_session=abc123';
  const sessions = [{ id: 'abc123', token: 't', userId, lastSeen: 0 }];
  localStorage.setItem('demo-tables', JSON.stringify({ version: 2, tables: { sessions, digest } }));
}

describe("the demo's first figures", () => {
  test('kept on a device logged in to the untouched demo, which then does not preload the demo server', () => {
    loggedInToDemo('seeded');
    expect(runAt('/home', true)).toEqual(['/assets/home-screen-a.js', '/assets/section-b.js']);
    expect(localStorage.getItem('figures')).toBe(DEMO.figures);
  });

  test('kept with the period theirs, by its cookie or by default', () => {
    loggedInToDemo('seeded');
    document.cookie = 'selected_period=Day';
    runAt('/home', true);
    expect(localStorage.getItem('figures')).toBe(DEMO.figures);
  });

  test.each([
    ['the data was changed', () => loggedInToDemo('edited')],
    ['the session has no user', () => loggedInToDemo('seeded', null)],
    [
      'another period is chosen',
      () => {
        loggedInToDemo('seeded');
        document.cookie = 'selected_period=Year';
      },
    ],
    [
      'the session is not in the tables',
      () => {
        loggedInToDemo('seeded');
        document.cookie = 'formue_session=other';
      },
    ],
    [
      'the device was not logged in',
      () => {
        loggedInToDemo('seeded');
        localStorage.removeItem('logged_in');
      },
    ],
    [
      "the demo's tables are unreadable",
      () => {
        loggedInToDemo('seeded');
        localStorage.setItem('demo-tables', '{');
      },
    ],
  ])('not kept when %s: the demo server is preloaded', (_case, arrange) => {
    arrange();
    expect(runAt('/home', true)).toContain('/assets/mock-server-d.js');
    expect(localStorage.getItem('figures')).toBeNull();
    expect(paintShown()).toBeNull();
  });

  test("a visit's own kept figures stay, and the page's paint of the demo's is not shown", () => {
    loggedInToDemo('seeded');
    localStorage.setItem('figures', '{"mine":true}');
    runAt('/home', true);
    expect(localStorage.getItem('figures')).toBe('{"mine":true}');
    expect(paintShown()).toBeNull();
  });

  test('a live build passes none: nothing is kept', () => {
    loggedInToDemo('seeded');
    runAt('/home');
    expect(localStorage.getItem('figures')).toBeNull();
    expect(paintShown()).toBeNull();
  });
});

/** The language of the demo's paint the script chose to show, if any. */
function paintShown(): string | null {
  return document.documentElement.getAttribute('data-first-paint');
}

describe("the demo's first paint, home drawn from its first figures in the page", () => {
  test("shown with the figures kept, in the browser's language, the page's language too", () => {
    loggedInToDemo('seeded');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['da-DK', 'en']);
    runAt('/home', true);
    expect(paintShown()).toBe('da');
    expect(document.documentElement.lang).toBe('da');
  });

  test('in English for a browser speaking neither language', () => {
    loggedInToDemo('seeded');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de']);
    runAt('/home', true);
    expect(paintShown()).toBe('en');
  });

  test("in the language chosen in Profile over the browser's", () => {
    loggedInToDemo('seeded');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-GB']);
    localStorage.setItem('language', 'da');
    runAt('/home', true);
    expect(paintShown()).toBe('da');
  });

  test('none on a device hiding amounts: the figures are kept, the app masks them', () => {
    loggedInToDemo('seeded');
    localStorage.setItem('hide_amounts', 'true');
    runAt('/home', true);
    expect(localStorage.getItem('figures')).toBe(DEMO.figures);
    expect(paintShown()).toBeNull();
  });

  test("none at another screen's address: the page holds home's", () => {
    loggedInToDemo('seeded');
    runAt('/portfolios/7', true);
    expect(localStorage.getItem('figures')).toBe(DEMO.figures);
    expect(paintShown()).toBeNull();
  });
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
