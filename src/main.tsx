import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiMode } from './env';
import { createAppActor } from './machines/app-actor';
import { App, preloadScreens } from './ui/app';

async function boot() {
  // Demo mode downloads Mirage and faker lazily; a live build never requests that chunk.
  if (apiMode() === 'mock') {
    const { startDemoServer } = await import('./mock-server');
    startDemoServer();
  }
  // The one app actor, created once, outside React so StrictMode cannot double it.
  const actor = createAppActor();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App actor={actor} />
    </StrictMode>,
  );
  // First paint needs only the shell; fetch the other screens' code right after it, so moving
  // between screens never waits for a download.
  void preloadScreens();
}

void boot();
