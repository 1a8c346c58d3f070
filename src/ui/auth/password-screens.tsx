import type { FormEvent } from 'react';
import { Link, useSearch } from 'wouter';
import { Brand } from '../components/brand';
import { EmailField, PasswordField } from '../forms/account-fields';
import { FormError, formText } from '../forms/field';
import { BlockSubmit } from '../forms/form-buttons';
import { FormNote } from '../forms/form-note';
import { usePassword } from './use-password';
import { useT } from '../app/use-i18n';
import { fill } from '../../i18n';
import { PASSWORD_TEXTS } from './password-catalogue';
import './password.css';

function usePasswordTexts() {
  const i18n = useT();
  return { ...i18n, tp: PASSWORD_TEXTS[i18n.language] };
}

/** '/forgot-password': asks for a reset link by e-mail. */
export function ForgotPasswordScreen() {
  const { errors, formError, sent, submitting, submit } = usePassword();
  const { tp } = usePasswordTexts();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit({ kind: 'forgot', email: formText(new FormData(event.currentTarget), 'email') });
  };
  return (
    <main className="page password-page">
      <Brand />
      <h1 className="page__title">{tp['password.forgotTitle']}</h1>
      <p className="form__lead">{tp['password.forgotText']}</p>
      <form className="form" onSubmit={onSubmit}>
        <EmailField label={tp['password.email']} errors={errors.email} />
        <FormError message={formError} />
        <FormNote message={sent} plain />
        <BlockSubmit label={tp['password.send']} submitting={submitting} />
      </form>
      <Link href="/">{tp['password.backToLogin']}</Link>
    </main>
  );
}

/** '/reset-password?token=…&email=…': the link of the e-mail, where a new password is chosen. */
export function ResetPasswordScreen() {
  const { errors, formError, submitting, submit } = usePassword();
  const { tp } = usePasswordTexts();
  const params = new URLSearchParams(useSearch());
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    submit({
      kind: 'reset',
      token,
      email,
      password: formText(data, 'password'),
      passwordConfirmation: formText(data, 'password_confirmation'),
    });
  };
  if (!token || !email)
    return (
      <main className="page password-page">
        <Brand />
        <h1 className="page__title">{tp['password.resetTitle']}</h1>
        <p className="form-error">{tp['password.incomplete']}</p>
        <Link href="/forgot-password">{tp['password.askAgain']}</Link>
      </main>
    );
  return (
    <main className="page password-page">
      <Brand />
      <h1 className="page__title">{tp['password.resetTitle']}</h1>
      <p className="form__lead">{fill(tp['password.resetFor'], { email })}</p>
      <form className="form" onSubmit={onSubmit}>
        {/* For password managers: the account the new password belongs to. */}
        <input type="hidden" name="email" value={email} autoComplete="username" />
        <PasswordField
          label={tp['password.new']}
          autoComplete="new-password"
          errors={errors.password}
        />
        <PasswordField
          label={tp['password.confirm']}
          name="password_confirmation"
          autoComplete="new-password"
        />
        {/* The address's errors (a used or expired link) say what to do: ask again. */}
        <FormError message={errors.email?.[0] ?? formError} />
        {errors.email && <Link href="/forgot-password">{tp['password.askAgain']}</Link>}
        <BlockSubmit label={tp['password.reset']} submitting={submitting} />
      </form>
    </main>
  );
}
