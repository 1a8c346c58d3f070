import { useRecovery } from './use-data';
import { useT } from '../app/use-i18n';
import './refresh-alert.css';

/**
 * The screen's one message when a load failed, with one Retry for everything that failed. It
 * says once that the dimmed figures are out of date (the sections themselves are only dimmed),
 * and which period they are of when it is not the selected one.
 */
export function RefreshAlert() {
  const { message, kept, retry } = useRecovery();
  const { t, text } = useT();
  if (message === undefined) return null;
  return (
    <div className="refresh-alert" role="alert">
      <p className="refresh-alert__text">
        {text(message)}
        {kept.held && ` ${t('load.dimmed')}`}
        {kept.shown &&
          kept.selected &&
          ` ${t('load.otherPeriod', {
            shown: t(`summary.${kept.shown}`),
            selected: t(`period.${kept.selected}`),
          })}`}
      </p>
      <button type="button" className="button button--secondary button--small" onClick={retry}>
        {t('common.retry')}
      </button>
    </div>
  );
}
