import { useCallback } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { overlayMachine } from '../../machines/app/overlay.machine';
import { useAppActor } from './app-actor';

/**
 * One full-screen overlay: open pushes a history entry, so the back action closes it.
 * `closing` lasts the exit animation; the content stays mounted until it ends.
 */
export function useOverlay() {
  const app = useAppActor();
  const actor = useActorRef(overlayMachine, {
    input: { history: app.getSnapshot().context.platform.history },
  });
  const visible = useSelector(actor, (s) => s.hasTag('visible'));
  const closing = useSelector(actor, (s) => s.matches('closing'));
  const mode = useSelector(actor, (s) => s.context.mode);
  /** The key of what an opening shows: a reopened overlay shows a new form. */
  const opening = useSelector(actor, (s) => s.context.opening);
  const open = useCallback(
    (next?: string) => actor.send({ type: 'overlay.opened', mode: next }),
    [actor],
  );
  const close = useCallback(() => actor.send({ type: 'overlay.closed' }), [actor]);
  /** For a link inside that navigates with replace, taking the overlay's entry. */
  const navigated = useCallback(() => actor.send({ type: 'overlay.navigated' }), [actor]);
  return { actor, visible, closing, mode, opening, open, close, navigated };
}

export type OverlayControl = ReturnType<typeof useOverlay>;
