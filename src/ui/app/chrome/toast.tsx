import { useNotices } from '../use-notices';
import { useT } from '../use-i18n';
import './toast.css';

/**
 * The confirmation after a save or a delete: polite (role status), at the bottom, above the
 * content and never in its way (the room below lets the last controls scroll clear of it).
 */
export function Toast() {
  const { text, undoable, key, dismiss, undo } = useNotices();
  const { t, text: translated } = useT();
  if (text === undefined) return null;
  return (
    <>
      <div className="toast-room" />
      {/* A new key for a new notice: its entrance plays again and it is announced again. */}
      <div className="toast" role="status" key={key}>
        <p className="toast__text">{translated(text)}</p>
        {undoable && (
          <button type="button" className="toast__undo" onClick={undo}>
            {t('notice.undo')}
          </button>
        )}
        <button
          type="button"
          className="toast__close"
          aria-label={t('notice.dismiss')}
          onClick={dismiss}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
    </>
  );
}
