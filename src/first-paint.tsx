// The server's first paint of a screen (issue 37): the app itself, rendered in Node from the
// answers the page carries, so a phone sees its figures before any script has run. Built by
// `vite build --ssr` (scripts/build-fresh.mjs) and loaded by the Node server (src/server/app-page.ts);
// in the page, src/main.tsx renders the same app over it once its code has run.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createActor } from 'xstate';
import { createApi, createHttp } from './api';
import { loadCatalogue } from './i18n';
import type { Locale } from './i18n/locales';
import type { FirstAnswers } from './domain/wire/first-answers';
import { appMachine, childrenOf, type AppActor } from './machines/app/app.machine';
import { LOGGED_IN_KEY } from './machines/auth/auth-setup';
import { HIDE_AMOUNTS_KEY, LANGUAGE_KEY, readLanguage } from './machines/app/settings.machine';
import { noUpdates, type Platform } from './machines/app/platform';
import { REMEMBERED } from './machines/data/remembered-figures';
import { App, preloadScreenAt } from './ui/app/app';
import { FirstPaintProvider } from './ui/components/first-paint';

export interface FirstPaintRequest {
  /** The page's path ('/home'). */
  path: string;
  /** Answers by path under /api/v1, as the page carries them. */
  answers: FirstAnswers;
  /** The page's cookies: the settings the device keeps as cookies (the period) apply. */
  cookies: Readonly<Record<string, string>>;
  /** The browser's languages, most preferred first (Accept-Language): the app's default. */
  languages: readonly string[];
}

/** How long the app may take to settle on its first answers, the language's texts among them. */
const SETTLE_MS = 1_000;

/** Turns without an answer taken after which the screen is taken to want no more of them. */
const STILL_TURNS = 20;

/** Before the markup: until the page is parsed to its answers, what follows is hidden (base.css). */
export const FIRST_PAINT_MARK = '<template class="first-paint"></template>';

/** The class of the element holding a paint (base.css). */
const PAINTED_SCREEN = 'painted-screen';

/** A style attribute as React writes it: its value's quotes are escaped, as all text is. */
const STYLE_ATTRIBUTE = / style="[^"]*"/g;

// Danish is a chunk of its own: loaded with this module, not at a first visit in Danish.
void loadCatalogue('da');

/**
 * The markup of the app at `path` with `answers`, for the page's root; undefined when the app did
 * not settle on them (the page is then sent as before). Nothing leaves the process: any call the
 * answers do not cover waits for ever, and its part of the screen renders as loading.
 */
export async function renderFirstPaint(request: FirstPaintRequest): Promise<string | undefined> {
  // Without the app's copy of Hide amounts (a device whose app has not started since the copies
  // came), whether it hides them is unknown: no paint, rather than amounts it may hide.
  if (request.cookies[HIDE_AMOUNTS_KEY] === undefined) return undefined;
  const http = createHttp({
    origin: '',
    readCookie: (name) => request.cookies[name],
    isOnline: () => true,
    until: new Promise<void>(() => undefined),
    firstAnswers: new Map(Object.entries(request.answers)),
  });
  const actor = createActor(appMachine, {
    input: { api: createApi(http), platform: serverPlatform(request) },
  });
  const markup = await renderApp(actor, request.path, () => http.firstAnswered().length);
  return markup === undefined ? undefined : FIRST_PAINT_MARK + markup;
}

/** A first paint drawn from what a device keeps, with no answers (the demo's page, vite.config.ts). */
export interface KeptPaintRequest {
  /** The page's path ('/home'). */
  path: string;
  /** The device's storage as the paint's visit finds it: the flag of a login, the kept figures. */
  kept: Readonly<Record<string, string>>;
  /** The language it is drawn in. */
  language: Locale;
  /** Before the ids React makes, so two paints in one page name their own parts. */
  idPrefix: string;
}

/**
 * The markup of the app at `path` as its first render draws it on a device keeping `kept`, before
 * any answer (every call waits for ever): home from kept figures, dimmed. Undefined when the app
 * did not settle.
 */
