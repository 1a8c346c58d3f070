import { useRef, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Logo } from '../components/icons';
import { Overlay } from '../components/dialogs/overlay';
import { EmailField, NameField, PasswordField } from '../forms/account-fields';
import { FormError, formText } from '../forms/field';
import { BlockSubmit } from '../forms/form-buttons';
import { useAuthForm, type AuthMode } from './use-auth';
import { useT } from '../app/use-i18n';
import { PASSWORD_TEXTS } from './password-catalogue';
import './password.css';

/** The Login / Register overlay of the landing page, with the demo's credentials in demo mode. */
export function AuthOverlay({
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
  const { t, language } = useT();
  const tp = PASSWORD_TEXTS[language];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (key: string) => formText(data, key);
    submit(mode, {
      name: text('name'),
      email: text('email'),
      password: text('password'),
      remember: data.get('remember') !== null,
    });
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
        {register && <NameField errors={errors.name} />}
        <EmailField errors={errors.email} />
        <PasswordField
          autoComplete={register ? 'new-password' : 'current-password'}
          errors={errors.password}
        />
        {!register && (
          <div className="remember-row">
            <label>
              <input type="checkbox" name="remember" />
              {tp['password.remember']}
            </label>
            <Link href="/forgot-password">{tp['password.forgot']}</Link>
          </div>
        )}
        <FormError message={formError} />
        <BlockSubmit
          label={t(register ? 'landing.register' : 'landing.login')}
          submitting={submitting}
        />
      </form>
    </Overlay>
  );
}
