import { useRef, type FormEvent } from 'react';
import { CheckIcon, Logo } from '../components/icons';
import { Overlay } from '../components/overlay';
import { FormError, TextField, formText } from '../components/field';
import { useAuthForm, type AuthMode } from '../hooks/use-auth';
import { useOverlay } from '../hooks/use-overlay';

const FEATURES = [
  'Stocks, funds and crypto in one place',
  'Buys, sells, dividends and splits',
  'Value and change by day, week, month or year',
];

/** '/': what Formue is, and the Login / Register overlay. */
export function LandingScreen() {
  const overlay = useOverlay();
  const { notice, resetErrors } = useAuthForm();
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
        <h1 className="landing__tagline">Know what your investments are worth, every day.</h1>
        <p className="landing__lead">
          A calm overview of your portfolios, with every trade and dividend in DKK.
        </p>
        <Preview />
        <ul className="landing__features">
          {FEATURES.map((feature) => (
            <li key={feature}>
              <CheckIcon />
              {feature}
            </li>
          ))}
        </ul>
      </div>
      <div className="landing__inner landing__actions">
        {notice && (
          <p role="status" className="form-error">
            {notice}
          </p>
        )}
        <button
          type="button"
          className="button button--primary button--block"
          onClick={() => open('login')}
        >
          Login
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          onClick={() => open('register')}
        >
          Register
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
    <Overlay title="Formue" icon={<Logo />} onClose={onClose} closing={closing}>
      <p className="landing__lead">{register ? 'Create your account' : 'Welcome back'}</p>
      {demo && !register && (
        <div className="demo-hint">
          <div>
            <p className="demo-hint__title">Demo account</p>
            <p>
              {demo.email} / {demo.password}
            </p>
          </div>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={useDemo}
          >
            Use demo account
          </button>
        </div>
      )}
      <form ref={form} className="form" onSubmit={onSubmit} key={mode}>
        {register && (
          <TextField label="Name" name="name" autoComplete="name" required errors={errors.name} />
        )}
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          required
          errors={errors.email}
        />
        <TextField
          label="Password"
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
          {register ? 'Register' : 'Login'}
        </button>
      </form>
    </Overlay>
  );
}

/** A decorative glimpse of the dashboard (not data: hidden from assistive tech). */
function Preview() {
  return (
    <div className="card landing__preview" aria-hidden="true">
      <span className="value-summary__label">Total value</span>
      <span className="landing__preview-value num">1,284,310</span>
      <span className="change change--gain">▲ 2.41 % this year</span>
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
