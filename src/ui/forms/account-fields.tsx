import { useT } from '../app/use-i18n';
import { TextField, type TextFieldProps } from './field';

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

export function PasswordField({
  label,
  name = 'password',
  autoComplete,
  ...props
}: AccountFieldProps & {
  name?: string;
  /** Which password a manager offers: the saved one, or a new one to save. */
  autoComplete: 'current-password' | 'new-password';
}) {
  const { t } = useT();
  return (
    <TextField
      label={label ?? t('auth.password')}
      name={name}
      type="password"
      autoComplete={autoComplete}
      required
      {...props}
    />
  );
}
