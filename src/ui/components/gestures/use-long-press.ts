import { useCallback, useEffect, useRef, type MouseEvent } from 'react';
import { useGesture, type Point } from './use-gesture';

/** Press time of the spec (section 9). */
export const PRESS_TIME_MS = 450;
const VIBRATION_MS = 100;
/** A finger that moves this far is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Long press on an element: after 450 ms the phone vibrates and `onLongPress` runs; the click
 * that ends the press is swallowed (in the capture phase, before any link or row handler inside)
 * so nothing under the finger navigates.
 * The timer is UI-only state, so it lives here and not in a machine.
 */
export function useLongPress(onLongPress: () => void, enabled = true) {
  const timer = useRef<number | undefined>(undefined);
  const start = useRef<Point | null>(null);
  const fired = useRef(false);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  const press = useGesture({
    onStart: (at) => {
      // Disabled, a press still ends through these handlers, but starts nothing.
      if (!enabled) return;
      fired.current = false;
      start.current = at;
      timer.current = window.setTimeout(() => {
        fired.current = true;
        navigator.vibrate?.(VIBRATION_MS);
        onLongPress();
      }, PRESS_TIME_MS);
    },
    onMove: (at) => {
      if (!start.current) return;
      const moved = Math.hypot(at.x - start.current.x, at.y - start.current.y);
      if (moved > MOVE_TOLERANCE_PX) cancel();
    },
    onEnd: cancel,
    onCancel: cancel,
  });

  return {
    ...press,
    onClickCapture: (event: MouseEvent) => {
      if (fired.current) {
        event.preventDefault();
        event.stopPropagation();
        fired.current = false;
      }
    },
    onContextMenu: (event: MouseEvent) => {
      // The phone's own long-press menu would cover the rename field.
      if (start.current || fired.current) event.preventDefault();
    },
  };
}
