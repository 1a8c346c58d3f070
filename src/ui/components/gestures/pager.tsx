import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useGesture, type Point } from './use-gesture';
import { useT } from '../../app/use-i18n';
import './pager.css';

/** Horizontal distance of a swipe (spec section 9). */
export const SWIPE_THRESHOLD_PX = 75;

export interface PagerProps {
  current: number;
  /** Asked to show another page (by swipe); the owner decides whether it may. */
  onSelect: (page: number) => void;
  pages: readonly ReactNode[];
  /**
   * Whether pages that are not shown stay readable by assistive technology (content pages), or
   * are hidden and inert (a paged form, whose later pages open only when the earlier are valid).
   */
  otherPages?: 'readable' | 'hidden';
}

/**
 * Pages side by side, one shown; a horizontal swipe of 75 px asks for the neighbour.
 * The viewport takes the current page's height so a long neighbour leaves no gap.
 * Readable pages that are not shown stay in the accessibility tree; moving focus into one asks
 * for it, so keyboard users never act on a page they cannot see.
 */
export function Pager({ current, onSelect, pages, otherPages = 'readable' }: PagerProps) {
  const start = useRef<Point | null>(null);
  const viewport = useRef<HTMLDivElement>(null);
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

  const swipe = useGesture({
    onStart: (at) => (start.current = at),
    onEnd: (at) => {
      if (!start.current) return;
      const dx = at.x - start.current.x;
      const dy = at.y - start.current.y;
      start.current = null;
      if (Math.abs(dx) < SWIPE_THRESHOLD_PX || Math.abs(dx) < Math.abs(dy)) return;
      const next = dx < 0 ? current + 1 : current - 1;
      if (next >= 0 && next < pages.length) onSelect(next);
    },
    onCancel: () => (start.current = null),
  });

  return (
    <div
      ref={viewport}
      className={`pager${otherPages === 'hidden' ? ' pager--hide-others' : ''}`}
      style={{ height }}
      {...swipe}
      // A mouse drag over selected text would start a native drag and cancel the swipe.
      onDragStart={(event) => event.preventDefault()}
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
            inert={otherPages === 'hidden' && index !== current}
            onFocus={() => {
              // The browser scrolls the clipped viewport to the focused element; the track's
              // transform does the showing instead.
              viewport.current?.scrollTo?.({ left: 0 });
              if (index !== current) onSelect(index);
            }}
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
  label,
}: {
  count: number;
  current: number;
  onSelect: (page: number) => void;
  label?: string;
}) {
  const { t } = useT();
  return (
    <div className="dots" role="group" aria-label={label ?? t('pager.pages')}>
      {Array.from({ length: count }, (_, index) => (
        <button
          key={index}
          type="button"
          className="dot"
          aria-label={t('pager.page', { number: index + 1 })}
          aria-current={index === current ? 'step' : undefined}
          onClick={() => onSelect(index)}
        />
      ))}
    </div>
  );
}
