// The auth machine inside the app root (it talks to the data actor through the system).
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, childrenOf } from '../../../src/machines/app/app.machine';
import {
  isLoggedIn,
  isReauthenticating,
  isSigningOut,
  LOGGED_IN_KEY,
  logoutError,
  SERVER_NEEDED,
} from '../../../src/machines/auth/auth.machine';
import {
  deferred,
  fakeApi,
  fakePlatform,
  flush,
  http,
  invalid,
  offline,
  portfolio,
  type FakeApi,
} from '../support';

const USER = { name: 'Demo', email: 'demo@example.com' };

function stubLoads(api: FakeApi): void {
  api.getUser.mockResolvedValue(USER);
  api.getValuation.mockResolvedValue({
    value: { value: 1, change: 0, changeRatio: 0 },
    positions: { lifetime: 0, realised: 0, unrealised: 0 },
  });
  api.getPortfolios.mockResolvedValue([portfolio('1')]);
  api.getInvestments.mockResolvedValue([]);
  api.getEvents.mockResolvedValue([]);
  api.getCurrencies.mockResolvedValue(['DKK']);
}

function start(options: { flag?: boolean; path?: string; loggedIn?: boolean | 'offline' } = {}) {
  const api = fakeApi();
  stubLoads(api);
  if (options.loggedIn === 'offline') api.checkAuth.mockRejectedValue(offline());
  else api.checkAuth.mockResolvedValue(options.loggedIn ?? false);
  const platform = fakePlatform({
    path: options.path ?? '/',
    storage: options.flag ? { [LOGGED_IN_KEY]: 'true' } : {},
  });
  const app = createActor(appMachine, { input: { api, platform } }).start();
  const { auth, data } = childrenOf(app);
  // As the mounted screen would tell it; loaded once a session is open.
  data.send({ type: 'resource.needed', keys: ['user', 'valuation', 'portfolios', 'investments'] });
  return { api, platform, app, auth, data };
}

describe('starting', () => {
  it('with the flag set is logged in at once, for the route guard, and loads the data', () => {
    const { auth, api } = start({ flag: true, path: '/home', loggedIn: true });
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    expect(api.getPortfolios).toHaveBeenCalledOnce();
  });

  it('without the flag is logged out at once and loads nothing', () => {
    const { auth, api } = start({ flag: false });
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(api.getPortfolios).not.toHaveBeenCalled();
  });

  it('fetches the CSRF cookie before asking the server', async () => {
    const { api } = start();
    await flush();
    expect(api.initCsrf).toHaveBeenCalledOnce();
    expect(api.initCsrf.mock.invocationCallOrder[0]).toBeLessThan(
      api.checkAuth.mock.invocationCallOrder[0],
    );
  });
});

