// The in-browser mock of the /api/v1 contract, loaded lazily in demo mode only.
import { mountDevPanel } from './dev-panel';
import { makeServer, type MockServer } from './server';

export { makeServer, RESET_NOTICE } from './server';
export type { Faults, FaultState, MakeServerOptions, MockServer } from './server';
export type { PriceSource } from './figures';
export { STORAGE_KEY } from './db';
export { DEMO_ANCHOR, DEMO_USER } from './seed';

const DEMO_LATENCY_MS = 150;

/** The demo: persisted in localStorage, a little latency, and the Demo tools panel. */
export function startDemoServer(): MockServer {
  const server = makeServer({
    environment: 'development',
    storage: globalThis.localStorage,
    timing: DEMO_LATENCY_MS,
  });
  mountDevPanel(server);
  return server;
}
