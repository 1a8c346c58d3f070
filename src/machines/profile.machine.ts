// The Profile screen's calls (decisions.md sections 4 and 6): Save sends PUT /user and shows the
// result; a server without that call (404/405) gets a clear message. A new password or e-mail
// needs the current password: the server's rule, checked here first so nothing is sent without
// it. In demo mode the screen can also restore the demo data.
import { assign, enqueueActions, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../api';
import { ApiError, messageOf } from '../api/errors';
import type { ProfileUpdate, User } from '../domain/types';
import type { DataRef } from './data.machine';
import type { OverlayRef } from './overlay.machine';
import * as flow from './flow';
import { formFailure, hasErrors, sameKeys, type FormErrors } from './form-errors';
import { check, nameRule, requiredText } from './form-rules';
import { posted, type NoticesRef } from './notices.machine';

/** A toast, as the overlay it was saved in closes. */
export const PROFILE_SAVED = 'Profile saved';
export const PROFILE_UNSUPPORTED = 'The profile cannot be saved on this server.';
export const DEMO_RESET_DONE = 'Demo data was reset.';
/** The server's wording (user.routes.ts), so both show and translate alike. */
export const CURRENT_PASSWORD_REQUIRED = 'The current password field is required.';

export const PROFILE_FIELDS = ['name', 'email', 'password', 'current_password'] as const;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

export type ProfileEvent =
  /** Edit Profile pressed: the overlay opens on a form without the last opening's errors. */
  | { type: 'edit.opened' }
  /** Save; `user` is the user the form started from (a changed e-mail needs the password). */
  | { type: 'profile.submitted'; update: ProfileUpdate; user: User }
  | { type: 'demo.reset' }
  | flow.FlowEvent;

export interface ProfileInput {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  /** The Edit Profile overlay; closed after a save. */
  overlay: OverlayRef;
}

export interface ProfileContext {
  api: Api;
  data: DataRef;
  session: flow.SessionRef;
  notices: NoticesRef;
  overlay: OverlayRef;
  /** False once the screen has gone: a save in flight still stores the user, but closes nothing. */
  attached: boolean;
  /** The last submitted change, sent again after the user logged in again. */
  update: ProfileUpdate | undefined;
  fieldErrors: FormErrors<ProfileField>;
  formError: string | undefined;
  /** The result of the last reset, or why a save failed, for the screen to show. */
  notice: string | undefined;
}

export const profileMachine = setup({
  types: {
    context: {} as ProfileContext,
    events: {} as ProfileEvent,
    input: {} as ProfileInput,
    tags: {} as 'saving' | 'resetting',
  },
  actors: {
    save: fromPromise<User, { api: Api; update: ProfileUpdate }>(({ input }) =>
      input.api.updateUser(input.update),
    ),
    resetDemo: fromPromise<void, { api: Api }>(({ input }) => input.api.resetDemo()),
    sessionRestored: flow.sessionRestored,
  },
  actions: {
    checkRules: assign((_, params: { update: ProfileUpdate; user: User }) => ({
      update: sentUpdate(params.update),
      fieldErrors: profileRules(params.update, params.user),
      formError: undefined,
      notice: undefined,
    })),
    showFailure: assign((_, params: { error: unknown }) => {
      const { error } = params;
      if (error instanceof ApiError && (error.status === 404 || error.status === 405))
        return { fieldErrors: {}, formError: PROFILE_UNSUPPORTED };
      return formFailure(error, sameKeys(PROFILE_FIELDS));
    }),
    storeUser: sendTo(
      ({ context }) => context.data,
      (_, params: { user: User }) => ({ type: 'user.updated' as const, user: params.user }),
    ),
    clearErrors: assign({ fieldErrors: {}, formError: undefined }),
    openOverlay: sendTo(({ context }) => context.overlay, { type: 'overlay.opened', mode: 'edit' }),
    closeOverlay: enqueueActions(({ context, enqueue }) => {
      if (context.attached) enqueue.sendTo(context.overlay, { type: 'overlay.closed' });
    }),
    detach: assign({ attached: false }),
    confirmSaved: sendTo(({ context }) => context.notices, posted(PROFILE_SAVED)),
    reloadAll: sendTo(({ context }) => context.data, { type: 'refresh.all' }),
  },
  guards: {
    sessionLost: flow.sessionLostIn,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({
    api: input.api,
    data: input.data,
    session: input.session,
    notices: input.notices,
    overlay: input.overlay,
    attached: true,
    update: undefined,
    fieldErrors: {},
    formError: undefined,
    notice: undefined,
  }),
  initial: 'idle',
  // The screen is gone: nothing more to show; a save in flight finishes (see there).
  on: {
    'flow.detached': '.released',
    'edit.opened': { actions: ['clearErrors', 'openOverlay'] },
  },
  states: {
    idle: {
      on: {
        'profile.submitted': [
          {
            guard: ({ event }) => !hasErrors(profileRules(event.update, event.user)),
            target: 'saving',
            actions: { type: 'checkRules', params: ({ event }) => event },
          },
          { actions: { type: 'checkRules', params: ({ event }) => event } },
        ],
        'demo.reset': { target: 'resetting' },
      },
    },
    saving: {
      tags: 'saving',
      on: { 'flow.detached': { actions: 'detach' } },
      invoke: {
        src: 'save',
        // Only a checked `profile.submitted` leads here, and it stores the update.
        input: ({ context }) => ({ api: context.api, update: context.update! }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
            assign({ notice: undefined }),
            'confirmSaved',
            'closeOverlay',
          ],
        },
        onError: [
          flow.WAIT_FOR_SESSION,
          {
            target: 'idle',
            actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    awaitingSession: flow.awaitingSession('saving', { tags: 'saving' }),
    released: { type: 'final' },
    resetting: {
      tags: 'resetting',
      invoke: {
        src: 'resetDemo',
        input: ({ context }) => ({ api: context.api }),
        onDone: { target: 'idle', actions: ['reloadAll', assign({ notice: DEMO_RESET_DONE })] },
        onError: {
          target: 'idle',
          actions: assign({ notice: ({ event }) => messageOf(event.error) }),
        },
      },
    },
  },
});

/** Whether the change needs the current password: the server's rule, checked before sending. */
export function needsCurrentPassword(update: ProfileUpdate, user: User): boolean {
  const email = update.email.trim().toLowerCase();
  // An empty e-mail is its own error, as on the server.
  return Boolean(update.password) || (email !== '' && email !== user.email.trim().toLowerCase());
}

/** The input rules; `user` is who the form started from. */
export function profileRules(update: ProfileUpdate, user: User): FormErrors<ProfileField> {
  return check<ProfileField>({
    name: () => nameRule(update.name),
    email: () => requiredText(update.email),
    current_password: () =>
      needsCurrentPassword(update, user) && !update.current_password
        ? CURRENT_PASSWORD_REQUIRED
        : undefined,
  });
}

/** An empty password means "keep it"; an empty current password is not sent. */
function sentUpdate(update: ProfileUpdate): ProfileUpdate {
  const { password, current_password, ...rest } = update;
  return {
    ...rest,
    ...(password ? { password } : {}),
    ...(current_password ? { current_password } : {}),
  };
}