export async function renderKeptPaint(request: KeptPaintRequest): Promise<string | undefined> {
  const http = createHttp({
    origin: '',
    readCookie: () => undefined,
    isOnline: () => true,
    until: new Promise<void>(() => undefined),
  });
  const platform = serverPlatform({
    path: request.path,
    answers: {},
    cookies: {},
    languages: [request.language],
  });
  for (const [key, value] of Object.entries(request.kept)) platform.storage.set(key, value);
  platform.storage.set(LANGUAGE_KEY, request.language);
  const actor = createActor(appMachine, { input: { api: createApi(http), platform } });
  // What the screen's views ask for once mounted (their effects, which a prerender does not run):
  // the kept figures are then drawn as the app draws them while it asks again, as updating.
  const needed = () =>
    childrenOf(actor).data.send({ type: 'resource.needed', keys: [...REMEMBERED] });
  return renderApp(actor, request.path, () => 0, request.idPrefix, needed);
}

/**
 * The app of `actor` at `path`, started (then `started` called) and settled (`left`: answers not yet
 * taken); undefined if it did not settle.
 */
async function renderApp(
  actor: AppActor,
  path: string,
  left: () => number,
  identifierPrefix?: string,
  started: () => void = () => undefined,
): Promise<string | undefined> {
  actor.start();
  started();
  try {
    await preloadScreenAt(path);
    if (!(await settled(actor, left))) return undefined;
    const location = () => [path, () => undefined] as [string, () => void];
    const { prelude } = await prerender(
      <StrictMode>
        <FirstPaintProvider value>
          <App actor={actor} hook={location} searchHook={() => ''} />
        </FirstPaintProvider>
      </StrictMode>,
      // A part that suspends on something the answers do not hold would wait for ever.
      { signal: AbortSignal.timeout(SETTLE_MS), identifierPrefix },
    );
    // The page's Content-Security-Policy (style-src 'self') drops style attributes in its markup,
    // each with a console error: a part styled so waits for the app's render to have it.
    const markup = (await new Response(prelude).text()).replace(STYLE_ATTRIBUTE, '');
    // A picture of the screen until the app renders over it: a choice made on it (the period)
    // would reach no code and be lost, so it takes none (base.css lays it out as if not there).
    return `<div class="${PAINTED_SCREEN}" inert>${markup}</div>`;
  } finally {
    actor.stop();
  }
}

/** The language the app shows the device: the one chosen in Profile (its cookie), else the browser's. */
export function firstPaintLanguage(request: Omit<FirstPaintRequest, 'answers'>): Locale {
  return readLanguage(serverPlatform({ ...request, answers: {} }));
}

/**
 * Waits until the language's texts are in and the screen has taken the page's answers (or taken
 * no more for a few turns: one it does not show), then the few turns its machines take to rest.
 */
async function settled(actor: AppActor, left: () => number): Promise<boolean> {
  const { settings } = childrenOf(actor);
  const until = Date.now() + SETTLE_MS;
  let [last, still] = [left(), 0];
  while (Date.now() < until) {
    await nextTurn();
    const now = left();
    [last, still] = [now, now === last ? still + 1 : 0];
    if (!settings.getSnapshot().hasTag('starting') && (now === 0 || still >= STILL_TURNS)) {
      for (let rest = 0; rest < 3; rest += 1) await nextTurn();
      return true;
    }
  }
  return false;
}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * The browser seam in the server: nothing navigates, no history, and the device keeps the flag of
 * a login on it when the page's answers have the user (the session is the page's), and what its
 * cookies copy of its storage: privacy mode and the language chosen in Profile.
 */
function serverPlatform(request: FirstPaintRequest): Platform {
  const none = () => () => undefined;
  const kept = new Map<string, string>(
    request.answers['/user'] === undefined ? [] : [[LOGGED_IN_KEY, 'true']],
  );
  for (const key of [HIDE_AMOUNTS_KEY, LANGUAGE_KEY]) {
    const copy = request.cookies[key];
    if (copy) kept.set(key, copy);
  }
  return {
    navigate: () => undefined,
    currentPath: () => request.path,
    storage: {
      get: (key) => kept.get(key) ?? null,
      set: (key, value) => kept.set(key, value),
      remove: (key) => kept.delete(key),
    },
    cookies: { get: (name) => request.cookies[name], set: () => undefined },
    history: { push: () => undefined, back: () => undefined, canGoBack: () => false, onPop: none },
    connectivity: { onOnline: none },
    visibility: { onVisible: none, onHidden: none },
    updates: noUpdates,
    languages: () => request.languages,
  };
}
