// The Edit Profile form's rules (profile.machine.ts): a new password or e-mail needs the current
// password, the server's rule checked here first so nothing is sent without it. Pure: tested in
// tests/machines/profile/profile.test.ts.
import type { ProfileUpdate, User } from '../../domain/types';
import type { FormErrors } from '../forms/form-errors';
import { check, nameRule, requiredText } from '../forms/form-rules';

/** The server's wording (user.routes.ts), so both show and translate alike. */
export const CURRENT_PASSWORD_REQUIRED = 'The current password field is required.';
export const PASSWORD_MISMATCH = 'The password field confirmation does not match.';

export const PROFILE_FIELDS = [
  'name',
  'email',
  'password',
  'password_confirmation',
  'current_password',
] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** Whether the change needs the current password: the server's rule, checked before sending. */
export function needsCurrentPassword(update: ProfileUpdate, user: User): boolean {
  const email = update.email.trim().toLowerCase();
  // An empty e-mail is its own error, as on the server.
  return Boolean(update.password) || (email !== '' && email !== user.email.trim().toLowerCase());
}

/** The form's rules; `user` is who the form started from. */
export function profileRules(values: ProfileUpdate, user: User): FormErrors<ProfileField> {
  return check<ProfileField>({
    name: () => nameRule(values.name),
    email: () => requiredText(values.email),
    // Under the second field, where it is mended; the server says it under the first.
    password_confirmation: () =>
      values.password && values.password_confirmation !== values.password
        ? PASSWORD_MISMATCH
        : undefined,
    current_password: () =>
      needsCurrentPassword(values, user) && !values.current_password
        ? CURRENT_PASSWORD_REQUIRED
        : undefined,
  });
}

/** What is sent: an empty password means "keep it"; an empty current password is not sent. */
export function profileBody(values: ProfileUpdate): ProfileUpdate {
  const { password, password_confirmation, current_password, ...rest } = values;
  return {
    ...rest,
    ...(password ? { password, password_confirmation } : {}),
    ...(current_password ? { current_password } : {}),
  };
}
