import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiMode } from './env';

async function boot() {
  // Demo mode downloads Mirage and faker lazily; a live build never requests that chunk.
  if (apiMode() === 'mock') {
    const { startDemoServer } = await import('./mock-server');
    startDemoServer();
  }
  const [{ App }, { createAppActor }, { navigate }] = await Promise.all([
    import('./ui/app'),
    import('./machines/app-actor'),
    import('wouter/use-browser-location'),
  ]);
  // The one app actor, created once, outside React so StrictMode cannot double it.
  const actor = createAppActor({ platform: { navigate } });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App actor={actor} />
    </StrictMode>,
  );
}

void boot();
