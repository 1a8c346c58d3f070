// The demo's first figures (issue 37): what home shows first (the user, the value, the lists),
// computed when the demo is built, by the demo's own contract over its seeded account
// (src/contract/demo-data.json), as the figures a visit keeps for the next (remembered-figures.ts).
// The first-code script (scripts/vite/first-code.ts) keeps them on a device logged in to the demo
// account while its data is still as seeded and no figures are kept: its first visit then paints
// home at once, dimmed and marked as updating as a return visit does, without waiting for the demo
// server, whose answers replace them. The build also draws home from them, as the app's first
// render draws it, in each language (demoFirstPaints); the script shows the one of the device's
// language. Run in Node by the build only; no page loads this module.
import { createApi, createHttp } from './api';
import { addDemoAccount } from './contract/demo-data';
import { firstAnswers } from './contract/first-answers';
import { FIRST_CALLS } from './contract/first-calls';
import { createContract, SESSION_COOKIE } from './contract/kernel';
import { syntheticMarket } from './contract/market/synthetic-market';
import { DEFAULT_PERIOD, type Period } from './domain/types';
import { renderKeptPaint } from './first-paint';
import { LOCALES, type Locale } from './i18n/locales';
import { HIDE_AMOUNTS_KEY, LANGUAGE_KEY } from './machines/app/settings.machine';
import { PERIOD_COOKIE } from './machines/app/period.machine';
import { LOGGED_IN_KEY } from './machines/auth/auth-setup';
import type { KeyValueStore } from './machines/app/platform';
import { FIGURES_KEY, rememberFigure } from './machines/data/remembered-figures';
import { MemoryStore } from './mock-server/memory-store';
import { load, save, STORAGE_KEY } from './mock-server/memory/stored';
import { emptyTables } from './mock-server/memory/tables';
import { tablesDigest } from './mock-server/memory/tables-digest';
import { FIRST_PAINT_ATTRIBUTE } from './ui/components/first-paint';
import { demoHasher, randomToken, tokenDigest } from './mock-server/secrets';

/** What the first-code script needs to keep the figures on a device, and the figures. */
export interface DemoFirstFigures {
  /** The demo's tables in localStorage, their digest as seeded (tablesDigest). */
  tablesKey: string;
  digest: string;
  /** The session cookie, the flag of a login on the device, and the period's cookie. */
  sessionCookie: string;
  loggedInKey: string;
  periodCookie: string;
  /** The period they are of: the default, which a device without the period's cookie shows. */
  period: Period;
  /** FIGURES_KEY's value, as a visit keeps it. */
  figuresKey: string;
  figures: string;
  /** The page the build draws from them (demoFirstPaints), in these languages. */
  paintPath: string;
  languages: readonly Locale[];
  /** The device's language chosen in Profile, and its Hide amounts (no paint shows then). */
  languageKey: string;
  hideAmountsKey: string;
  /** The page's attribute naming the paint shown (base.css). */
  paintAttribute: string;
}

/** The page home's first paints are drawn for. */
const PAINT_PATH = '/home';

/**
 * Home as the app's first render draws it on a device keeping the demo's first figures, in each
 * language, its ids prefixed by the language (both are in one page).
 */
export async function demoFirstPaints(demo: DemoFirstFigures): Promise<Record<Locale, string>> {
  const kept = { [demo.loggedInKey]: 'true', [demo.figuresKey]: demo.figures };
  const paints: Partial<Record<Locale, string>> = {};
  for (const language of demo.languages) {
    const markup = await renderKeptPaint({
      path: demo.paintPath,
      kept,
      language,
      idPrefix: `${language}-`,
    });
    if (markup === undefined)
      throw new Error(`The demo's first paint (${language}) did not settle`);
    paints[language] = markup;
  }
  return paints as Record<Locale, string>;
}

/** A Storage over a map, for the demo's tables as the page's localStorage would keep them. */
function memoryStorage(): Storage & KeyValueStore {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    get: (key) => items.get(key) ?? null,
    set: (key, value) => void items.set(key, value),
    remove: (key) => void items.delete(key),
  };
}

/** Home's first figures of the seeded demo account at `now`, as the demo server would answer. */
export async function demoFirstFigures(now: number): Promise<DemoFirstFigures> {
  // Seeded as the demo server seeds (makeServer), and read back as a page reads its storage.
  const seeded = new MemoryStore(emptyTables());
  await addDemoAccount(seeded, demoHasher);
  const storage = memoryStorage();
  save(storage, seeded.tables);
  const stored = load(storage);
  if (stored.kind !== 'loaded') throw new Error('The seeded demo tables did not read back');
  const digest = tablesDigest(stored.tables);

  const store = new MemoryStore(stored.tables);
  const [user] = store.tables.users;
  if (!user) throw new Error('The demo account was not seeded');
  const session = { id: randomToken(30), token: randomToken(30), userId: user.id, lastSeen: now };
  store.tables.sessions.push(session);
  const contract = createContract({
    store,
    hasher: demoHasher,
    now: () => now,
    market: syntheticMarket(),
    randomToken,
    tokenDigest,
    mailer: { delivery: 'demo', passwordReset: () => Promise.resolve() },
  });
  const answers = await firstAnswers(contract, {
    method: 'GET',
    path: '/home',
    query: {},
    header: () => undefined,
    cookies: { [SESSION_COOKIE]: session.id, [PERIOD_COOKIE]: DEFAULT_PERIOD },
    body: () => Promise.resolve({ text: '' }),
    address: '127.0.0.1',
  });
  const missing = (FIRST_CALLS['/home'] ?? []).filter((path) => !(path in answers));
  if (missing.length > 0) throw new Error(`The demo did not answer ${missing.join(', ')}`);

  // Decoded by the app's own calls, as the data layer keeps them.
  const api = createApi(
    createHttp({
      origin: '',
      readCookie: () => undefined,
      isOnline: () => true,
      until: new Promise<void>(() => undefined),
      firstAnswers: new Map(Object.entries(answers)),
    }),
  );
  const kept = memoryStorage();
  const period = DEFAULT_PERIOD;
  rememberFigure(kept, 'user', { data: await api.getUser(), period });
  rememberFigure(kept, 'valuation', { data: await api.getValuation(), period });
  rememberFigure(kept, 'portfolios', { data: await api.getPortfolios(), period });
  rememberFigure(kept, 'investments', { data: await api.getInvestments(), period });
  const figures = kept.get(FIGURES_KEY);
  if (figures === null) throw new Error('The demo first figures were not kept');
  return {
    tablesKey: STORAGE_KEY,
    digest,
    sessionCookie: SESSION_COOKIE,
    loggedInKey: LOGGED_IN_KEY,
    periodCookie: PERIOD_COOKIE,
    period,
    figuresKey: FIGURES_KEY,
    figures,
    paintPath: PAINT_PATH,
    languages: LOCALES,
    languageKey: LANGUAGE_KEY,
    hideAmountsKey: HIDE_AMOUNTS_KEY,
    paintAttribute: FIRST_PAINT_ATTRIBUTE,
  };
}
