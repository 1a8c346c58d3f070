// The Profile screen's "Reset demo data" (demo mode only): the mock's data goes back to its seed,
// then every screen reloads. Its result stays on the screen.
import { assign, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../../api';
import { messageOf } from '../../api/errors';
import type { DataRef } from '../data/data.machine';
import type { FlowEvent } from '../app/flow';

export const DEMO_RESET_DONE = 'Demo data was reset.';

export const demoResetMachine = setup({
  types: {
    context: {} as { api: Api; data: DataRef; notice: string | undefined },
    events: {} as { type: 'demo.reset' } | FlowEvent,
    input: {} as { api: Api; data: DataRef },
    tags: {} as 'resetting',
  },
  actors: {
    resetDemo: fromPromise<void, { api: Api }>(({ input }) => input.api.resetDemo()),
  },
  actions: {
    reloadAll: sendTo(({ context }) => context.data, { type: 'refresh.all' }),
  },
}).createMachine({
  id: 'demoReset',
  context: ({ input }) => ({ ...input, notice: undefined }),
  initial: 'idle',
  on: { 'flow.detached': '.released' },
  states: {
    idle: { on: { 'demo.reset': 'resetting' } },
    resetting: {
      tags: 'resetting',
      invoke: {
        src: 'resetDemo',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'idle', actions: ['reloadAll', assign({ notice: DEMO_RESET_DONE })] },
        onError: {
          target: 'idle',
          actions: assign({ notice: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    released: { type: 'final' },
  },
});
