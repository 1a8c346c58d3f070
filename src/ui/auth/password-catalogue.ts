// The texts of Remember me and the password reset screens, in both languages: like Profile's,
// they load with their code (the Login form, the reset screens), as the main catalogues' English
// is start-up code (`npm run budget`). What the server answers is in en-sent.ts.
import type { Locale } from '../../i18n/locales';

const en = {
  'password.remember': 'Remember me',
  'password.forgot': 'Forgot password?',
  'password.forgotTitle': 'Forgot your password?',
  'password.forgotText':
    'Type the e-mail of your account, and we send you a link to choose a new password.',
  'password.email': 'E-mail',
  'password.send': 'Send reset link',
  'password.resetTitle': 'Choose a new password',
  'password.resetFor': 'For {email}',
  'password.new': 'New password',
  'password.confirm': 'Confirm password',
  'password.reset': 'Reset password',
  'password.backToLogin': 'Back to login',
  'password.incomplete': 'This link is incomplete. Ask for a new one.',
  'password.askAgain': 'Ask for a new link',
} as const;

export type PasswordKey = keyof typeof en;

const da: Readonly<Record<PasswordKey, string>> = {
  'password.remember': 'Husk mig',
  'password.forgot': 'Glemt adgangskode?',
  'password.forgotTitle': 'Glemt din adgangskode?',
  'password.forgotText':
    'Skriv din kontos e-mail, så sender vi dig et link til at vælge en ny adgangskode.',
  'password.email': 'E-mail',
  'password.send': 'Send nulstillingslink',
  'password.resetTitle': 'Vælg en ny adgangskode',
  'password.resetFor': 'Til {email}',
  'password.new': 'Ny adgangskode',
  'password.confirm': 'Bekræft adgangskode',
  'password.reset': 'Nulstil adgangskode',
  'password.backToLogin': 'Tilbage til login',
  'password.incomplete': 'Linket er ufuldstændigt. Bed om et nyt.',
  'password.askAgain': 'Bed om et nyt link',
};

export const PASSWORD_TEXTS: Readonly<Record<Locale, Readonly<Record<PasswordKey, string>>>> = {
  en,
  da,
};
