import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './icons';

export interface OverlayProps {
  /** The dialog's visible title and accessible name. */
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Decorative mark before the title. */
  icon?: ReactNode;
  /** Animating out: no longer a dialog to assistive tech or the pointer. */
  closing?: boolean;
}

/** A full-screen modal dialog (a centred sheet on wide screens) above the app; rendered only while open. */
export function Overlay({ title, onClose, children, icon, closing = false }: OverlayProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  // Focus moves into the dialog when it opens and returns to the opener when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input:not([disabled]), select:not([disabled]), textarea:not([disabled])',
    );
    (first ?? panel.current)?.focus();
    return () => opener?.focus();
  }, []);

  // The page behind is out of reach (pointer, keyboard, assistive tech) while the dialog is open.
  useLayoutEffect(() => {
    const app = document.getElementById('root');
    if (!app || closing) return;
    app.inert = true;
    app.setAttribute('aria-hidden', 'true');
    return () => {
      app.inert = false;
      app.removeAttribute('aria-hidden');
    };
  }, [closing]);

  return createPortal(
    <div
      className={`overlay${closing ? ' overlay--closing' : ''}`}
      inert={closing}
      aria-hidden={closing || undefined}
    >
      <div className="overlay__backdrop" onClick={onClose} />
      <div
        ref={panel}
        className="overlay__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            onClose();
          }
        }}
      >
        <header className="overlay__header">
          <h2 className="overlay__title" id={titleId}>
            {icon}
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </button>
        </header>
        <div className="overlay__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
