import { useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode } from 'react';

/** Horizontal distance of a swipe (spec section 9). */
export const SWIPE_THRESHOLD_PX = 75;

export interface PagerProps {
  current: number;
  /** Asked to show another page (by swipe); the owner decides whether it may. */
  onSelect: (page: number) => void;
  pages: readonly ReactNode[];
}

/**
 * Pages side by side, one shown; a horizontal swipe of 75 px asks for the neighbour.
 * The viewport takes the current page's height so a long neighbour leaves no gap.
 */
export function Pager({ current, onSelect, pages }: PagerProps) {
  const start = useRef<{ x: number; y: number } | null>(null);
  const pageRefs = useRef<(HTMLDivElement | null)[]>([]);
  // Measured height of the shown page: layout-only state.
  const [height, setHeight] = useState<number | undefined>(undefined);

  useLayoutEffect(() => {
    const page = pageRefs.current[current];
    if (!page || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setHeight(page.offsetHeight));
    observer.observe(page);
    return () => observer.disconnect();
  }, [current]);

  const onPointerDown = (event: PointerEvent) => {
    start.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    if (!start.current) return;
    const dx = event.clientX - start.current.x;
    const dy = event.clientY - start.current.y;
    start.current = null;
    if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
    const next = dx < 0 ? current + 1 : current - 1;
    if (next >= 0 && next < pages.length) onSelect(next);
  };

  return (
    <div
      className="pager"
      style={{ height }}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => (start.current = null)}
    >
      <div className="pager__track" style={{ transform: `translateX(-${current * 100}%)` }}>
        {pages.map((page, index) => (
          <div
            key={index}
            ref={(element) => {
              pageRefs.current[index] = element;
            }}
            className="pager__page"
            data-current={index === current}
          >
            {page}
          </div>
        ))}
      </div>
    </div>
  );
}

/** Buttons "Page 1", "Page 2"…; the shown one has aria-current. */
export function PageDots({
  count,
  current,
  onSelect,
  label = 'Pages',
}: {
  count: number;
  current: number;
  onSelect: (page: number) => void;
  label?: string;
}) {
  return (
    <div className="dots" role="group" aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="dot"
          aria-label={`Page ${index + 1}`}
          aria-current={index === current ? 'step' : undefined}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
