// The auth machine inside the app root (it talks to the data actor through the system): starting,
// verifying a session, logging in and registering.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, childrenOf } from '../../../src/machines/app/app.machine';
import { isLoggedIn, LOGGED_IN_KEY, SERVER_NEEDED } from '../../../src/machines/auth/auth.machine';
import { deferred, fakeApi, fakePlatform, flush, http, invalid, portfolio } from '../support';
import { USER, start } from './start-auth';

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
