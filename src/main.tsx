// First, so every component's own sheet comes after them in the cascade (see vite.config.ts).
import './ui/app/styles/tokens.css';
import './ui/app/styles/base.css';
import './ui/app/styles/controls.css';
import './ui/app/styles/content.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi, createHttp } from './api';
import { FIRST_ANSWERS_ID, readFirstAnswers } from './domain/wire/first-answers';
import { apiMode, apiOrigin } from './env';
import { createAppActor } from './machines/app/app-actor';
import { childrenOf } from './machines/app/app.machine';
import { browserStorage } from './machines/app/platform';
import { hasKeptFigures } from './machines/data/remembered-figures';
import { registerServiceWorker } from './pwa-register';
import { App, preloadScreenAt, preloadScreens } from './ui/app/app';
import { FIRST_PAINT_ATTRIBUTE } from './ui/components/first-paint';

// The demo's page holds home's paint in each language, hidden but for the one its first-code script
// chose: the others go before anything else runs, so the page holds only what it shows.
const shownPaint = document.documentElement.getAttribute(FIRST_PAINT_ATTRIBUTE);
for (const paint of document.querySelectorAll('#root > .demo-paint'))
  if (paint.getAttribute('lang') !== shownPaint) paint.remove();

// A page the server painted (src/first-paint.tsx's mark leads the root), or the demo's page showing
// its first paint (FIRST_PAINT_ATTRIBUTE), is shown before the app starts: on a warm visit the entry
// comes from the service worker's cache as soon as the page is parsed, and its start, run first,
// held the server's paint behind it (lcp9, docs/benchmarks.md).
if (
  document.querySelector('#root > template.first-paint') ||
  document.documentElement.hasAttribute(FIRST_PAINT_ATTRIBUTE)
)
  afterNextPaint(start);
else start();

function start(): void {
  // The screen at this address is known before anything renders: its code downloads alongside the
  // demo server and the first data instead of after the first render.
  const firstScreen = preloadScreenAt(location.pathname);

  // With the last visit's figures to show, the demo server starts once they are painted: starting
  // it and answering the first calls would otherwise hold the main thread before that paint.
  let openDemoGate = () => {};
  const demoGate = hasKeptFigures(browserStorage)
    ? new Promise<void>((open) => (openDemoGate = open))
    : Promise.resolve();

  // Demo mode downloads Mirage lazily (preloaded when no figures are kept, see
  // scripts/vite/first-code.ts); a live build never requests that chunk. The page paints at once;
  // API calls wait until the demo server is installed.
  const demoServer =
    apiMode() === 'mock'
      ? demoGate
          .then(() => import('./mock-server'))
          .then(({ startDemoServer }) => {
            startDemoServer();
          })
      : undefined;

  // The Node server sends a logged-in user's page with its screen's first answers (issue 37).
  const http = createHttp({
    origin: apiOrigin,
    until: demoServer,
    firstAnswers: readFirstAnswers(document.getElementById(FIRST_ANSWERS_ID)?.textContent),
  });

  // The one app actor, created once, outside React so StrictMode cannot double it.
  const actor = createAppActor({
    api: createApi(http),
    platform: { updates: registerServiceWorker() },
  });
  // The chosen language's texts (English is in the entry): App renders nothing before them.
  const textsLoaded = new Promise<void>((resolve) => {
    const { settings } = childrenOf(actor);
    const check = () => settings.getSnapshot().hasTag('starting') || resolve();
    settings.subscribe(check);
    check();
  });

  // The first render waits for the screen's code and the language's texts (index.html's splash, or
  // the server's first paint of the screen, shows meanwhile, and the first render replaces it with
  // the same screen: a render before the texts would replace it with nothing). A screen that
  // suspends is revealed only up to 300 ms after its code has come, as React batches reveals. A
  // chunk that failed to load renders too, as the screen's own error.
  void Promise.allSettled([firstScreen, textsLoaded]).then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App actor={actor} />
      </StrictMode>,
    );
    afterNextPaint(openDemoGate);
    // They were for the first screen, which has asked by then (its views' effects ran before the
    // browser idled): a screen opened later asks the server for its own.
    afterNextPaint(() => void whenIdle().then(() => http.forgetFirstAnswers()));
  });
  // The other screens' code once this one and the demo server are in and the browser is idle, so
  // it never competes with them on a slow network, yet moving between screens never waits.
  void Promise.allSettled([firstScreen, demoServer]).then(whenIdle).then(preloadScreens);
}

/**
 * After the frame that shows what was just rendered; a tab opened in the background paints no
 * frame, so at the latest after half a second.
 */
function afterNextPaint(then: () => void): void {
  let done = false;
  const once = () => {
    if (!done) then();
    done = true;
  };
  requestAnimationFrame(() => setTimeout(once));
  setTimeout(once, 500);
}

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    // Safari has no requestIdleCallback.
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3000 });
    else setTimeout(resolve, 500);
  });
}
