import { useRecovery } from '../hooks/use-data';
import { useT } from '../hooks/use-i18n';
import './refresh-alert.css';

/** The screen's one message when a load failed, with one Retry for everything that failed. */
export function RefreshAlert() {
  const { message, retry } = useRecovery();
  const { t, text } = useT();
  if (message === undefined) return null;
  return (
    <div className="refresh-alert" role="alert">
      <p className="refresh-alert__text">{text(message)}</p>
      <button type="button" className="button button--secondary button--small" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
