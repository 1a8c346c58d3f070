// How a view starts its flow in the `flows` host (flows.machine.ts); apart from the host, so it
// loads with the views that start flows, not with the app.
import type { Actor, AnyActorRef, AnyStateMachine, InputFrom } from 'xstate';
import type { FlowsActor } from './flows.machine';

/**
 * The flow under `id` in the host, started with `logic` and `input` unless it runs already (React
 * may call a state initializer twice: the second call gets the first's flow).
 */
export function startFlow<T extends AnyStateMachine>(
  host: FlowsActor,
  id: string,
  logic: T,
  input: InputFrom<T>,
): Actor<T> {
  const running = (): AnyActorRef | undefined => host.getSnapshot().children[id];
  if (!running()) host.send({ type: 'flow.started', id, logic, input });
  const flow = running();
  if (!flow) throw new Error(`The flow ${id} ended as it started`);
  // The host holds flows of every kind; this one was spawned from `logic` under `id` above.
  return flow as Actor<T>;
}
