// The offer of a new version: a new service worker waits until the user accepts it, so the page
// keeps running the chunks of the version it loaded (the worker keeps serving them) until then.
import { fromCallback, setup, type SnapshotFrom } from 'xstate';
import type { UpdatePort } from './platform';

export interface UpdateInput {
  updates: UpdatePort;
}

export type UpdateEvent = { type: 'update.waiting' } | { type: 'update.accepted' };

export const updateMachine = setup({
  types: {
    context: {} as UpdateInput,
    input: {} as UpdateInput,
    events: {} as UpdateEvent,
    tags: {} as 'offered',
  },
  actors: {
    waitingListener: fromCallback<UpdateEvent, UpdateInput>(({ input, sendBack }) =>
      input.updates.onWaiting(() => sendBack({ type: 'update.waiting' })),
    ),
  },
  actions: {
    applyUpdate: ({ context }) => context.updates.apply(),
  },
}).createMachine({
  id: 'update',
  context: ({ input }) => ({ updates: input.updates }),
  invoke: { src: 'waitingListener', input: ({ context }) => ({ updates: context.updates }) },
  initial: 'current',
  states: {
    current: {
      on: { 'update.waiting': { target: 'offered' } },
    },
    offered: {
      tags: 'offered',
      on: { 'update.accepted': { target: 'applying' } },
    },
    applying: {
      description: 'The new worker takes over and the page reloads; nothing more happens here.',
      tags: 'offered',
      entry: 'applyUpdate',
    },
  },
});

export type UpdateSnapshot = SnapshotFrom<typeof updateMachine>;

/** Whether the "new version" status shows. */
export const isUpdateOffered = (snapshot: UpdateSnapshot): boolean => snapshot.hasTag('offered');

/** Whether Reload was pressed (the page is about to reload). */
export const isUpdating = (snapshot: UpdateSnapshot): boolean => snapshot.matches('applying');
