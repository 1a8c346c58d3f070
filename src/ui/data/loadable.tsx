import type { ReactNode } from 'react';
import type { LoadStatus } from '../../machines/data/selectors';
import { useT } from '../app/use-i18n';
import './loadable.css';

/**
 * One place for the states every list and figure has: skeleton, nothing loaded, data, and data
 * whose refresh failed: dimmed, its "Out of date" kept for screen readers only (so it is not told by
 * colour alone), as the screen's RefreshAlert says it once for every section.
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
  /**
   * Overrides "Could not be loaded.", e.g. "Not found." (a card's reason and Retry are the
   * screen's, once).
   */
  error?: string;
  skeleton: ReactNode;
  children: () => ReactNode;
}) {
  const { t, text } = useT();
  if (status === 'failed')
    return <p className="load-failed">{error ? text(error) : t('load.failed')}</p>;
  if (status === 'loading') return <>{skeleton}</>;
  // One tree whether stale or not: a refresh that fails or recovers must not remount the figures,
  // or a field being typed in below (a rename in place) would lose its focus and keyboard.
  return (
    <div className={stale ? 'stale' : 'loadable'}>
      {stale && <p className="visually-hidden">{t('load.stale')}</p>}
      <div className={stale ? 'stale__content' : 'loadable'}>{children()}</div>
    </div>
  );
}
