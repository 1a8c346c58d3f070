import { useCallback, useSyncExternalStore } from 'react';

/**
 * Where the side menu becomes a sidebar: the stylesheets' `--desktop`, where their desktop blocks
 * start (src/ui/app/styles/breakpoints.css); tests/unit/code/breakpoints.test.ts holds the two
 * together.
 */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Whether a media query matches, kept up to date; false without matchMedia (jsdom). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = typeof matchMedia === 'function' ? matchMedia(query) : undefined;
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  const matches = () => typeof matchMedia === 'function' && matchMedia(query).matches;
  // The same on the server (src/first-paint.tsx), which has no matchMedia: a phone's layout.
  return useSyncExternalStore(subscribe, matches, matches);
}
