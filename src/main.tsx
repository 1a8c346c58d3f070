import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { apiMode } from './env';

async function boot() {
  // Demo mode downloads Mirage and faker lazily; a live build never requests that chunk.
  if (apiMode() === 'mock') {
    const { startDemoServer } = await import('./mock-server');
    startDemoServer();
  }
  const { App } = await import('./ui/app');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void boot();
