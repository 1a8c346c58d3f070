import type { CSSProperties, ReactNode } from 'react';
import { useT } from '../app/use-i18n';

/** A grey placeholder block with a shimmer while data loads. */
export function Skeleton({
  width = '100%',
  height = 16,
  style,
}: {
  width?: number | string;
  height?: number | string;
  style?: CSSProperties;
}) {
  return <span className="skeleton" aria-hidden="true" style={{ width, height, ...style }} />;
}

/** Placeholder rows as tall as a table's rows, so nothing below moves when the table comes. */
export function SkeletonRows({ rows = 4, label }: { rows?: number; label?: string }) {
  const { t } = useT();
  return (
    <div className="skeleton-rows" role="status" aria-label={label ?? t('states.loading')}>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="skeleton-rows__row">
          {/* Sized by content.css: a page's first paint drops style attributes. */}
          <span className="skeleton skeleton-rows__label" aria-hidden="true" />
          <span className="skeleton skeleton-rows__value" aria-hidden="true" />
        </div>
      ))}
    </div>
  );
}

/** A section's list that could not be read: why, and Retry. */
export function LoadRetry({ error, onRetry }: { error: string | undefined; onRetry: () => void }) {
  const { t, text } = useT();
  return (
    <div className="load-retry">
      <p className="load-failed">{text(error ?? '')}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="empty">{children}</div>;
}

/** A screen's place while its code loads: the page frame with placeholder cards. */
export function ScreenSkeleton() {
  const { t } = useT();
  return (
    <main className="page">
      <div className="page__header">
        <Skeleton width={160} height={26} />
      </div>
      <section className="card">
        <SkeletonRows rows={3} label={t('states.loadingScreen')} />
      </section>
    </main>
  );
}
