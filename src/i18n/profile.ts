// The Edit Profile form's texts that came after the main catalogues had filled the start-up
// budget: like market.ts, they load with their screen alone (`npm run budget`). Keys as in en.ts;
// TypeScript refuses a Danish text that is missing.
import type { Locale } from './locales';

const en = {
  'profile.currentPassword': 'Current password',
  'profile.currentPasswordHint': 'Needed to change your e-mail or password.',
} as const;

export type ProfileKey = keyof typeof en;

const da: Readonly<Record<ProfileKey, string>> = {
  'profile.currentPassword': 'Nuværende adgangskode',
  'profile.currentPasswordHint': 'Kræves for at ændre din e-mail eller adgangskode.',
};

export const PROFILE_TEXTS: Readonly<Record<Locale, Readonly<Record<ProfileKey, string>>>> = {
  en,
  da,
};