describe('signedIn.verifying', () => {
  it('keeps the session when the server says logged in', async () => {
    const { auth, platform } = start({ flag: true, path: '/home', loggedIn: true });
    await flush();
    expect(auth.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(platform.storageData.get(LOGGED_IN_KEY)).toBe('true');
    expect(platform.visited).toEqual([]);
  });

  it('not logged in: removes the flag, clears the data and goes to Login, saying why', async () => {
    const { auth, data, platform } = start({ flag: true, path: '/home', loggedIn: false });
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(auth.getSnapshot().context.notice).toBe(
      'Your session has expired. Please log in again.',
    );
    expect(platform.storageData.has(LOGGED_IN_KEY)).toBe(false);
    expect(platform.visited).toEqual(['/']);
    expect(data.getSnapshot().context.portfolios).toBeUndefined();
    expect(data.getSnapshot().matches({ session: 'closed' })).toBe(true);
  });

  it('offline: the flag stands', async () => {
    const { auth, platform } = start({ flag: true, path: '/home', loggedIn: 'offline' });
    await flush();
    expect(auth.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(platform.visited).toEqual([]);
  });
});

describe('signedOut.verifying', () => {
  it('logged in by the server: sets the flag and loads the data', async () => {
    const { auth, api, platform } = start({ flag: false, loggedIn: true });
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    expect(platform.storageData.get(LOGGED_IN_KEY)).toBe('true');
    expect(api.getPortfolios).toHaveBeenCalledOnce();
  });

  it('not logged in on Login: stays there without navigating', async () => {
    const { platform } = start({ flag: false, path: '/', loggedIn: false });
    await flush();
    expect(platform.visited).toEqual([]);
  });

  it('not logged in on a screen: goes to Login', async () => {
    for (const path of ['/history', '/investments/7', '/portfolios/create']) {
      const { platform } = start({ flag: false, path, loggedIn: false });
      await flush();
      expect(platform.visited).toEqual(['/']);
    }
  });

  it('not logged in on an unknown address: stays, so it can say 404 Not Found', async () => {
    const { platform } = start({ flag: false, path: '/no/such/page', loggedIn: false });
    await flush();
    expect(platform.visited).toEqual([]);
  });

  it('offline (a shell from the cache): the landing page says the data needs the server', async () => {
    const { auth } = start({ flag: false, loggedIn: 'offline' });
    await flush();
    expect(auth.getSnapshot().context.notice).toBe(
      `${SERVER_NEEDED} You appear to be offline. Check your connection and try again.`,
    );
  });

  it('a failure that is no network failure adds no notice', async () => {
    const api = fakeApi();
    api.checkAuth.mockRejectedValue(http(500));
    const app = createActor(appMachine, { input: { api, platform: fakePlatform() } }).start();
    const { auth } = childrenOf(app);
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(auth.getSnapshot().context.notice).toBeUndefined();
  });
});

describe('signedOut.submitting: login', () => {
  it('success: flag set, data loaded, user known, home', async () => {
    const { auth, api, data, platform } = start();
    await flush();
    api.login.mockResolvedValue(USER);
    auth.send({
      type: 'login.submitted',
      credentials: { email: 'demo@example.com', password: 'demo1234' },
    });
    expect(auth.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(api.login).toHaveBeenCalledWith({ email: 'demo@example.com', password: 'demo1234' });
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    expect(platform.storageData.get(LOGGED_IN_KEY)).toBe('true');
    expect(platform.visited).toEqual(['/home']);
    expect(data.getSnapshot().context.user).toEqual(USER);
    expect(data.getSnapshot().context.portfolios).toEqual([portfolio('1')]);
  });

  it('422: errors per field; the next attempt clears them first', async () => {
    const { auth, api } = start();
    await flush();
    api.login.mockRejectedValueOnce(
      invalid({ email: ['These credentials do not match our records.'] }),
    );
    auth.send({ type: 'login.submitted', credentials: { email: 'a@b.c', password: 'x' } });
    await flush();
    expect(auth.getSnapshot().context.fieldErrors).toEqual({
      email: ['These credentials do not match our records.'],
    });
    const second = deferred<never>();
    api.login.mockReturnValueOnce(second.promise);
    auth.send({ type: 'login.submitted', credentials: { email: 'a@b.c', password: '' } });
    expect(auth.getSnapshot().context.fieldErrors).toEqual({});
    second.reject(invalid({ password: ['The password field is required.'] }));
    await flush();
    expect(auth.getSnapshot().context.fieldErrors).toEqual({
      password: ['The password field is required.'],
    });
  });

  it('a second submit while the first runs is ignored', async () => {
    const { auth, api } = start();
    await flush();
    api.login.mockReturnValue(deferred<never>().promise);
    const credentials = { email: 'a@b.c', password: 'x' };
    auth.send({ type: 'login.submitted', credentials });
    auth.send({ type: 'login.submitted', credentials });
    expect(api.login).toHaveBeenCalledOnce();
  });

  it('429 is one form message saying when to retry', async () => {
    const { auth, api } = start();
    await flush();
    api.login.mockRejectedValue(http(429, {}, '30'));
    auth.send({ type: 'login.submitted', credentials: { email: 'a@b.c', password: 'x' } });
    await flush();
    expect(auth.getSnapshot().context.formError).toBe(
      'Too many requests. Try again in 30 seconds.',
    );
    expect(auth.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
  });
});

describe('signedOut.submitting: register', () => {
  it('422 shows errors under name, email and password', async () => {
    const { auth, api } = start();
    await flush();
    api.register.mockRejectedValue(
      invalid({
        name: ['The name field is required.'],
        email: ['The email has already been taken.'],
        password: ['The password field must be at least 8 characters.'],
      }),
    );
    auth.send({
      type: 'register.submitted',
      registration: { name: '', email: 'demo@example.com', password: 'x' },
    });
    await flush();
    expect(Object.keys(auth.getSnapshot().context.fieldErrors)).toEqual([
      'name',
      'email',
      'password',
    ]);
    expect(auth.getSnapshot().context.formError).toBeUndefined();
  });

  it('success logs in and goes home', async () => {
    const { auth, api, platform } = start();
    await flush();
    api.register.mockResolvedValue(USER);
    auth.send({ type: 'register.submitted', registration: { ...USER, password: 'secret-pass' } });
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    expect(platform.visited).toEqual(['/home']);
  });

  it('auth.form.reset clears the errors', async () => {
    const { auth, api } = start();
    await flush();
    api.register.mockRejectedValue(invalid({ name: ['Required'] }));
    auth.send({
      type: 'register.submitted',
      registration: { name: '', email: 'a@b.c', password: 'x' },
    });
    await flush();
    auth.send({ type: 'auth.form.reset' });
    expect(auth.getSnapshot().context.fieldErrors).toEqual({});
  });
});

describe('signedIn.signingOut', () => {
  it('logout: flag removed, data cleared, sent to /', async () => {
    const { auth, api, data, platform } = start({ flag: true, path: '/profile', loggedIn: true });
    await flush();
    expect(data.getSnapshot().context.portfolios).toHaveLength(1);
    api.logout.mockResolvedValue(undefined);
    auth.send({ type: 'logout' });
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(platform.storageData.has(LOGGED_IN_KEY)).toBe(false);
    expect(data.getSnapshot().context.portfolios).toBeUndefined();
    expect(data.getSnapshot().context.user).toBeUndefined();
    expect(platform.visited).toEqual(['/']);
  });

  it('a failed logout keeps the session and says why', async () => {
    const { auth, api, platform } = start({ flag: true, path: '/profile', loggedIn: true });
    await flush();
    api.logout.mockRejectedValue(offline());
    auth.send({ type: 'logout' });
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    expect(auth.getSnapshot().context.formError).toMatch(/offline/);
    expect(logoutError(auth.getSnapshot())).toMatch(/offline/);
    expect(platform.visited).toEqual([]);
  });

  it('a new Logout attempt shows it is under way and clears the last failure', async () => {
    const { auth, api } = start({ flag: true, path: '/profile', loggedIn: true });
    await flush();
    api.logout.mockRejectedValueOnce(offline());
    auth.send({ type: 'logout' });
    await flush();
    const pending = deferred<void>();
    api.logout.mockReturnValueOnce(pending.promise);
    auth.send({ type: 'logout' });
    expect(isSigningOut(auth.getSnapshot())).toBe(true);
    expect(logoutError(auth.getSnapshot())).toBeUndefined();
    pending.resolve();
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(isSigningOut(auth.getSnapshot())).toBe(false);
  });
});

describe('a session lost in use (401 from any call)', () => {
  async function expireWhileReady() {
    const started = start({ flag: true, path: '/investments/5', loggedIn: true });
    await flush();
    started.api.getPortfolios.mockClear();
    started.api.expireSession();
    return started;
  }

  it('keeps the user, the flag, the data and the screen, and asks for the password', async () => {
    const { auth, data, platform } = await expireWhileReady();
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    expect(isReauthenticating(auth.getSnapshot())).toBe(true);
    expect(platform.storageData.get(LOGGED_IN_KEY)).toBe('true');
    expect(data.getSnapshot().context.portfolios).toHaveLength(1);
    expect(platform.visited).toEqual([]);
  });

  it('several 401s ask once', async () => {
    const { auth, api, platform } = await expireWhileReady();
    api.expireSession();
    expect(isReauthenticating(auth.getSnapshot())).toBe(true);
    expect(platform.visited).toEqual([]);
  });

  it('logging in again reloads everything and tells waiting flows, on the same screen', async () => {
    const { auth, api, platform } = await expireWhileReady();
    const restored: string[] = [];
    auth.on('session.restored', (event) => restored.push(event.type));
    api.login.mockResolvedValue(USER);
    auth.send({
      type: 'reauth.submitted',
      credentials: { email: USER.email, password: 'demo1234' },
    });
    expect(auth.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(api.login).toHaveBeenCalledWith({ email: USER.email, password: 'demo1234' });
    expect(auth.getSnapshot().matches({ signedIn: 'ready' })).toBe(true);
    expect(restored).toEqual(['session.restored']);
    expect(api.getPortfolios).toHaveBeenCalledOnce();
    expect(platform.visited).toEqual([]);
  });

  it('a wrong password says so under the field and keeps asking', async () => {
    const { auth, api } = await expireWhileReady();
    api.login.mockRejectedValue(invalid({ password: ['These credentials do not match.'] }));
    auth.send({ type: 'reauth.submitted', credentials: { email: USER.email, password: 'x' } });
    await flush();
    expect(isReauthenticating(auth.getSnapshot())).toBe(true);
    expect(auth.getSnapshot().context.fieldErrors.password).toEqual([
      'These credentials do not match.',
    ]);
  });

  it('Log out instead signs out without a call (the session is gone) and goes to Login', async () => {
    const { auth, api, data, platform } = await expireWhileReady();
    auth.send({ type: 'logout' });
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(api.logout).not.toHaveBeenCalled();
    expect(platform.storageData.has(LOGGED_IN_KEY)).toBe(false);
    expect(data.getSnapshot().context.portfolios).toBeUndefined();
    expect(platform.visited).toEqual(['/']);
  });
});

describe('a session gone before the app opened', () => {
  it('goes to Login with a notice, kept while the forms switch, dropped at the next attempt', () => {
    const { auth, api, platform } = start({ flag: true, path: '/home', loggedIn: true });
    api.expireSession();
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(platform.storageData.has(LOGGED_IN_KEY)).toBe(false);
    expect(platform.visited).toEqual(['/']);
    auth.send({ type: 'auth.form.reset' });
    expect(auth.getSnapshot().context.notice).toBe(
      'Your session has expired. Please log in again.',
    );
    api.login.mockReturnValue(new Promise(() => {}));
    auth.send({ type: 'login.submitted', credentials: { email: 'a@b.c', password: 'x' } });
    expect(auth.getSnapshot().context.notice).toBeUndefined();
  });
});

describe('the screen asked for while logged out', () => {
  async function logIn(auth: ReturnType<typeof start>['auth'], api: FakeApi) {
    api.login.mockResolvedValue(USER);
    auth.send({ type: 'login.submitted', credentials: { email: USER.email, password: 'p' } });
    await flush();
  }

  it('is where login leads, once', async () => {
    const { auth, api, platform } = start({ path: '/investments/3' });
    auth.send({ type: 'auth.required', path: '/investments/3' });
    await flush();
    expect(platform.visited).toEqual(['/']);
    await logIn(auth, api);
    expect(platform.visited).toEqual(['/', '/investments/3']);
    api.logout.mockResolvedValue();
    auth.send({ type: 'logout' });
    await flush();
    await logIn(auth, api);
    expect(platform.visited.at(-1)).toBe('/home');
  });

  it('is remembered when the server says the session of the flag is gone', async () => {
    const { auth, api, platform } = start({ flag: true, path: '/history', loggedIn: false });
    await flush();
    expect(platform.visited).toEqual(['/']);
    await logIn(auth, api);
    expect(platform.visited).toEqual(['/', '/history']);
  });

  it('is opened at once when the server still has a session', async () => {
    const { auth, api, platform } = start({ path: '/portfolios/create' });
    auth.send({ type: 'auth.required', path: '/portfolios/create' });
    api.checkAuth.mockResolvedValue(true);
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    expect(platform.visited).toEqual(['/', '/portfolios/create']);
  });

  it('without one, login leads home', async () => {
    const { auth, api, platform } = start();
    await flush();
    await logIn(auth, api);
    expect(platform.visited).toEqual(['/home']);
  });
});
