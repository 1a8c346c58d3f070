// Session and the logged-in flag (product-spec sections 2 "Guard", 4, 8).
// `signedIn` and `signedOut` are the flag: entering one writes or removes it, so the route guard
// can read it synchronously (`isLoggedIn`). The server stays the authority: the session is
// checked at start either way, and any 401 signs out.
import {
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type SnapshotFrom,
} from 'xstate';
import type { Api } from '../api';
import { MESSAGES } from '../api/errors';
import type { Credentials, Registration, User } from '../domain/types';
import { dataOf, type DataRef } from './data.machine';
import { formFailure, sameKeys, type FormErrors } from './form-errors';
import type { Platform } from './platform';
import { isScreenPath } from './routes';

/** localStorage key of the "maybe logged in" hint; never a secret (research S1). */
export const LOGGED_IN_KEY = 'logged_in';
export const LOGIN_PATH = '/';
export const HOME_PATH = '/home';

export type AuthField = 'name' | 'email' | 'password';
const AUTH_KEYS = sameKeys<AuthField>(['name', 'email', 'password']);

export type AuthEvent =
  | { type: 'login.submitted'; credentials: Credentials }
  | { type: 'register.submitted'; registration: Registration }
  /** Switching between the Login and Register forms, or closing them. */
  | { type: 'auth.form.reset' }
  | { type: 'logout' }
  /** From the API's 401 listener. */
  | { type: 'session.expired' };

type SignInRequest = Extract<AuthEvent, { type: 'login.submitted' | 'register.submitted' }>;

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
}

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
    tags: {} as 'submitting',
  },
  actors: {
    /** Fetches the CSRF cookie (failure only logged), then asks whether the session is alive. */
    checkSession: fromPromise<boolean, { api: Api }>(async ({ input }) => {
      await input.api.initCsrf();
      return input.api.checkAuth();
    }),
    /** Login or register: both end signed in as the returned user. */
    signIn: fromPromise<User, { api: Api; request: SignInRequest }>(
      ({ input: { api, request } }) =>
        request.type === 'login.submitted'
          ? api.login(request.credentials)
          : api.register(request.registration),
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
    goHome: ({ context }) => context.platform.navigate(HOME_PATH, { replace: true }),
    goToLogin: ({ context }) => context.platform.navigate(LOGIN_PATH),
    // From a screen only: Login is already there, and an unknown address keeps its 404.
    goToLoginFromScreen: ({ context }) => {
      if (isScreenPath(context.platform.currentPath())) context.platform.navigate(LOGIN_PATH);
    },
    clearErrors: assign({ fieldErrors: {}, formError: undefined, notice: undefined }),
    // Switching forms keeps the notice: it says why the user is here until they sign in again.
    clearFormErrors: assign({ fieldErrors: {}, formError: undefined }),
    showFailure: assign((_, params: { error: unknown }) => {
      const failure = formFailure(params.error, AUTH_KEYS);
      return { fieldErrors: failure.fieldErrors, formError: failure.formError };
    }),
    noticeExpired: assign({ notice: MESSAGES.sessionExpired }),
  },
  guards: {
    flagSet: ({ context }) => context.platform.storage.get(LOGGED_IN_KEY) !== null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    api: input.api,
    platform: input.platform,
    data: input.data,
    fieldErrors: {},
    formError: undefined,
    notice: undefined,
  }),
  invoke: { src: 'unauthenticatedListener', input: ({ context }) => ({ api: context.api }) },
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'flagSet', target: 'signedIn' }, { target: 'signedOut' }],
    },
    signedIn: {
      entry: ['setFlag', 'loadData'],
      // Every way out of the session clears what was loaded for it (research S2).
      exit: 'clearData',
      initial: 'verifying',
      states: {
        verifying: {
          description: 'The flag said logged in; the server decides. Offline, the flag stands.',
          invoke: {
            src: 'checkSession',
            input: ({ context }) => ({ api: context.api }),
            onDone: [
              { guard: ({ event }) => event.output, target: 'ready' },
              { target: '#auth.signedOut.idle', actions: 'goToLoginFromScreen' },
            ],
            onError: { target: 'ready' },
          },
        },
        ready: {
          on: { logout: { target: 'signingOut' } },
        },
        signingOut: {
          entry: 'clearFormErrors',
          invoke: {
            src: 'logout',
            input: ({ context }) => ({ api: context.api }),
            onDone: { target: '#auth.signedOut.idle', actions: 'goToLogin' },
            // A 401 also lands here after the listener has signed out; any other failure keeps
            // the session, since the server still holds it.
            onError: {
              target: 'ready',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
      on: {
        'session.expired': { target: 'signedOut.idle', actions: ['goToLogin', 'noticeExpired'] },
      },
    },
    signedOut: {
      entry: 'removeFlag',
      initial: 'verifying',
      states: {
        verifying: {
          invoke: {
            src: 'checkSession',
            input: ({ context }) => ({ api: context.api }),
            onDone: [
              { guard: ({ event }) => event.output, target: '#auth.signedIn.ready' },
              { target: 'idle', actions: 'goToLoginFromScreen' },
            ],
            onError: { target: 'idle' },
          },
        },
        idle: {},
        submitting: {
          tags: 'submitting',
          entry: 'clearErrors',
          invoke: {
            src: 'signIn',
            input: ({ context, event }) => {
              assertEvent(event, ['login.submitted', 'register.submitted']);
              return { api: context.api, request: event };
            },
            onDone: {
              target: '#auth.signedIn.ready',
              actions: [
                { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                'goHome',
              ],
            },
            onError: {
              target: 'idle',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
          // One attempt at a time (research S9).
          on: { 'login.submitted': {}, 'register.submitted': {} },
        },
      },
      on: {
        'login.submitted': { target: '.submitting' },
        'register.submitted': { target: '.submitting' },
        'auth.form.reset': { actions: 'clearFormErrors' },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The route guard's question: is the logged-in flag set? */
export function isLoggedIn(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('signedIn');
}

export function isSigningOut(snapshot: AuthSnapshot): boolean {
  return snapshot.matches({ signedIn: 'signingOut' });
}

/** Why the last Logout failed; signed in, the form error can only be that. */
export function logoutError(snapshot: AuthSnapshot): string | undefined {
  return isLoggedIn(snapshot) ? snapshot.context.formError : undefined;
}
