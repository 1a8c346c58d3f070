import { useT } from '../use-i18n';
import { useUpdate } from '../use-update';
import './update-status.css';

/** A new version waits: a small, non-blocking offer to reload into it. */
export function UpdateStatus() {
  const { offered, updating, reload } = useUpdate();
  const { t } = useT();
  if (!offered) return null;
  return (
    <>
      {/* Room at the end of the page, so the fixed status never covers its last controls. */}
      <div className="update-status-room" />
      <div className="update-status" role="status">
        <p className="update-status__text">{t('update.available')}</p>
        <button
          type="button"
          className="button button--primary button--small"
          onClick={reload}
          disabled={updating}
        >
          {t('update.reload')}
        </button>
      </div>
    </>
  );
}
