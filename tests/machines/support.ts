// Test doubles for machine tests: a fake API, a fake browser platform, and an actor that records
// the events it receives. No DOM, no Mirage.
import { vi, type Mock } from 'vitest';
import { createActor, setup, type AnyEventObject } from 'xstate';
import type { Api, PriceCalls } from '../../src/api';
import type { ApiError } from '../../src/api/errors';
import { httpError, networkError } from '../../src/api/errors';
import type { EventKind, Investment, Portfolio, Transaction } from '../../src/domain/types';
import { createEventMachine } from '../../src/machines/events/create-event.machine';
import type { EventField } from '../../src/machines/events/event.rules';
import type { SessionRef } from '../../src/machines/app/flow';
import { noUpdates, type Platform } from '../../src/machines/app/platform';

export type FakePriceCalls = { [K in keyof PriceCalls]: Mock<PriceCalls[K]> };

export type FakeApi = { [K in keyof Api]: Mock<Api[K]> } & {
  /** Plays the API's 401: every registered listener is called. */
  expireSession(): void;
  /** What `prices()` gives: each call rejects unless a test stubs it. */
  priceCalls: FakePriceCalls;
};

/** Every call rejects unless a test stubs it; `onUnauthenticated` keeps real listeners. */
export function fakeApi(): FakeApi {
  const listeners = new Set<() => void>();
  const unstubbed = (name: string) => vi.fn(() => Promise.reject(new Error(`${name} not stubbed`)));
  const priceCalls: FakePriceCalls = {
    getPrices: unstubbed('getPrices'),
    addPrice: unstubbed('addPrice'),
    deletePrice: unstubbed('deletePrice'),
    getListings: unstubbed('getListings'),
    chooseListing: unstubbed('chooseListing'),
    getSuggestions: unstubbed('getSuggestions'),
    dismissSuggestion: unstubbed('dismissSuggestion'),
  };
  return {
    initCsrf: vi.fn(() => Promise.resolve()),
    onUnauthenticated: vi.fn((listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
    expireSession: () => listeners.forEach((l) => l()),
    firstAnswered: vi.fn(() => []),
    checkAuth: unstubbed('checkAuth'),
    login: unstubbed('login'),
    register: unstubbed('register'),
    logout: unstubbed('logout'),
    forgotPassword: unstubbed('forgotPassword'),
    resetPassword: unstubbed('resetPassword'),
    getUser: unstubbed('getUser'),
    getBenchmark: unstubbed('getBenchmark'),
    setBenchmark: unstubbed('setBenchmark'),
    updateUser: unstubbed('updateUser'),
    getValuation: unstubbed('getValuation'),
    getChart: unstubbed('getChart'),
    getPortfolios: unstubbed('getPortfolios'),
    createPortfolio: unstubbed('createPortfolio'),
    renamePortfolio: unstubbed('renamePortfolio'),
    getPortfolioStats: unstubbed('getPortfolioStats'),
    getInvestments: unstubbed('getInvestments'),
    createInvestment: unstubbed('createInvestment'),
    renameInvestment: unstubbed('renameInvestment'),
    getInvestmentStats: unstubbed('getInvestmentStats'),
    getPerformance: unstubbed('getPerformance'),
    getEvents: unstubbed('getEvents'),
    getIncome: unstubbed('getIncome'),
    createEvent: unstubbed('createEvent'),
    getEvent: unstubbed('getEvent'),
    editEvent: unstubbed('editEvent'),
    deleteEvent: unstubbed('deleteEvent'),
    deleteInvestment: unstubbed('deleteInvestment'),
    deletePortfolio: unstubbed('deletePortfolio'),
    getCurrencies: unstubbed('getCurrencies'),
    validateInstrument: unstubbed('validateInstrument'),
    searchInstruments: unstubbed('searchInstruments'),
    resetDemo: unstubbed('resetDemo'),
    imports: unstubbed('imports'),
    reports: unstubbed('reports'),
    cash: unstubbed('cash'),
    prices: vi.fn(() => Promise.resolve(priceCalls)),
    priceCalls,
  };
}

export interface FakePlatform extends Platform {
  /** Every navigate call's path, in order. */
  visited: string[];
  storageData: Map<string, string>;
  cookieData: Map<string, string>;
  /** Entries pushed minus entries popped. */
  historyDepth(): number;
  backCalls(): number;
  /** Plays the browser's back action. */
  pressBack(): void;
  /** Plays the connection coming back. */
  goOnline(): void;
  /** Plays the tab becoming visible again. */
  showTab(): void;
  /** Plays the tab being hidden or the page going away. */
  hideTab(): void;
}

export function fakePlatform(
  options: {
    path?: string;
    storage?: Record<string, string>;
    cookies?: Record<string, string>;
    /** The app was opened at this page, so there is no page of the app to go back to. */
    deepLink?: boolean;
    /** The browser's languages; English by default. */
    languages?: readonly string[];
  } = {},
): FakePlatform {
  let path = options.path ?? '/';
  const storageData = new Map(Object.entries(options.storage ?? {}));
  const cookieData = new Map(Object.entries(options.cookies ?? {}));
  const visited: string[] = [];
  const popListeners = new Set<() => void>();
  const onlineListeners = new Set<() => void>();
  const visibleListeners = new Set<() => void>();
  const hiddenListeners = new Set<() => void>();
  let depth = 0;
  let backs = 0;
  const pop = () => {
    depth = Math.max(0, depth - 1);
    popListeners.forEach((l) => l());
  };
  return {
    visited,
    storageData,
    cookieData,
    navigate: (to) => {
      path = to;
      visited.push(to);
    },
    currentPath: () => path,
    storage: {
      get: (key) => storageData.get(key) ?? null,
      set: (key, value) => void storageData.set(key, value),
      remove: (key) => void storageData.delete(key),
    },
    cookies: {
      get: (name) => cookieData.get(name),
      set: (name, value) => void cookieData.set(name, value),
    },
    history: {
      push: () => {
        depth += 1;
      },
      back: () => {
        backs += 1;
        pop();
      },
      canGoBack: () => !options.deepLink || depth > 0,
      onPop: (listener) => {
        popListeners.add(listener);
        return () => popListeners.delete(listener);
      },
    },
    connectivity: {
      onOnline: (listener) => {
        onlineListeners.add(listener);
        return () => onlineListeners.delete(listener);
      },
    },
    visibility: {
      onVisible: (listener) => {
        visibleListeners.add(listener);
        return () => visibleListeners.delete(listener);
      },
      onHidden: (listener) => {
        hiddenListeners.add(listener);
        return () => hiddenListeners.delete(listener);
      },
    },
    updates: noUpdates,
    languages: () => options.languages ?? ['en-US'],
    historyDepth: () => depth,
    backCalls: () => backs,
    pressBack: pop,
    goOnline: () => onlineListeners.forEach((l) => l()),
    showTab: () => visibleListeners.forEach((l) => l()),
    hideTab: () => hiddenListeners.forEach((l) => l()),
  };
}

const recorderMachine = setup({
  types: { context: {} as { events: AnyEventObject[] } },
}).createMachine({
  context: () => ({ events: [] }),
  on: { '*': { actions: ({ context, event }) => context.events.push(event) } },
});

/** An actor that accepts any event and keeps them; `types()` lists their types in order. */
export function recorder() {
  const actor = createActor(recorderMachine).start();
  return {
    // The flows' input wants a ref that takes their events; the recorder takes any.
    ref: actor as never,
    events: () => actor.getSnapshot().context.events,
    types: () => actor.getSnapshot().context.events.map((e) => e.type),
  };
}

/** The session a flow waits on after a 401; `restore()` plays the user logging in again. */
export function fakeSession() {
  const handlers = new Set<() => void>();
  const session: SessionRef = {
    on: (_type, handler) => {
      handlers.add(handler);
      return { unsubscribe: () => handlers.delete(handler) };
    },
  };
  return {
    session,
    restore: () => [...handlers].forEach((handler) => handler()),
    /** Flows waiting for the user to log in again. */
    waiting: () => handlers.size,
  };
}

/** Lets pending promises (fake API answers) settle, with real or fake timers. */
export async function flush(): Promise<void> {
  if (vi.isFakeTimers()) await vi.advanceTimersByTimeAsync(0);
  else for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

export const http = (status: number, body: object = {}, retryAfter?: string): ApiError =>
  httpError(status, body, retryAfter);
export const offline = (): ApiError => networkError();
export const invalid = (errors: Record<string, string[]>): ApiError =>
  httpError(422, { message: Object.values(errors)[0]?.[0] ?? 'Invalid', errors });

/** A promise the test resolves or rejects later. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const zero = { lifetime: 0, realised: 0, unrealised: 0 };

export function portfolio(id: string, name = `Portfolio ${id}`): Portfolio {
  return {
    id,
    name,
    value: 100,
    change: 1,
    changeRatio: 0.01,
    change_percentage: 1,
    investments: 1,
    positions: zero,
  };
}

export function investment(id: string, name = `Investment ${id}`, portfolioId = '1'): Investment {
  return {
    id,
    name,
    portfolio_id: portfolioId,
    shares: 10,
    value: 100,
    change: 1,
    changeRatio: 0.01,
    change_percentage: 1,
    positions: zero,
  };
}

export function transaction(id: string, investmentId = '5'): Transaction {
  return {
    id,
    investment_id: investmentId,
    type: 'buy',
    stock_name: 'Apple',
    total_value: 100,
    stock_price: 50,
    shares: 2,
    date: '2026-01-01T00:00:00Z',
    from_shares: null,
    to_shares: null,
  };
}

/** The day machine tests take as the user's today. */
export const TEST_TODAY = '2026-03-01';

/** Idempotency keys 'key-1', 'key-2', …, in the order a flow makes them. */
export function keyMaker() {
  let made = 0;
  return () => `key-${++made}`;
}

/**
 * The fakes a form's machine takes (API, data, session, notices, overlay) and, in `input`, the
 * part of its input every form has; a form in an overlay is given `overlay.ref` too (without it,
 * a form navigates instead).
 */
export function formFakes() {
  const api = fakeApi();
  const data = recorder();
  const overlay = recorder();
  const notices = recorder();
  const session = fakeSession();
  const input = {
    api,
    data: data.ref,
    session: session.session,
    notices: notices.ref,
  };
  return { api, data, overlay, notices, session, input };
}

/** A started event form of `kind` for investment 5, with its fakes and a field changer. */
export function startCreateEvent(kind: EventKind, currentShares = 10) {
  const { input, ...fakes } = formFakes();
  const form = createActor(createEventMachine, {
    input: {
      ...input,
      overlay: fakes.overlay.ref,
      investmentId: '5',
      kind,
      currentShares,
      today: TEST_TODAY,
      newKey: keyMaker(),
    },
  }).start();
  const change = (field: EventField, value: string) =>
    form.send({ type: 'form.changed', field, value });
  return { ...fakes, form, change };
}
