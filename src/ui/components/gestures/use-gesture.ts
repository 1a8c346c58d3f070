import { useRef, type PointerEvent, type TouchEvent } from 'react';

export interface Point {
  x: number;
  y: number;
}

export interface GestureCallbacks {
  onStart: (at: Point) => void;
  onMove?: (at: Point) => void;
  onEnd: (at: Point) => void;
  onCancel: () => void;
}

/**
 * One press-move-release gesture from Pointer events or Touch events, whichever arrives. A finger
 * sends both kinds, so the first to start owns the gesture and the other is ignored; when the
 * browser cancels the pointer to scroll, the touch events that go on take the gesture over.
 */
export function useGesture(callbacks: GestureCallbacks) {
  const owner = useRef<'pointer' | 'touch' | null>(null);
  const touchSeen = useRef(false);

  const finish = () => {
    owner.current = null;
    touchSeen.current = false;
  };
  const touchPoint = (event: TouchEvent): Point | undefined => {
    const touch = event.changedTouches[0];
    return touch && { x: touch.clientX, y: touch.clientY };
  };
  const pointerPoint = (event: PointerEvent): Point => ({ x: event.clientX, y: event.clientY });

  return {
    onPointerDown: (event: PointerEvent) => {
      if (owner.current !== null || event.button !== 0) return;
      owner.current = 'pointer';
      callbacks.onStart(pointerPoint(event));
    },
    onPointerMove: (event: PointerEvent) => {
      if (owner.current === 'pointer') callbacks.onMove?.(pointerPoint(event));
    },
    onPointerUp: (event: PointerEvent) => {
      if (owner.current !== 'pointer') return;
      finish();
      callbacks.onEnd(pointerPoint(event));
    },
    onPointerCancel: () => {
      if (owner.current !== 'pointer') return;
      if (touchSeen.current) {
        owner.current = 'touch';
        return;
      }
      finish();
      callbacks.onCancel();
    },
    onPointerLeave: (event: PointerEvent) => {
      // A mouse that leaves has let go of the element; a finger's pointer leaves as it lifts.
      if (owner.current !== 'pointer' || event.pointerType === 'touch') return;
      finish();
      callbacks.onCancel();
    },
    onTouchStart: (event: TouchEvent) => {
      touchSeen.current = true;
      const at = touchPoint(event);
      if (owner.current !== null || !at || event.touches.length > 1) return;
      owner.current = 'touch';
      callbacks.onStart(at);
    },
    onTouchMove: (event: TouchEvent) => {
      const at = touchPoint(event);
      if (owner.current === 'touch' && at) callbacks.onMove?.(at);
    },
    onTouchEnd: (event: TouchEvent) => {
      const at = touchPoint(event);
      if (owner.current !== 'touch') {
        if (owner.current === null) touchSeen.current = false;
        return;
      }
      finish();
      if (at) callbacks.onEnd(at);
      else callbacks.onCancel();
    },
    onTouchCancel: () => {
      if (owner.current !== 'touch') return;
      finish();
      callbacks.onCancel();
    },
  };
}
