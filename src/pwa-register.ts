/// <reference types="vite-plugin-pwa/vanillajs" />
// The service worker's registration, imported by main.tsx only: unit tests and `vite dev` never
// register one (the plugin's devOptions are off).
import { registerSW } from 'virtual:pwa-register';
import type { UpdatePort } from './machines/app/platform';

/** Registers the service worker; the port tells when a new version waits and lets it in. */
export function registerServiceWorker(): UpdatePort {
  const listeners = new Set<() => void>();
  let waiting = false;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      waiting = true;
      for (const listener of [...listeners]) listener();
    },
  });
  return {
    onWaiting(listener) {
      listeners.add(listener);
      // The worker may have been found waiting before the machine listened.
      if (waiting) listener();
      return () => listeners.delete(listener);
    },
    // The plugin posts SKIP_WAITING and reloads once the new worker controls the page.
    apply: () => void updateServiceWorker(true),
  };
}
