// The auth machine inside the app root: signing out, a session lost in use or gone before the app
// opened, and a screen asked for while logged out.
import { describe, expect, it } from 'vitest';
import {
  isLoggedIn,
  isReauthenticating,
  isSigningOut,
  LOGGED_IN_KEY,
  logoutError,
} from '../../../src/machines/auth/auth.machine';
import { deferred, flush, invalid, offline, type FakeApi } from '../support';
import { USER, start } from './start-auth';

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

  it('Logout while the session is still being checked signs out: home shows kept figures then', async () => {
    const check = deferred<boolean>();
    const { auth, api, platform } = start({ flag: true, path: '/home', loggedIn: check.promise });
    api.logout.mockResolvedValue(undefined);
    auth.send({ type: 'logout' });
    await flush();
    expect(api.logout).toHaveBeenCalledTimes(1);
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
    expect(platform.storageData.has(LOGGED_IN_KEY)).toBe(false);
    expect(platform.visited).toEqual(['/']);
    check.resolve(true);
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(false);
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
