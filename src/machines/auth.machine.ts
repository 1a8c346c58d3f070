// Session and the logged-in flag (product-spec sections 2 "Guard", 4, 8).
// `signedIn` and `signedOut` are the flag: entering one writes or removes it, so the route guard
// can read it synchronously (`isLoggedIn`). The server stays the authority: the session is
// checked at start either way. A session lost later (a 401 in use) does not sign out: the user is
// asked for the password on top of the screen, and flows waiting on it carry on afterwards.
import {
  assertEvent,
  assign,
  emit,
  fromCallback,
  fromPromise,
  sendTo,
  setup,
  type SnapshotFrom,
} from 'xstate';
import type { Api } from '../api';
import { ApiError, MESSAGES } from '../api/errors';
import type { Credentials, Registration, User } from '../domain/types';
import { dataOf, type DataRef } from './data.machine';
import { formFailure, sameKeys, type FormErrors } from './form-errors';
import type { Platform } from './platform';
import { isScreenPath } from './routes';

/** localStorage key of the "maybe logged in" hint; never a secret (research S1). */
export const LOGGED_IN_KEY = 'logged_in';
export const LOGIN_PATH = '/';
export const HOME_PATH = '/home';

/** What the password dialog says after a session was lost in use. */
export const SESSION_LOST_MESSAGE = MESSAGES.sessionExpired;

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
  | { type: 'auth.required'; path: string };

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

export const authMachine = setup({
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
    signIn: fromPromise<User, { api: Api; request: SignInRequest }>(
      ({ input: { api, request } }) =>
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
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    api: input.api,
    platform: input.platform,
    data: input.data,
    fieldErrors: {},
    formError: undefined,
    notice: undefined,
    returnTo: undefined,
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
              // The flag outlived the session (a returning user): say so on the Login screen.
              {
                target: '#auth.signedOut.idle',
                actions: ['rememberCurrentScreen', 'goToLoginFromScreen', 'noticeExpired'],
              },
            ],
            onError: { target: 'ready' },
          },
          on: {
            // A load refused before the check answered: the session was gone when the app opened.
            'session.expired': {
              target: '#auth.signedOut.idle',
              actions: ['rememberCurrentScreen', 'goToLogin', 'noticeExpired'],
            },
          },
        },
        ready: {
          on: {
            logout: { target: 'signingOut' },
            'session.expired': { target: 'reauthenticating' },
          },
        },
        reauthenticating: {
          description:
            'The session was lost in use: the password is asked for on top of the screen, which ' +
            'keeps its data and its open forms; they carry on once the user is back.',
          entry: 'clearFormErrors',
          initial: 'asking',
          states: {
            asking: {
              on: { 'reauth.submitted': { target: 'submitting' } },
            },
            submitting: {
              tags: 'submitting',
              entry: 'clearFormErrors',
              invoke: {
                src: 'signIn',
                input: ({ context, event }) => {
                  assertEvent(event, 'reauth.submitted');
                  return { api: context.api, request: event };
                },
                onDone: {
                  target: '#auth.signedIn.ready',
                  actions: [
                    { type: 'storeUser', params: ({ event }) => ({ user: event.output }) },
                    'loadData',
                    'announceRestored',
                  ],
                },
                onError: {
                  target: 'asking',
                  actions: {
                    type: 'showFailure',
                    params: ({ event }) => ({ error: event.error }),
                  },
                },
              },
            },
          },
          on: {
            // The session is already gone on the server: nothing to call.
            logout: { target: '#auth.signedOut.idle', actions: 'goToLogin' },
          },
        },
        signingOut: {
          entry: 'clearFormErrors',
          invoke: {
            src: 'logout',
            input: ({ context }) => ({ api: context.api }),
            onDone: { target: '#auth.signedOut.idle', actions: 'goToLogin' },
            // Any failure but a lost session keeps the session, since the server still holds it.
            onError: {
              target: 'ready',
              actions: { type: 'showFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
          on: {
            // Logging out of a session that is already gone: out is where the user wanted to be.
            'session.expired': { target: '#auth.signedOut.idle', actions: 'goToLogin' },
          },
        },
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
              {
                guard: ({ event }) => event.output,
                target: '#auth.signedIn.ready',
                actions: ['goToReturn', 'forgetReturn'],
              },
              { target: 'idle', actions: ['rememberCurrentScreen', 'goToLoginFromScreen'] },
            ],
            // The shell opened offline (or the server is down): say that the data needs it.
            onError: {
              target: 'idle',
              actions: {
                type: 'noticeUnreachable',
                params: ({ event }) => ({ error: event.error }),
              },
            },
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
                'forgetReturn',
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
        'auth.required': { actions: ['rememberScreen', 'replaceWithLogin'] },
      },
    },
  },
});

export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The route guard's question: is the logged-in flag set? */
export function isLoggedIn(snapshot: AuthSnapshot): boolean {
  return snapshot.matches('signedIn');
}

/** The session was lost in use and the password is being asked for on top of the screen. */
export function isReauthenticating(snapshot: AuthSnapshot): boolean {
  return snapshot.matches({ signedIn: 'reauthenticating' });
}

export function isSigningOut(snapshot: AuthSnapshot): boolean {
  return snapshot.matches({ signedIn: 'signingOut' });
}

/** Why the last Logout failed. */
export function logoutError(snapshot: AuthSnapshot): string | undefined {
  return isLoggedIn(snapshot) && !isReauthenticating(snapshot)
    ? snapshot.context.formError
    : undefined;
}
