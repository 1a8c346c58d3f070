import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from '../icons';
import { useT } from '../../app/use-i18n';
import './overlay.css';

export interface OverlayProps {
  /** The dialog's visible title and accessible name. */
  title: string;
  /** Close button, Escape and the backdrop; without it the dialog has no way out but its own. */
  onClose?: () => void;
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
  const { t } = useT();

  // Focus moves into the dialog when it opens and returns to the opener when it closes.
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input:not([disabled]):not([readonly]), select:not([disabled]), textarea:not([disabled])',
    );
    (first ?? panel.current)?.focus();
    return () => opener?.focus();
  }, []);

  // Everything behind (the app, and any dialog opened before this one) is out of reach for the
  // pointer, the keyboard and assistive tech while this dialog is open.
  useLayoutEffect(() => {
    const own = panel.current?.closest('.overlay');
    if (!own || closing) return;
    const behind = [
      document.getElementById('root'),
      ...document.querySelectorAll<HTMLElement>('body > .overlay'),
    ].filter((element): element is HTMLElement => element !== null && element !== own);
    const before = behind.map((element) => [element.inert, element.getAttribute('aria-hidden')]);
    for (const element of behind) {
      element.inert = true;
      element.setAttribute('aria-hidden', 'true');
    }
    return () => {
      behind.forEach((element, index) => {
        const [inert, hidden] = before[index];
        element.inert = inert === true;
        if (typeof hidden === 'string') element.setAttribute('aria-hidden', hidden);
        else element.removeAttribute('aria-hidden');
      });
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
          if (event.key === 'Escape' && onClose) {
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
          {onClose && (
            <button
              type="button"
              className="icon-button"
              aria-label={t('overlay.close')}
              onClick={onClose}
            >
              <CloseIcon />
            </button>
          )}
        </header>
        <div className="overlay__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
