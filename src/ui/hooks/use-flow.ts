import { useEffect, useRef, useState } from 'react';
import {
  createActor,
  type Actor,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
} from 'xstate';
import type { FlowEvent } from '../../machines/flow';

type Detachable<T extends AnyStateMachine> =
  Extract<FlowEvent, { type: 'flow.detached' }> extends EventFromLogic<T> ? T : never;

/**
 * Starts a per-screen flow for as long as its view shows. Unlike useActorRef, leaving does not
 * stop it: the flow is told `flow.detached` and decides, so a save in flight still refreshes what
 * it changed (machines/flow.ts).
 */
export function useFlow<T extends AnyStateMachine>(
  logic: Detachable<T>,
  input: InputFrom<T>,
): Actor<T> {
  const [actor] = useState(() => createActor<T>(logic, { input }));
  const mounted = useRef(0);
  useEffect(() => {
    mounted.current += 1;
    actor.start();
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
