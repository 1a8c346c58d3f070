import { useEffect, useId, useRef, useState } from 'react';
import type { Actor, AnyStateMachine, EventFromLogic, InputFrom } from 'xstate';
import type { FlowEvent } from '../../machines/app/flow';
import { startFlow } from '../../machines/app/start-flow';
import { useAppChildren } from './app-actor';

type Detachable<T extends AnyStateMachine> =
  Extract<FlowEvent, { type: 'flow.detached' }> extends EventFromLogic<T> ? T : never;

/**
 * Starts a per-screen flow for its view, as a child of the app's `flows` host (flows.machine.ts).
 * Leaving does not stop it: the flow is told `flow.detached` and decides, so a save in flight
 * still refreshes what it changed (machines/flow.ts); the host forgets it once it is done.
 */
export function useFlow<T extends AnyStateMachine>(
  logic: Detachable<T>,
  input: InputFrom<T>,
): Actor<T> {
  const { flows } = useAppChildren();
  // One id per mounted view: StrictMode's second call of the initializer finds the same flow.
  const id = `${logic.id}${useId()}`;
  const [actor] = useState(() => startFlow(flows, id, logic, input));
  const mounted = useRef(0);
  useEffect(() => {
    mounted.current += 1;
    return () => {
      mounted.current -= 1;
      // StrictMode unmounts and remounts at once: only a real unmount lets the flow go.
      queueMicrotask(() => {
        const { status } = actor.getSnapshot() as { status: string };
        if (mounted.current === 0 && status === 'active') {
          actor.send({ type: 'flow.detached' } as EventFromLogic<T>);
        }
      });
    };
  }, [actor]);
  return actor;
}
