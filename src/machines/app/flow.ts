// What every per-screen flow (a form, a rename, a deletion) shares about its life:
// - a lost session (401, or a 419 the fresh CSRF cookie did not cure) pauses the flow until the
//   auth machine says the user logged in again, then the pending call is sent once more;
// - `flow.detached` says its view is gone (overlay closed, page left): an idle flow ends, a
//   call in flight finishes and still tells the data actor what changed, but no longer drives the
//   view.
import { fromCallback } from 'xstate';
import { ApiError } from '../../api/errors';

/** What a flow needs of the auth machine: its `session.restored` emission. */
export interface SessionRef {
  on(type: 'session.restored', handler: () => void): { unsubscribe(): void };
}

export type FlowEvent = { type: 'flow.detached' } | { type: 'session.restored' };

/** The failure says the session is gone; the auth machine is already asking for the password. */
function sessionLost(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 419);
}

/** The backend lacks the call (Formue's own calls on a plain Laravel API): 404 or 405. */
export function isMissingCall(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 405);
}

/** A call's failure event lost the session: the guard `sessionLost` of every flow's setup(). */
export function sessionLostIn({ event }: { event: object }): boolean {
  return 'error' in event && sessionLost(event.error);
}

/** The first `onError` transition of a flow's call: a lost session waits in `awaitingSession`. */
export const WAIT_FOR_SESSION = { guard: 'sessionLost', target: 'awaitingSession' } as const;

/** Invoked while a flow waits for the user to log in again. */
export const sessionRestored = fromCallback<FlowEvent, { session: SessionRef }>(
  ({ input, sendBack }) => {
    const subscription = input.session.on('session.restored', () =>
      sendBack({ type: 'session.restored' }),
    );
    return () => subscription.unsubscribe();
  },
);

/**
 * The state a flow waits in after a lost session: it keeps its context, looks as busy as the call
 * (`tags`), and goes back to `resume` (the call) once the user has logged in again. `dropTo` is
 * where `flow.detached` leads, when the enclosing state would otherwise keep the flow going.
 */
export function awaitingSession<Tag extends string>(
  resume: string,
  { tags, dropTo }: { tags?: Tag | Tag[]; dropTo?: string } = {},
) {
  return {
    tags,
    invoke: {
      src: 'sessionRestored' as const,
      input: ({ context }: { context: { session: SessionRef } }) => ({ session: context.session }),
    },
    on: {
      'session.restored': resume,
      ...(dropTo === undefined ? {} : { 'flow.detached': dropTo }),
    },
  };
}
