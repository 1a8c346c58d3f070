// The service worker (vite-plugin-pwa's injectManifest, vite.config.ts's pwa()): Workbox's
// precache of the whole build, so a visited app opens offline; a new worker waits until the app
// posts SKIP_WAITING (the user accepted the new version), so one page never runs chunks of two
// builds. A navigation gets the cached index.html, except, in a live build, to a page the server
// draws (src/sw/server-page.ts): a warm visit then paints its figures with the page, as a cold one.
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { SERVER_PAGES } from './domain/wire/app-page';
import { serverPageFirst } from './sw/server-page';

/** The little of the worker's global scope used here (the project's types are the window's). */
declare const self: {
  __WB_MANIFEST: (string | PrecacheEntry)[];
  skipWaiting: () => Promise<void>;
  addEventListener: (type: 'message', listener: (event: MessageEvent<unknown>) => void) => void;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

const INDEX = 'index.html';

/** The revision Workbox gave the cached index.html (`…/index.html?__WB_REVISION__=<md5>`). */
function cachedRevision(): string | undefined {
  const key = getCacheKeyForURL(INDEX);
  return key ? (new URL(key).searchParams.get('__WB_REVISION__') ?? undefined) : undefined;
}

// The demo has no server to draw a page: its cached page is the same, without the network's wait.
if (import.meta.env.VITE_API_MODE === 'live')
  registerRoute(
    ({ request, url }) => request.mode === 'navigate' && SERVER_PAGES.includes(url.pathname),
    ({ request }) =>
      serverPageFirst({
        network: () => fetch(request),
        cached: () => matchPrecache(INDEX),
        revision: cachedRevision(),
        wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      }),
  );

registerRoute(
  new NavigationRoute(createHandlerBoundToURL(INDEX), {
    denylist: [/^\/api(\/|$)/, /^\/sanctum(\/|$)/, /^\/up$/],
  }),
);
