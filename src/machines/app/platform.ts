// The browser seam of the machines: navigation, history, localStorage and cookies. Machines reach
// the browser only through a Platform they receive as input; tests pass fakes.
import { readCookie } from '../../domain/cookies';

export type Navigate = (path: string, options?: { replace?: boolean }) => void;

export interface KeyValueStore {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

export interface CookieJar {
  get(name: string): string | undefined;
  /** Written for about one year, path /, SameSite=Lax (decisions.md section 1). */
  set(name: string, value: string): void;
}

export interface HistoryPort {
  /** Pushes an entry at the same URL, so the back action has something to pop (overlays). */
  push(): void;
  back(): void;
  /** False on a deep link opened in a fresh tab: back would leave the app. */
  canGoBack(): boolean;
  /**
   * Calls `listener` on every back/forward action of the user (not on the pop of the app's own
   * `back()`, which arrives later and could close an overlay opened meanwhile); returns the
   * unsubscribe.
   */
  onPop(listener: () => void): () => void;
}

/** The connection coming back (the browser's 'online'); returns the unsubscribe. */
export interface ConnectivityPort {
  onOnline(listener: () => void): () => void;
}

/** The tab becoming visible again, or going away; each returns the unsubscribe. */
export interface VisibilityPort {
  onVisible(listener: () => void): () => void;
  /** Hidden (another app, the tab switcher) or unloaded: the last moment a call surely leaves. */
  onHidden(listener: () => void): () => void;
}

/** New versions of the app (the service worker). */
export interface UpdatePort {
  /** Calls `listener` when a new version waits to take over; returns the unsubscribe. */
  onWaiting(listener: () => void): () => void;
  /** Lets the waiting version take over, then reloads the page. */
  apply(): void;
}

/** No service worker (unit tests, `vite dev`): no version ever waits. */
export const noUpdates: UpdatePort = {
  onWaiting: () => () => undefined,
  apply: () => undefined,
};

export interface Platform {
  navigate: Navigate;
  currentPath(): string;
  storage: KeyValueStore;
  cookies: CookieJar;
  history: HistoryPort;
  connectivity: ConnectivityPort;
  visibility: VisibilityPort;
  updates: UpdatePort;
  /** The browser's preferred languages, most preferred first (navigator.languages). */
  languages(): readonly string[];
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const browserStorage: KeyValueStore = {
  get: (key) => globalThis.localStorage.getItem(key),
  set: (key, value) => globalThis.localStorage.setItem(key, value),
  remove: (key) => globalThis.localStorage.removeItem(key),
};

export const browserCookies: CookieJar = {
  get: (name) => readCookie(document.cookie, name),
  set(name, value) {
    document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${YEAR_SECONDS}; path=/; SameSite=Lax`;
  },
};

// Each entry the app has seen records whether a page of the app is before it: true when the app
// pushed it or loaded it in a tab it had been open in. history.state keeps this across reloads.
const BACK_IN_APP = 'formueBack';
// sessionStorage lives as long as the tab, across the app's page loads in it.
const OPENED_IN_TAB = 'formue.openedInTab';
const MARK = { [BACK_IN_APP]: true };

function entryMark(): boolean | undefined {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !(BACK_IN_APP in state)) return undefined;
  return state[BACK_IN_APP] === true;
}

function backStaysInApp(): boolean {
  return entryMark() === true;
}

/**
 * Marks the entry the app was loaded at, unless a reload finds it marked: back stays in the app
 * when an earlier load of the app happened in this tab (a URL typed after /history goes back to
 * /history, as the spec's Cancel says); a deep link opened in a fresh tab has the browser's page
 * before it.
 */
function markLoadedEntry(): void {
  if (entryMark() !== undefined) return;
  let openedBefore = false;
  try {
    openedBefore = window.sessionStorage.getItem(OPENED_IN_TAB) !== null;
    window.sessionStorage.setItem(OPENED_IN_TAB, '1');
  } catch {
    // Storage blocked: every load counts as the tab's first.
  }
  window.history.replaceState({ [BACK_IN_APP]: openedBefore }, '');
}

// The pops still to come of the app's own back() calls: they are not the user's.
let ownBacksPending = 0;
const popListeners = new Set<() => void>();
let listeningToPops = false;

function listenToPops(): void {
  if (listeningToPops) return;
  listeningToPops = true;
  window.addEventListener('popstate', () => {
    if (ownBacksPending > 0) {
      ownBacksPending -= 1;
      return;
    }
    for (const listener of [...popListeners]) listener();
  });
}

export const browserHistory: HistoryPort = {
  push: () => window.history.pushState(MARK, ''),
  back: () => {
    listenToPops();
    ownBacksPending += 1;
    window.history.back();
  },
  canGoBack: backStaysInApp,
  onPop(listener) {
    listenToPops();
    popListeners.add(listener);
    return () => popListeners.delete(listener);
  },
};

export const browserConnectivity: ConnectivityPort = {
  onOnline(listener) {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
};

export const browserVisibility: VisibilityPort = {
  onVisible(listener) {
    const changed = () => {
      if (document.visibilityState === 'visible') listener();
    };
    document.addEventListener('visibilitychange', changed);
    return () => document.removeEventListener('visibilitychange', changed);
  },
  onHidden(listener) {
    const changed = () => {
      if (document.visibilityState === 'hidden') listener();
    };
    document.addEventListener('visibilitychange', changed);
    window.addEventListener('pagehide', listener);
    return () => {
      document.removeEventListener('visibilitychange', changed);
      window.removeEventListener('pagehide', listener);
    };
  },
};

/**
 * Wouter (v3) observes pushState and replaceState, so plain History calls move its location.
 * A replaced entry keeps its state: it still has the same entry before it.
 */
export const browserNavigate: Navigate = (path, options) => {
  if (options?.replace) {
    window.history.replaceState(window.history.state, '', path);
  } else {
    window.history.pushState(MARK, '', path);
  }
};

/** Back one page, or to `fallback` when there is no page of the app to go back to. */
export function leavePage(platform: Platform, fallback = '/home'): void {
  if (platform.history.canGoBack()) platform.history.back();
  else platform.navigate(fallback, { replace: true });
}

export function browserPlatform(overrides: Partial<Platform> = {}): Platform {
  markLoadedEntry();
  return {
    navigate: browserNavigate,
    currentPath: () => window.location.pathname,
    storage: browserStorage,
    cookies: browserCookies,
    history: browserHistory,
    connectivity: browserConnectivity,
    visibility: browserVisibility,
    updates: noUpdates,
    languages: () => (navigator.languages.length > 0 ? navigator.languages : [navigator.language]),
    ...overrides,
  };
}
