// The auth machine's names (STYLE point 2): its events, context and input, and the actions,
// guards and actors its config (auth.machine.ts) refers to.
import { assertEvent, assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { Api } from '../../api';
import { ApiError, MESSAGES } from '../../api/errors';
import type { Credentials, Registration, User } from '../../domain/types';
import { dataOf, type DataRef } from '../data/data-setup';
import { formFailure, sameKeys, type FormErrors } from '../forms/form-errors';
import type { Platform } from '../app/platform';
import { isScreenPath } from '../app/routes';

/** localStorage key of the "maybe logged in" hint; never a secret (research S1). */
export const LOGGED_IN_KEY = 'logged_in';
export const LOGIN_PATH = '/';
export const HOME_PATH = '/home';

/** What the password dialog says after a session was lost in use. */
export const SESSION_LOST_MESSAGE = MESSAGES.sessionExpired;

/** The server's answer to a reset, said on the Login screen after it. */
export const PASSWORD_RESET_MESSAGE = 'Your password has been reset.';

/** Put before the reason the first session check could not reach the server (an offline shell). */
export const SERVER_NEEDED = 'Your data is kept on the Formue server.';

export type AuthField = 'name' | 'email' | 'password';
const AUTH_KEYS = sameKeys<AuthField>(['name', 'email', 'password']);

export type AuthEvent =
  | { type: 'login.submitted'; credentials: Credentials }
  | { type: 'register.submitted'; registration: Registration }
  /** Switching between the Login and Register forms, or closing them. */
  | { type: 'auth.form.reset' }
  | { type: 'logout' }
  /** From the API's 401 listener. */
  | { type: 'session.expired' }
  /** The password asked for on top of the screen after the session was lost. */
  | { type: 'reauth.submitted'; credentials: Credentials }
  /** The route guard met a screen while logged out: it is where login leads. */
  | { type: 'auth.required'; path: string }
  /** A reset link set a new password: every session is over, this one too. */
  | { type: 'password.reset' };

/** Emitted when the user logged in again after a lost session (flows resume on it). */
export type AuthEmitted = { type: 'session.restored' };

type SignInRequest =
  | Extract<AuthEvent, { type: 'login.submitted' | 'register.submitted' }>
  | { type: 'reauth.submitted'; credentials: Credentials };

export interface AuthInput {
  api: Api;
  platform: Platform;
  /** Defaults to the actor registered as 'data' in the system. */
  data?: DataRef;
}

export interface AuthContext {
  api: Api;
  platform: Platform;
  data: DataRef | undefined;
  fieldErrors: FormErrors<AuthField>;
  formError: string | undefined;
  /** Shown on the Login screen, e.g. why the user was signed out. */
  notice: string | undefined;
  /** The screen asked for while logged out; login leads there instead of /home. */
  returnTo: string | undefined;
}

export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    emitted: {} as AuthEmitted,
    tags: {} as 'submitting',
  },
  actors: {
    /** Fetches the CSRF cookie (failure only logged), then asks whether the session is alive. */
    checkSession: fromPromise<boolean, { api: Api }>(async ({ input }) => {
      await input.api.initCsrf();
      return input.api.checkAuth();
    }),
    /** Login or register: both end signed in as the returned user. */
    signIn: fromPromise<User, { api: Api; request: SignInRequest }>(({ input: { api, request } }) =>
      request.type === 'register.submitted'
        ? api.register(request.registration)
        : api.login(request.credentials),
    ),
    logout: fromPromise<void, { api: Api }>(({ input }) => input.api.logout()),
    unauthenticatedListener: fromCallback<AuthEvent, { api: Api }>(({ input, sendBack }) =>
      input.api.onUnauthenticated(() => sendBack({ type: 'session.expired' })),
    ),
  },
  actions: {
    setFlag: ({ context }) => context.platform.storage.set(LOGGED_IN_KEY, 'true'),
    removeFlag: ({ context }) => context.platform.storage.remove(LOGGED_IN_KEY),
    loadData: sendTo(({ context, system }) => dataOf(context.data, system), {
      type: 'refresh.all',
    }),
    clearData: sendTo(({ context, system }) => dataOf(context.data, system), {
      type: 'data.cleared',
    }),
    storeUser: sendTo(
      ({ context, system }) => dataOf(context.data, system),
      (_, params: { user: User }) => ({
        type: 'user.updated' as const,
        user: params.user,
      }),
    ),
    goHome: ({ context }) =>
      context.platform.navigate(context.returnTo ?? HOME_PATH, { replace: true }),
    // Signed in by a session the server still had: only a remembered screen needs a move.
    goToReturn: ({ context }) => {
      if (context.returnTo) context.platform.navigate(context.returnTo, { replace: true });
    },
    forgetReturn: assign({ returnTo: undefined }),
    goToLogin: ({ context }) => context.platform.navigate(LOGIN_PATH),
    // From a screen only: Login is already there, and an unknown address keeps its 404.
    goToLoginFromScreen: ({ context }) => {
      if (isScreenPath(context.platform.currentPath())) context.platform.navigate(LOGIN_PATH);
    },
    // The screen the session was checked on is where login leads back to.
    rememberCurrentScreen: assign({
      returnTo: ({ context }) => {
        const path = context.platform.currentPath();
        return isScreenPath(path) ? path : context.returnTo;
      },
    }),
    rememberScreen: assign({
      returnTo: ({ event }) => {
        assertEvent(event, 'auth.required');
        return event.path;
      },
    }),
    replaceWithLogin: ({ context }) => context.platform.navigate(LOGIN_PATH, { replace: true }),
    announceRestored: emit({ type: 'session.restored' }),
    clearErrors: assign({ fieldErrors: {}, formError: undefined, notice: undefined }),
    // Switching forms keeps the notice: it says why the user is here until they sign in again.
    clearFormErrors: assign({ fieldErrors: {}, formError: undefined }),
    showFailure: assign((_, params: { error: unknown }) => {
      const failure = formFailure(params.error, AUTH_KEYS);
      return { fieldErrors: failure.fieldErrors, formError: failure.formError };
    }),
    noticeExpired: assign({ notice: MESSAGES.sessionExpired }),
    noticePasswordReset: assign({ notice: PASSWORD_RESET_MESSAGE }),
    noticeUnreachable: assign((_, params: { error: unknown }) => ({
      notice:
        params.error instanceof ApiError && params.error.kind === 'network'
          ? `${SERVER_NEEDED} ${params.error.message}`
          : undefined,
    })),
  },
  guards: {
    flagSet: ({ context }) => context.platform.storage.get(LOGGED_IN_KEY) !== null,
  },
});
