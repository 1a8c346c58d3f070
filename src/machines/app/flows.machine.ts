// The per-screen flows' owner (docs/decisions.md "Flows live under the root"): the app's `flows`
// child spawns each flow a view starts (`startFlow`, start-flow.ts, from `useFlow`) as its own
// child, and stops and forgets it once it is done. A flow whose view has gone (`flow.detached`)
// runs on here, so a save in flight finishes whatever React does; stopping the app stops them.
import {
  enqueueActions,
  setup,
  stopChild,
  type ActorRefFrom,
  type AnyActorLogic,
  type DoneActorEvent,
  type ErrorActorEvent,
} from 'xstate';

export type FlowsEvent =
  /** A view starts a flow under `id`, an id no running flow has (`startFlow`). */
  | { type: 'flow.started'; id: string; logic: AnyActorLogic; input: unknown }
  | DoneActorEvent
  | ErrorActorEvent;

// Flows of any kind, under ids the views make: no fixed list of actors or children.
const anyFlow: Record<string, AnyActorLogic> = {};

export const flowsMachine = setup({
  types: { events: {} as FlowsEvent },
  actors: anyFlow,
}).createMachine({
  id: 'flows',
  on: {
    'flow.started': {
      actions: enqueueActions(({ enqueue, event }) => {
        enqueue.spawnChild(event.logic, { id: event.id, input: event.input });
      }),
    },
    // Done (saved, released, …) or failed: stopped and forgotten, so none stays behind.
    'xstate.done.actor.*': { actions: stopChild(({ event }) => event.actorId) },
    'xstate.error.actor.*': { actions: stopChild(({ event }) => event.actorId) },
  },
});

export type FlowsActor = ActorRefFrom<typeof flowsMachine>;
