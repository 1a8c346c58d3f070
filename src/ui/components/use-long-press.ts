import { useCallback, useEffect, useRef, type MouseEvent, type PointerEvent } from 'react';

/** Press time of the spec (section 9). */
export const PRESS_TIME_MS = 450;
const VIBRATION_MS = 100;
/** A finger that moves this far is scrolling, not pressing. */
const MOVE_TOLERANCE_PX = 10;

/**
 * Long press on an element: after 450 ms the phone vibrates and `onLongPress` runs; the click
 * that ends the press is swallowed so a link under the finger does not navigate.
 * The timer is UI-only state, so it lives here and not in a machine.
 */
export function useLongPress(onLongPress: () => void) {
  const timer = useRef<number | undefined>(undefined);
  const start = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    start.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.button !== 0) return;
      fired.current = false;
      start.current = { x: event.clientX, y: event.clientY };
      timer.current = window.setTimeout(() => {
        fired.current = true;
        navigator.vibrate?.(VIBRATION_MS);
        onLongPress();
      }, PRESS_TIME_MS);
    },
    onPointerMove: (event: PointerEvent) => {
      if (!start.current) return;
      const moved = Math.hypot(event.clientX - start.current.x, event.clientY - start.current.y);
      if (moved > MOVE_TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onClick: (event: MouseEvent) => {
      if (fired.current) {
        event.preventDefault();
        fired.current = false;
      }
    },
    onContextMenu: (event: MouseEvent) => {
      // The phone's own long-press menu would cover the rename field.
      if (start.current || fired.current) event.preventDefault();
    },
  };
}
