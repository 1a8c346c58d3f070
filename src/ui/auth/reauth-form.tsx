import type { FormEvent } from 'react';
import { SESSION_LOST_MESSAGE } from '../../machines/auth';
import { useReauth } from './use-auth';
import { useT } from '../app/use-i18n';
import { EmailField, PasswordField } from '../forms/account-fields';
import { FormError, formText } from '../forms/field';
import { BlockSubmit } from '../forms/form-buttons';
import { Overlay } from '../components/dialogs/overlay';

/** The Log in again dialog's form (reauth-dialog.tsx), loaded when a session is first lost. */
export function ReauthForm() {
  const { email, errors, formError, submitting, submit, logout } = useReauth();
  const { t, text } = useT();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    submit({ email: email || formText(data, 'email'), password: formText(data, 'password') });
  };
  return (
    <Overlay title={t('reauth.title')}>
      <form className="form" onSubmit={onSubmit}>
        <p className="form__lead">{text(SESSION_LOST_MESSAGE)}</p>
        <EmailField
          autoComplete="username"
          {...(email ? { value: email, readOnly: true } : {})}
          errors={errors.email}
        />
        <PasswordField autoComplete="current-password" errors={errors.password} />
        <FormError message={formError} />
        <BlockSubmit label={t('auth.login')} submitting={submitting} />
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
