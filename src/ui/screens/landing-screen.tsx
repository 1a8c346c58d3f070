import { useRef, type FormEvent } from 'react';
import { CheckIcon, Logo } from '../components/icons';
import { Overlay } from '../components/overlay';
import { FormError, TextField, formText } from '../components/field';
import { useAuthForm, type AuthMode } from '../hooks/use-auth';
import { useT } from '../hooks/use-i18n';
import { useOverlay } from '../hooks/use-overlay';
import type { MessageKey } from '../../i18n';
// The preview borrows the value summary's label, a change's colour and the chart's strokes.
import '../components/change.css';
import '../components/value-chart.css';
import '../components/value-summary.css';
import './landing-screen.css';

const FEATURES: readonly MessageKey[] = [
  'landing.feature.kinds',
  'landing.feature.events',
  'landing.feature.periods',
];

/** '/': what Formue is, and the Login / Register overlay. */
export function LandingScreen() {
  const overlay = useOverlay();
  const { notice, resetErrors } = useAuthForm();
  const { t, text } = useT();
  const open = (mode: AuthMode) => {
    resetErrors();
    overlay.open(mode);
  };
  return (
    <main className="landing">
      <div className="landing__inner">
        <p className="landing__brand">
          <Logo />
          <span>Formue</span>
        </p>
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
        {notice && (
          <p role="status" className="form-error">
            {text(notice)}
          </p>
        )}
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
        <AuthOverlay
          mode={overlay.mode === 'register' ? 'register' : 'login'}
          closing={overlay.closing}
          onClose={overlay.close}
        />
      )}
    </main>
  );
}

function AuthOverlay({
  mode,
  closing,
  onClose,
}: {
  mode: AuthMode;
  closing: boolean;
  onClose: () => void;
}) {
  const { errors, formError, submitting, demo, submit } = useAuthForm();
  const form = useRef<HTMLFormElement>(null);
  const register = mode === 'register';
  const { t } = useT();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => formText(data, key);
    submit(mode, { name: text('name'), email: text('email'), password: text('password') });
  };

  const useDemo = () => {
    if (!demo || !form.current) return;
    const fields = form.current.elements;
    (fields.namedItem('email') as HTMLInputElement).value = demo.email;
    (fields.namedItem('password') as HTMLInputElement).value = demo.password;
  };

  return (
    <Overlay title={t('app.name')} icon={<Logo />} onClose={onClose} closing={closing}>
      <p className="landing__lead">
        {t(register ? 'landing.createAccount' : 'landing.welcomeBack')}
      </p>
      {demo && !register && (
        <div className="demo-hint">
          <div>
            <p className="demo-hint__title">{t('landing.demo')}</p>
            <p>
              {demo.email} / {demo.password}
            </p>
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={useDemo}
          >
            {t('landing.useDemo')}
          </button>
        </div>
      )}
      <form ref={form} className="form" onSubmit={onSubmit} key={mode}>
        {register && (
          <TextField
            label={t('auth.name')}
            name="name"
            autoComplete="name"
            required
            errors={errors.name}
          />
        )}
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          required
          errors={errors.email}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete={register ? 'new-password' : 'current-password'}
          required
          errors={errors.password}
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={submitting}
        >
          {t(register ? 'landing.register' : 'landing.login')}
        </button>
      </form>
    </Overlay>
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
