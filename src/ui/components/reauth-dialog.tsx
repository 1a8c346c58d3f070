import type { FormEvent } from 'react';
import { SESSION_LOST_MESSAGE } from '../../machines/auth.machine';
import { useReauth } from '../hooks/use-auth';
import { useT } from '../hooks/use-i18n';
import { FormError, TextField, formText } from './field';
import { Overlay } from './overlay';

/**
 * The password, asked for on top of whatever the user was doing when the session was lost. The
 * screen and its open forms stay as they were; they carry on once this succeeds. The only other
 * way out is Log out.
 */
export function ReauthDialog() {
  const { open, email, errors, formError, submitting, submit, logout } = useReauth();
  const { t, text } = useT();
  if (!open) return null;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    submit({ email: email || formText(data, 'email'), password: formText(data, 'password') });
  };
  return (
    <Overlay title={t('reauth.title')}>
      <form className="form" onSubmit={onSubmit}>
        <p className="form__lead">{text(SESSION_LOST_MESSAGE)}</p>
        <TextField
          label={t('auth.email')}
          name="email"
          type="email"
          autoComplete="username"
          autoCapitalize="none"
          required
          {...(email ? { value: email, readOnly: true } : {})}
          errors={errors.email}
        />
        <TextField
          label={t('auth.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={errors.password}
        />
        <FormError message={formError} />
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={submitting}
        >
          {t('auth.login')}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          disabled={submitting}
          onClick={logout}
        >
          {t('auth.logout')}
        </button>
      </form>
    </Overlay>
  );
}
