// The in-browser mock of the /api/v1 contract, loaded lazily in demo mode only.
import { mountDevPanel } from './dev-panel';
import { STORAGE_KEY } from './memory/stored';
import { makeServer, type MockServer } from './server';

export { makeServer, RESET_NOTICE } from './server';
export type { Faults, FaultState, MakeServerOptions, MockServer } from './server';
export type { PriceSource } from '../contract/market/synthetic-market';
export { STORAGE_KEY } from './memory/stored';
export { DEMO_ANCHOR, DEMO_USER } from '../contract/demo-data';

const DEMO_LATENCY_MS = 150;

/** The demo: persisted in localStorage, a little latency, and the Demo tools panel. */
export function startDemoServer(): MockServer {
  const server = makeServer({
    environment: 'development',
    storage: globalThis.localStorage,
    timing: DEMO_LATENCY_MS,
  });
  // Another tab's writes arrive as storage events; without them its data and CSRF token would
  // drift from this tab's until a reload.
  globalThis.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) server.reloadStored();
  });
  mountDevPanel(server);
  return server;
}
