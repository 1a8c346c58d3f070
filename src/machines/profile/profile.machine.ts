// The Edit Profile form (decisions.md sections 4 and 6): a save flow (save-flow.ts) over the
// profile rules (forms/profile.rules.ts) whose Save sends PUT /user; the saved user goes to the
// data actor and the overlay closes. A server without that call (404/405) gets a clear message.
import { ApiError } from '../../api/errors';
import type { ProfileUpdate, User } from '../../domain/types';
import { formFailure, sameKeys } from '../forms/form-errors';
import { PROFILE_FIELDS, profileBody, profileRules } from './profile.rules';
import type { OverlayRef } from '../app/overlay.machine';
import { saveFlow, type SaveFlowDeps } from '../forms/save-flow';

/** A toast, as the overlay it was saved in closes. */
export const PROFILE_SAVED = 'Profile saved';
export const PROFILE_UNSUPPORTED = 'The profile cannot be saved on this server.';

export type ProfileInput = SaveFlowDeps & {
  /** The Edit Profile overlay; closed after a save. */
  overlay: OverlayRef;
  /** Who the form starts from: its values, and whether a change of e-mail needs the password. */
  user: User;
};

export const profileMachine = saveFlow({
  id: 'profile',
  types: { input: {} as ProfileInput },
  values: (input): ProfileUpdate => ({
    name: input.user.name,
    email: input.user.email,
    password: '',
    password_confirmation: '',
    current_password: '',
  }),
  rules: {
    keys: sameKeys(PROFILE_FIELDS),
    check: ({ input, values }) => profileRules(values, input.user),
    body: ({ values }) => profileBody(values),
  },
  keyed: false,
  submit: ({ context, body }) => context.input.api.updateUser(body),
  saved: (_, user: User) => ({
    announce: { type: 'user.updated', user },
    notice: PROFILE_SAVED,
  }),
  failure: (error) =>
    error instanceof ApiError && (error.status === 404 || error.status === 405)
      ? { fieldErrors: {}, formError: PROFILE_UNSUPPORTED }
      : formFailure(error, sameKeys(PROFILE_FIELDS)),
});
