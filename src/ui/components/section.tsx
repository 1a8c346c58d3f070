import { useId, type ReactNode } from 'react';
import './section.css';

/** A titled card; `action` sits at the right of the title (e.g. a plus link). */
export function Section({
  title,
  action,
  children,
  flush = false,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
  flush?: boolean;
}) {
  const titleId = useId();
  return (
    <section className={`card${flush ? ' card--flush' : ''}`} aria-labelledby={titleId}>
      <div className="section__header">
        <h2 className="section__title" id={titleId}>
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
