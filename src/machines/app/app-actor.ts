// The app's single actor, wired to the real API client and the browser (the UI creates it once).
import { createActor } from 'xstate';
import { api as realApi, type Api } from '../../api';
import { appMachine, type AppActor } from './app.machine';
import { browserPlatform, type Platform } from './platform';

export interface AppActorOptions {
  api?: Api;
  /** Any part of the browser seam to replace, e.g. a memory location's `navigate` in tests. */
  platform?: Partial<Platform>;
}

/** Creates and starts the app actor. */
export function createAppActor(options: AppActorOptions = {}): AppActor {
  const actor = createActor(appMachine, {
    input: { api: options.api ?? realApi, platform: browserPlatform(options.platform) },
  });
  actor.start();
  return actor;
}
