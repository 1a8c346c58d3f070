// Session and the logged-in flag (product-spec sections 2 "Guard", 4, 8).
// `signedIn` and `signedOut` are the flag: entering one writes or removes it, so the route guard
// can read it synchronously (`isLoggedIn`). The server stays the authority: the session is
// checked at start either way. A session lost later (a 401 in use) does not sign out: the user is
// asked for the password on top of the screen, and flows waiting on it carry on afterwards.
import { assertEvent, type SnapshotFrom } from 'xstate';
import { authSetup } from './auth-setup';

export {
  HOME_PATH,
  LOGGED_IN_KEY,
  LOGIN_PATH,
  PASSWORD_RESET_MESSAGE,
  SERVER_NEEDED,
  SESSION_LOST_MESSAGE,
  type AuthContext,
  type AuthEmitted,
  type AuthEvent,
  type AuthField,
  type AuthInput,
} from './auth-setup';

export const authMachine = authSetup.createMachine({
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
  on: {
    // The server ended every session of the user: log in with the new password.
    'password.reset': {
      target: '.signedOut.idle',
      actions: ['forgetReturn', 'goToLogin', 'noticePasswordReset'],
    },
  },
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
            // Home is already drawn from kept figures (the demo's server may not have started):
            // a Logout clicked before the check answered still logs out.
            logout: { target: 'signingOut' },
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
