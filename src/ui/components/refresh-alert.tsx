import { useRecovery } from '../hooks/use-data';

/** The screen's one message when a load failed, with one Retry for everything that failed. */
export function RefreshAlert() {
  const { message, retry } = useRecovery();
  if (message === undefined) return null;
  return (
    <div className="refresh-alert" role="alert">
      <p className="refresh-alert__text">{message}</p>
      <button type="button" className="button button--secondary button--small" onClick={retry}>
        Retry
      </button>
    </div>
  );
}
