import { useState } from 'react';
import { MIN_PASSWORD } from '../../domain/rules/account-rules';
import { useT } from '../app/use-i18n';
import { FieldShell, TextField, type TextFieldProps } from './field';
import './account-fields.css';

type AccountFieldProps = Pick<
  TextFieldProps,
  'errors' | 'hint' | 'defaultValue' | 'value' | 'readOnly' | 'required'
> & {
  /** The field's label when it is not the login form's. */
  label?: string;
};

// The account's fields as Login, Register, Log in again, the password screens and Edit Profile
// all ask them: the names and autocomplete tokens password managers fill in. Required unless said.

export function NameField({ label, ...props }: AccountFieldProps) {
  const { t } = useT();
  return (
    <TextField
      label={label ?? t('auth.name')}
      name="name"
      autoComplete="name"
      required
      {...props}
    />
  );
}

export function EmailField({
  label,
  autoComplete = 'email',
  ...props
}: AccountFieldProps & { autoComplete?: 'email' | 'username' }) {
  const { t } = useT();
  return (
    <TextField
      label={label ?? t('auth.email')}
      name="email"
      type="email"
      autoComplete={autoComplete}
      autoCapitalize="none"
      required
      {...props}
    />
  );
}

/**
 * A password. A new one says the rule beforehand, not only when the server refuses it, and can
 * be shown while it is typed; its confirmation follows the field above it.
 */
export function PasswordField({
  label,
  name = 'password',
  autoComplete,
  errors,
  hint,
  required = true,
  ...input
}: AccountFieldProps & {
  name?: string;
  /** Which password a manager offers: the saved one, or a new one to save. */
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useT();
  const [shown, setShown] = useState(false);
  const chosen = autoComplete === 'new-password' && !name.endsWith('_confirmation');
  const rule = chosen ? t('auth.passwordRule', { min: MIN_PASSWORD }) : undefined;
  return (
    <FieldShell label={label ?? t('auth.password')} errors={errors} hints={[rule, hint]}>
      {({ inputId, describedBy, invalid }) => (
        <div className="password-field">
          <input
            {...input}
            id={inputId}
            name={name}
            className="field__input"
            type={shown ? 'text' : 'password'}
            autoComplete={autoComplete}
            autoCapitalize="none"
            spellCheck={false}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
          />
          {chosen && (
            <button
              type="button"
              className="button button--ghost button--small password-field__show"
              aria-pressed={shown}
              onClick={() => setShown((was) => !was)}
            >
              {t('auth.showPassword')}
            </button>
          )}
        </div>
      )}
    </FieldShell>
  );
}
