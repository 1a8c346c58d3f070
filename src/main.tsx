import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApi, createHttp } from './api';
import { apiMode, apiOrigin } from './env';
import { createAppActor } from './machines/app-actor';
import { registerServiceWorker } from './pwa-register';
import { App, preloadScreens } from './ui/app';

// Demo mode downloads Mirage and faker lazily; a live build never requests that chunk. The page
// paints at once; API calls wait until the demo server is installed.
const demoServer =
  apiMode() === 'mock'
    ? import('./mock-server').then(({ startDemoServer }) => {
        startDemoServer();
      })
    : undefined;

// The one app actor, created once, outside React so StrictMode cannot double it.
const actor = createAppActor({
  api: createApi(createHttp({ origin: apiOrigin, until: demoServer })),
  platform: { updates: registerServiceWorker() },
});
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App actor={actor} />
  </StrictMode>,
);
// First paint needs only the shell; fetch the other screens' code right after it, so moving
// between screens never waits for a download.
void preloadScreens();
