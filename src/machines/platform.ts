// The browser seam of the machines: navigation, history, localStorage and cookies. Machines reach
// the browser only through a Platform they receive as input; tests pass fakes.

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
  /** False on the entry the app was opened at (a deep link): back would leave the app. */
  canGoBack(): boolean;
  /** Calls `listener` on every back/forward action; returns the unsubscribe. */
  onPop(listener: () => void): () => void;
}

export interface Platform {
  navigate: Navigate;
  currentPath(): string;
  storage: KeyValueStore;
  cookies: CookieJar;
  history: HistoryPort;
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

export const browserStorage: KeyValueStore = {
  get: (key) => globalThis.localStorage.getItem(key),
  set: (key, value) => globalThis.localStorage.setItem(key, value),
  remove: (key) => globalThis.localStorage.removeItem(key),
};

export const browserCookies: CookieJar = {
  get(name) {
    for (const part of document.cookie.split(';')) {
      const [key, ...rest] = part.trim().split('=');
      if (key === name) return decodeURIComponent(rest.join('='));
    }
    return undefined;
  },
  set(name, value) {
    document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${YEAR_SECONDS}; path=/; SameSite=Lax`;
  },
};

// Entries the app pushes carry this mark; reloads keep it, as history.state survives them.
const PUSHED_BY_APP = 'formuePushed';

function pushedByApp(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && PUSHED_BY_APP in state;
}

export const browserHistory: HistoryPort = {
  push: () => window.history.pushState({ [PUSHED_BY_APP]: true }, ''),
  back: () => window.history.back(),
  canGoBack: pushedByApp,
  onPop(listener) {
    window.addEventListener('popstate', listener);
    return () => window.removeEventListener('popstate', listener);
  },
};

/**
 * Wouter (v3) observes pushState and replaceState, so plain History calls move its location.
 * A replaced entry keeps its mark: it still has the same entry before it.
 */
export const browserNavigate: Navigate = (path, options) => {
  if (options?.replace) {
    window.history.replaceState(pushedByApp() ? { [PUSHED_BY_APP]: true } : null, '', path);
  } else {
    window.history.pushState({ [PUSHED_BY_APP]: true }, '', path);
  }
};

/** Back one page, or to `fallback` when there is no page of the app to go back to. */
export function leavePage(platform: Platform, fallback = '/home'): void {
  if (platform.history.canGoBack()) platform.history.back();
  else platform.navigate(fallback, { replace: true });
}

export function browserPlatform(overrides: Partial<Platform> = {}): Platform {
  return {
    navigate: browserNavigate,
    currentPath: () => window.location.pathname,
    storage: browserStorage,
    cookies: browserCookies,
    history: browserHistory,
    ...overrides,
  };
}
