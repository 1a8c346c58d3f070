// The Demo tools' texts in each of the app's languages. They ship with the mock server, so a
// live build carries none of them.
import type { Locale } from '../i18n';

export interface DevPanelTexts {
  tab: string;
  latency: string;
  latencySet: (ms: number) => string;
  expireSession: string;
  sessionExpired: string;
  csrfOnce: string;
  csrfOnceSet: string;
  csrfTwice: string;
  csrfTwiceSet: string;
  throttle: (seconds: number) => string;
  throttled: (seconds: number) => string;
  fail: string;
  failing: string;
  answering: string;
  offline: string;
  offlineSet: string;
  online: string;
  clear: string;
  cleared: string;
  reset: string;
  wasReset: string;
  /** The password reset e-mail the demo "sent". */
  mailSent: (email: string) => string;
  openResetLink: string;
}

export const DEV_PANEL_TEXTS: Readonly<Record<Locale, DevPanelTexts>> = {
  en: {
    tab: 'Demo tools',
    latency: 'Latency',
    latencySet: (ms) => `Latency ${ms} ms`,
    expireSession: 'Expire session',
    sessionExpired: 'Session expired: the next call answers 401 (or 419)',
    csrfOnce: '419 once',
    csrfOnceSet: 'The next change answers 419 once: a fresh CSRF cookie cures it',
    csrfTwice: '419 twice',
    csrfTwiceSet: 'The next change and its retry answer 419',
    throttle: (seconds) => `Throttle ${seconds} s`,
    throttled: (seconds) => `Throttled for ${seconds} s (429)`,
    fail: 'Fail with 500',
    failing: 'Every call answers 500',
    answering: 'Calls answer again',
    offline: 'Offline',
    offlineSet: 'Offline: every call fails',
    online: 'Back online',
    clear: 'Clear faults',
    cleared: 'Faults cleared',
    reset: 'Reset demo data',
    wasReset: 'Demo data was reset',
    mailSent: (email) => `Password reset e-mail to ${email}`,
    openResetLink: 'Open the reset link',
  },
  da: {
    tab: 'Demoværktøjer',
    latency: 'Svartid',
    latencySet: (ms) => `Svartid ${ms} ms`,
    expireSession: 'Udløb sessionen',
    sessionExpired: 'Sessionen er udløbet: næste kald svarer 401 (eller 419)',
    csrfOnce: '419 én gang',
    csrfOnceSet: 'Næste ændring svarer 419 én gang: en ny CSRF-cookie klarer det',
    csrfTwice: '419 to gange',
    csrfTwiceSet: 'Næste ændring og dens nye forsøg svarer 419',
    throttle: (seconds) => `Begræns ${seconds} s`,
    throttled: (seconds) => `Begrænset i ${seconds} s (429)`,
    fail: 'Fejl med 500',
    failing: 'Alle kald svarer 500',
    answering: 'Kaldene svarer igen',
    offline: 'Offline',
    offlineSet: 'Offline: alle kald fejler',
    online: 'Online igen',
    clear: 'Ryd fejl',
    cleared: 'Fejlene er ryddet',
    reset: 'Nulstil demodata',
    wasReset: 'Demodata blev nulstillet',
    mailSent: (email) => `E-mail om ny adgangskode til ${email}`,
    openResetLink: 'Åbn linket til ny adgangskode',
  },
};
