import { Suspense, useEffect } from 'react';
import { Brand } from '../components/brand';
import { FormNote } from '../forms/form-note';
import { CheckIcon } from '../components/icons';
import { useAuthForm, type AuthMode } from './use-auth';
import { useT } from '../app/use-i18n';
import { useOverlay } from '../app/use-overlay';
import { lazyScreen } from '../app/lazy-screen';
import type { MessageKey } from '../../i18n';
// The preview borrows the value summary's label, a change's colour and the chart's strokes.
import '../components/charts/change.css';
import '../components/charts/value-chart.css';
import '../components/charts/value-summary.css';
import './landing-screen.css';

/** The Login / Register form: not needed to paint the page, so fetched just after. */
const AuthOverlay = lazyScreen(() => import('./auth-overlay').then((module) => module.AuthOverlay));

const FEATURES: readonly MessageKey[] = [
  'landing.feature.kinds',
  'landing.feature.events',
  'landing.feature.periods',
];

/** '/': what Formue is, and the Login / Register overlay. */
export function LandingScreen() {
  const overlay = useOverlay();
  const { notice, resetErrors } = useAuthForm();
  const { t } = useT();
  useEffect(() => {
    void AuthOverlay.preload();
  }, []);
  const open = (mode: AuthMode) => {
    resetErrors();
    overlay.open(mode);
  };
  return (
    <main className="landing">
      <div className="landing__inner">
        <Brand />
        <h1 className="landing__tagline">{t('landing.tagline')}</h1>
        <p className="landing__lead">{t('landing.lead')}</p>
        <Preview />
        <ul className="landing__features">
          {FEATURES.map((feature) => (
            <li key={feature}>
              <CheckIcon />
              {t(feature)}
            </li>
          ))}
        </ul>
      </div>
      <div className="landing__inner landing__actions">
        <FormNote message={notice} />
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => open('login')}
        >
          {t('landing.login')}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => open('register')}
        >
          {t('landing.register')}
        </button>
      </div>
      {overlay.visible && (
        <Suspense fallback={null}>
          <AuthOverlay
            mode={overlay.mode === 'register' ? 'register' : 'login'}
            closing={overlay.closing}
            onClose={overlay.close}
          />
        </Suspense>
      )}
    </main>
  );
}

/** A decorative glimpse of the dashboard (not data: hidden from assistive tech). */
function Preview() {
  const { t } = useT();
  return (
    <div className="card landing__preview" aria-hidden="true">
      <span className="value-summary__label">{t('landing.previewLabel')}</span>
      <span className="landing__preview-value num">{t('landing.previewValue')}</span>
      <span className="change change--gain">{t('landing.previewChange')}</span>
      <svg className="landing__preview-chart" viewBox="0 0 300 72" preserveAspectRatio="none">
        <path
          className="chart__area"
          d="M0 60 C30 58 40 48 70 50 S120 40 150 36 S200 30 220 22 S270 18 300 8 V72 H0 Z"
        />
        <path
          className="chart__line"
          d="M0 60 C30 58 40 48 70 50 S120 40 150 36 S200 30 220 22 S270 18 300 8"
        />
      </svg>
    </div>
  );
}
