// The root: one long-lived child per concern, each registered by systemId (STYLE point 8).
// Per-screen flows (forms, deletions) are children of `flows`: views start them there with
// `flowDeps` (useFlow), so a save outlives its view but not the app.
import { setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Api } from '../../api';
import { authMachine } from '../auth';
import { dataMachine } from '../data/data.machine';
import { flowsMachine, type FlowsActor } from './flows.machine';
import { noticesMachine } from './notices.machine';
import { periodMachine } from './period.machine';
import type { Platform } from './platform';
import { settingsMachine } from './settings.machine';
import { updateMachine } from './update.machine';

export interface AppInput {
  api: Api;
  platform: Platform;
}

export interface AppContext {
  api: Api;
  platform: Platform;
}

export const appMachine = setup({
  types: {
    context: {} as AppContext,
    input: {} as AppInput,
    children: {} as {
      data: 'data';
      settings: 'settings';
      period: 'period';
      auth: 'auth';
      update: 'update';
      notices: 'notices';
      flows: 'flows';
    },
  },
  actors: {
    data: dataMachine,
    settings: settingsMachine,
    period: periodMachine,
    auth: authMachine,
    update: updateMachine,
    notices: noticesMachine,
    flows: flowsMachine,
  },
}).createMachine({
  id: 'app',
  context: ({ input }) => ({ api: input.api, platform: input.platform }),
  // 'data' first: the others send to it from their first entry actions.
  invoke: [
    {
      id: 'data',
      systemId: 'data',
      src: 'data',
      input: ({ context }) => ({
        api: context.api,
        platform: context.platform,
        figures: context.platform.storage,
      }),
    },
    {
      id: 'settings',
      systemId: 'settings',
      src: 'settings',
      input: ({ context }) => ({ platform: context.platform }),
    },
    {
      id: 'period',
      systemId: 'period',
      src: 'period',
      input: ({ context }) => ({ platform: context.platform }),
    },
    {
      id: 'auth',
      systemId: 'auth',
      src: 'auth',
      input: ({ context }) => ({ api: context.api, platform: context.platform }),
    },
    {
      id: 'update',
      systemId: 'update',
      src: 'update',
      input: ({ context }) => ({ updates: context.platform.updates }),
    },
    { id: 'notices', systemId: 'notices', src: 'notices' },
    { id: 'flows', systemId: 'flows', src: 'flows' },
  ],
});

export type AppActor = ActorRefFrom<typeof appMachine>;
export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type AuthActor = ActorRefFrom<typeof authMachine>;
export type DataActor = ActorRefFrom<typeof dataMachine>;
export type PeriodActor = ActorRefFrom<typeof periodMachine>;
export type SettingsActor = ActorRefFrom<typeof settingsMachine>;
export type UpdateActor = ActorRefFrom<typeof updateMachine>;
export type NoticesActor = ActorRefFrom<typeof noticesMachine>;

/**
 * What a per-screen flow needs from the app: the API, the browser seam, the data actor, the
 * auth actor as the session it waits on after a 401, and the notices actor it confirms a save to.
 */
export interface FlowDeps {
  api: Api;
  platform: Platform;
  data: DataActor;
  session: AuthActor;
  notices: NoticesActor;
}

/** The long-lived children; they exist from the app actor's start until it stops. */
export function childrenOf(app: AppActor): {
  auth: AuthActor;
  data: DataActor;
  period: PeriodActor;
  settings: SettingsActor;
  update: UpdateActor;
  notices: NoticesActor;
  flows: FlowsActor;
} {
  const { children } = app.getSnapshot();
  const { auth, data, period, settings, update, notices, flows } = children;
  if (!auth || !data || !period || !settings || !update || !notices || !flows)
    throw new Error('The app actor is not running');
  return { auth, data, period, settings, update, notices, flows };
}

export function flowDeps(app: AppActor): FlowDeps {
  const { api, platform } = app.getSnapshot().context;
  const { data, auth, notices } = childrenOf(app);
  return { api, platform, data, session: auth, notices };
}
