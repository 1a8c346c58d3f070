import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../../app/use-i18n';
import './confirm-dialog.css';

/**
 * A small modal dialog: the question, what it means, the action and Cancel. Focus starts on
 * Cancel (the harmless choice) and returns to the opener; the page behind is inert while it is
 * open. The question and summary may be texts a machine sent in English.
 */
export function ConfirmDialog(props: {
  question: string;
  summary: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const cancelButton = useRef<HTMLButtonElement>(null);
  const { question, summary, confirmLabel, onConfirm: confirm, onCancel: cancel } = props;
  const { t, text } = useT();

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    cancelButton.current?.focus();
    return () => opener?.focus();
  }, []);

  useLayoutEffect(() => {
    const app = document.getElementById('root');
    if (!app) return;
    app.inert = true;
    app.setAttribute('aria-hidden', 'true');
    return () => {
      app.inert = false;
      app.removeAttribute('aria-hidden');
    };
  }, []);

  return createPortal(
    <div className="confirm">
      <div className="confirm__backdrop" onClick={cancel} />
      <div
        className="confirm__panel"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.stopPropagation();
            cancel();
          }
        }}
      >
        <h2 className="confirm__title" id={titleId}>
          {text(question)}
        </h2>
        <p id={textId}>{text(summary)}</p>
        <div className="button-row">
          <button
            ref={cancelButton}
            type="button"
            className="button button--secondary"
            onClick={cancel}
          >
            {t('common.cancel')}
          </button>
          <button type="button" className="button button--danger" onClick={confirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}
