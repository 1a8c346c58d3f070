import type { ReactNode } from 'react';
import type { LoadStatus } from '../../machines/selectors';

/** What a card says when it has nothing to show: the reason and Retry are the screen's, once. */
export const NOT_LOADED = 'Could not be loaded.';

/**
 * One place for the states every list and figure has: skeleton, nothing loaded, data, and data
 * whose refresh failed (dimmed, labelled "Out of date" so it is not told by colour alone).
 */
export function Loadable({
  status,
  stale = false,
  error,
  skeleton,
  children,
}: {
  status: LoadStatus;
  stale?: boolean;
  /** Overrides NOT_LOADED, e.g. "Not found." */
  error?: string;
  skeleton: ReactNode;
  children: () => ReactNode;
}) {
  if (status === 'failed') return <p className="load-failed">{error ?? NOT_LOADED}</p>;
  if (status === 'loading') return <>{skeleton}</>;
  if (!stale) return <>{children()}</>;
  return (
    <div className="stale">
      <p className="stale__label">Out of date</p>
      <div className="stale__content">{children()}</div>
    </div>
  );
}
