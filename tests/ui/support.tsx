// Renders the whole app against the Mirage test server: a memory location for Wouter, a fake
// history seam for overlays, an in-memory logged-in flag, and jsdom's cookies.
import { expect } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { memoryLocation } from 'wouter/memory-location';
import { createApi, createHttp, type Api } from '../../src/api';
import { parseCookies } from '../../src/domain/cookies';
import { makeServer, type MakeServerOptions, type MockServer } from '../../src/mock-server';
import { createAppActor } from '../../src/machines/app/app-actor';
import type { AppActor } from '../../src/machines/app/app.machine';
import type { HistoryPort, KeyValueStore, UpdatePort } from '../../src/machines/app/platform';
import { App, preloadScreens } from '../../src/ui/app/app';

export const DEMO = { email: 'demo@example.com', password: 'demo1234' } as const;

let server: MockServer | undefined;
let actor: AppActor | undefined;

function clearCookies(): void {
  for (const name of Object.keys(parseCookies(document.cookie)))
    document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

/** Loads every screen's code, so a test's screen renders at once, as it expects. */
export async function preloadApp(): Promise<void> {
  await preloadScreens();
  // The Login form's too: a render that suspends outside act() is never finished in jsdom.
  await import('../../src/ui/auth/auth-overlay');
}

/** Ends the test's app and server, and forgets its cookies. */
export function endApp(): void {
  actor?.stop();
  actor = undefined;
  server?.shutdown();
  server = undefined;
  clearCookies();
}

/** The market a test's server prices by, and the splits and dividends it reports. */
export type MarketOptions = Pick<MakeServerOptions, 'prices' | 'actions'>;

export function startServer(market: MarketOptions = {}): MockServer {
  clearCookies();
  server = makeServer({ environment: 'test', ...market });
  return server;
}

/** An API client of the test's own, on the session the app will use. */
export const testApi = (): Api => createApi(createHttp({ origin: '' }));

/** Logs a session in on the server, as a returning user's cookie would be. */
async function logIn(credentials: { email: string; password: string }): Promise<void> {
  const api = createApi(createHttp({ origin: '' }));
  await api.initCsrf();
  await api.login(credentials);
}

/** Logs in a new account with no portfolios. */
export async function logInFresh(): Promise<void> {
  const api = createApi(createHttp({ origin: '' }));
  await api.initCsrf();
  await api.register({
    name: 'Ada Lovelace',
    email: `ada${Math.random()}@example.com`,
    password: 'long-enough',
  });
}

export interface RenderOptions {
  /** 'demo' logs the demo account in first; 'fresh' a new empty account; none stays logged out. */
  as?: 'demo' | 'fresh';
  /** Runs after the login and before the app starts, e.g. to switch on a fault. */
  beforeStart?: (server: MockServer) => void;
  /** Local storage; an earlier render's `flag` plays a reload in the same browser. */
  storage?: Map<string, string>;
  /** The service worker's side: none by default. */
  updates?: UpdatePort;
  /** What the app calls instead of the API (a change to one call); the API itself by default. */
  api?: (api: Api) => Api;
}

export async function renderApp(path: string, options: RenderOptions = {}) {
  const mock = server ?? startServer();
  const flag = options.storage ?? new Map<string, string>();
  actor?.stop();
  if (options.as === 'demo') await logIn(DEMO);
  if (options.as === 'fresh') await logInFresh();
  if (options.as) flag.set('logged_in', 'true');
  options.beforeStart?.(mock);

  const location = memoryLocation({ path, record: true });
  const paths = location.history;
  const popListeners = new Set<() => void>();
  const history: HistoryPort = {
    push: () => location.navigate(paths[paths.length - 1]),
    back: () => {
      if (paths.length < 2) return;
      paths.pop();
      location.navigate(paths[paths.length - 1], { replace: true });
      // The browser reports a back action a moment later.
      queueMicrotask(() => popListeners.forEach((listener) => listener()));
    },
    canGoBack: () => paths.length > 1,
    onPop: (listener) => {
      popListeners.add(listener);
      return () => popListeners.delete(listener);
    },
  };
  const storage: KeyValueStore = {
    get: (key) => flag.get(key) ?? null,
    set: (key, value) => void flag.set(key, value),
    remove: (key) => void flag.delete(key),
  };
  actor = createAppActor({
    ...(options.api && { api: options.api(testApi()) }),
    platform: {
      navigate: location.navigate,
      currentPath: () => paths[paths.length - 1],
      history,
      storage,
      ...(options.updates && { updates: options.updates }),
    },
  });
  const view = render(<App actor={actor} hook={location.hook} searchHook={location.searchHook} />);
  return { ...view, server: mock, paths, flag, history };
}

/** The browser's back action, as the user presses it. */
export function pressBack(history: HistoryPort): void {
  history.back();
}

/** The text of what describes an element (hints and errors), as a screen reader reads it. */
export function describedBy(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

/** Opens the first investment (the largest) from home, logged in to the demo. */
export async function openInvestment() {
  const rendered = await renderApp('/home', { as: 'demo' });
  const table = await screen.findByRole('table', { name: 'Investments' });
  await userEvent.click(within(table).getAllByRole('link')[0]);
  await screen.findByRole('table', { name: 'Investment statistics' });
  return rendered;
}

/**
 * The same investment as `openInvestment`, the demo's largest, rendered at its address: home is
 * neither rendered nor valued first, for tests of the investment screen alone.
 */
export async function visitInvestment() {
  startServer();
  const api = testApi();
  await api.initCsrf();
  await api.login(DEMO);
  const [largest] = [...(await api.getInvestments())].sort(
    (a, b) => Number(b.value) - Number(a.value),
  );
  const rendered = await renderApp(`/investments/${largest.id}`, { as: 'demo' });
  await screen.findByRole('table', { name: 'Investment statistics' });
  return rendered;
}

/**
 * Add of a buy or sale typed at a made-up price: where the form asks "Did you mean …?" (a price
 * far from the market's close), Add again saves it as typed.
 */
export async function addTrade(dialog: HTMLElement): Promise<void> {
  await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
  await waitFor(() =>
    expect(
      !dialog.isConnected ||
        within(dialog).queryByText(/^Did you mean/) !== null ||
        within(dialog).getByRole('button', { name: 'Add' }).getAttribute('aria-busy') !== 'true',
    ).toBe(true),
  );
  if (dialog.isConnected && within(dialog).queryByText(/^Did you mean/))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
}
