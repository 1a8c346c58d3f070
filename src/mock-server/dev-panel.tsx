// A small panel for demos: latency, faults and a data reset. It lives in its own DOM node and
// React root, so the app never knows it exists. Collapsed it is a narrow tab on the right edge,
// within the margin that pages and dialogs keep there, so it covers no content; it stays above
// dialogs, where a demo switches faults on in the middle of a form.
import { StrictMode, useEffect, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { createRoot } from 'react-dom/client';
import { isLocale } from '../i18n';
import { DEV_PANEL_TEXTS, type DevPanelTexts } from './dev-panel-texts';
import { RESET_NOTICE, type MockServer } from './server';

const LATENCIES = [0, 150, 1000, 3000] as const;
// A short throttle shows the app's countdown and retry without a long wait.
const THROTTLE_SECONDS = [3, 30] as const;

const tab: CSSProperties = {
  position: 'fixed',
  top: '50%',
  right: 0,
  transform: 'translateY(-50%)',
  zIndex: 1000,
  // Narrower than the 16 px margin of a phone's pages and dialogs.
  width: 14,
  padding: '8px 0',
  writingMode: 'vertical-rl',
  font: '600 11px/14px system-ui, sans-serif',
  color: '#fff',
  background: 'rgba(80, 60, 160, 0.8)',
  border: 'none',
  borderRadius: '6px 0 0 6px',
  cursor: 'pointer',
};

const panel: CSSProperties = {
  position: 'fixed',
  top: '50%',
  right: 20,
  transform: 'translateY(-50%)',
  zIndex: 1000,
  width: 'min(300px, 92vw)',
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  padding: 12,
  font: '13px/1.4 system-ui, sans-serif',
  color: '#1b1b1f',
  background: '#fff',
  border: '1px solid #c9c6d9',
  borderRadius: 8,
  boxShadow: '0 6px 24px rgba(0, 0, 0, 0.2)',
};

const row: CSSProperties = { display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' };

/** The app's language, as it writes it on <html lang>: the panel is no part of the app. */
function subscribeToLanguage(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
  return () => observer.disconnect();
}

function documentLanguage() {
  const language = document.documentElement.lang.split('-')[0];
  return isLocale(language) ? language : 'en';
}

export function DevPanel({ server }: { server: MockServer }) {
  const text = DEV_PANEL_TEXTS[useSyncExternalStore(subscribeToLanguage, documentLanguage)];
  const [open, setOpen] = useState(server.notice !== null);
  const [faults, setFaults] = useState(server.faults.state());
  // What the last action did, in whichever language is chosen when it shows.
  const [status, setStatus] = useState<(texts: DevPanelTexts) => string>(
    () => (texts: DevPanelTexts) =>
      server.notice === RESET_NOTICE ? texts.wasReset : (server.notice ?? ''),
  );

  // The demo sends no e-mail: a reset link shows here, and the panel opens on it.
  const mail = useSyncExternalStore(server.onMail, server.sentMail).at(-1);
  useEffect(() => {
    if (mail) setOpen(true);
  }, [mail]);

  const act = (message: (texts: DevPanelTexts) => string, action: () => void) => () => {
    action();
    setFaults(server.faults.state());
    setStatus(() => message);
  };

  return (
    <>
      <button
        type="button"
        style={tab}
        aria-expanded={open}
        aria-controls="demo-tools-panel"
        onClick={() => setOpen(!open)}
      >
        {text.tab}
      </button>
      {open && (
        <section id="demo-tools-panel" aria-label={text.tab} style={panel}>
          <label style={row}>
            {text.latency}
            <select
              value={faults.latency}
              onChange={(event) => {
                const ms = Number(event.target.value);
                act(
                  (texts) => texts.latencySet(ms),
                  () => server.faults.latency(ms),
                )();
              }}
            >
              {[...new Set([...LATENCIES, faults.latency])].map((ms) => (
                <option key={ms} value={ms}>
                  {ms} ms
                </option>
              ))}
            </select>
          </label>
          <div style={row}>
            <button
              type="button"
              onClick={act(
                (texts) => texts.sessionExpired,
                () => server.faults.expireSession(),
              )}
            >
              {text.expireSession}
            </button>
            <button
              type="button"
              onClick={act(
                (texts) => texts.csrfOnceSet,
                () => server.faults.csrfMismatch(1),
              )}
            >
              {text.csrfOnce}
            </button>
            <button
              type="button"
              onClick={act(
                (texts) => texts.csrfTwiceSet,
                () => server.faults.csrfMismatch(2),
              )}
            >
              {text.csrfTwice}
            </button>
            {THROTTLE_SECONDS.map((seconds) => (
              <button
                key={seconds}
                type="button"
                onClick={act(
                  (texts) => texts.throttled(seconds),
                  () => server.faults.throttle(seconds),
                )}
              >
                {text.throttle(seconds)}
              </button>
            ))}
            <button
              type="button"
              aria-pressed={faults.failing}
              onClick={act(
                (texts) => (faults.failing ? texts.answering : texts.failing),
                () => server.faults.fail(!faults.failing),
              )}
            >
              {text.fail}
            </button>
            <button
              type="button"
              aria-pressed={faults.offline}
              onClick={act(
                (texts) => (faults.offline ? texts.online : texts.offlineSet),
                () => server.faults.offline(!faults.offline),
              )}
            >
              {text.offline}
            </button>
          </div>
          <div style={row}>
            <button
              type="button"
              onClick={act(
                (texts) => texts.cleared,
                () => server.faults.clear(),
              )}
            >
              {text.clear}
            </button>
            <button
              type="button"
              onClick={() => {
                // The app holds the old data in memory; a reload shows the restored demo.
                void server.resetDemoData().then(() => location.reload());
              }}
            >
              {text.reset}
            </button>
          </div>
          {mail && (
            <div style={{ ...row, flexDirection: 'column', alignItems: 'flex-start' }}>
              {text.mailSent(mail.to)}
              <a href={mail.link}>{text.openResetLink}</a>
            </div>
          )}
          <p role="status" style={{ margin: 0, minHeight: '1.4em' }}>
            {status(text)}
          </p>
        </section>
      )}
    </>
  );
}

/** Mounts the panel in its own node and root; returns its removal. */
export function mountDevPanel(server: MockServer): () => void {
  const host = document.createElement('div');
  host.id = 'formue-demo-tools';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <StrictMode>
      <DevPanel server={server} />
    </StrictMode>,
  );
  return () => {
    root.unmount();
    host.remove();
  };
}
