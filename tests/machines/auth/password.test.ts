// Remember me, Forgot password and Reset password (issue 27): the password flow on its own, and
// the auth machine it tells of a reset, inside the app root.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { appMachine, childrenOf } from '../../../src/machines/app/app.machine';
import {
  isLoggedIn,
  LOGGED_IN_KEY,
  PASSWORD_RESET_MESSAGE,
} from '../../../src/machines/auth/auth.machine';
import { passwordMachine, type PasswordInput } from '../../../src/machines/auth/password.machine';
import { deferred, fakeApi, fakePlatform, flush, http, invalid, type FakeApi } from '../support';

const USER = { name: 'Demo', email: 'demo@example.com' };
const SENT = 'We have emailed your password reset link.';
const RESET = {
  kind: 'reset' as const,
  token: 'abc',
  email: USER.email,
  password: 'fresh-pass-1',
  passwordConfirmation: 'fresh-pass-1',
};

function app(options: { flag: boolean; path: string }) {
  const api = fakeApi();
  api.checkAuth.mockResolvedValue(options.flag);
  api.getUser.mockResolvedValue(USER);
  api.getValuation.mockReturnValue(deferred<never>().promise);
  const platform = fakePlatform({
    path: options.path,
    storage: options.flag ? { [LOGGED_IN_KEY]: 'true' } : {},
  });
  const root = createActor(appMachine, { input: { api, platform } }).start();
  return { api, platform, ...childrenOf(root) };
}

function flow(api: FakeApi, auth: PasswordInput['auth'] = { send: () => {} }) {
  return createActor(passwordMachine, { input: { api, auth } }).start();
}

describe('Remember me', () => {
  it('goes with the login as the user chose it', async () => {
    const { api, auth } = app({ flag: false, path: '/' });
    await flush();
    api.login.mockResolvedValue(USER);
    const credentials = { email: USER.email, password: 'demo1234', remember: true };
    auth.send({ type: 'login.submitted', credentials });
    await flush();
    expect(api.login).toHaveBeenCalledWith(credentials);
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
  });
});

describe('Forgot password', () => {
  it('shows what the server answered, and stays on the form', async () => {
    const api = fakeApi();
    api.forgotPassword.mockResolvedValue(SENT);
    const actor = flow(api);
    actor.send({ type: 'password.submitted', request: { kind: 'forgot', email: USER.email } });
    expect(actor.getSnapshot().hasTag('submitting')).toBe(true);
    await flush();
    expect(api.forgotPassword).toHaveBeenCalledWith(USER.email);
    expect(actor.getSnapshot().context.sent).toBe(SENT);
    expect(actor.getSnapshot().value).toBe('editing');
  });

  it('shows a throttle as the form error, and forgets it at the next try', async () => {
    const api = fakeApi();
    api.forgotPassword.mockRejectedValueOnce(http(429, { message: 'Too Many Attempts.' }, '3600'));
    const actor = flow(api);
    actor.send({ type: 'password.submitted', request: { kind: 'forgot', email: USER.email } });
    await flush();
    expect(actor.getSnapshot().context.formError).toMatch(/Try again in/);
    api.forgotPassword.mockReturnValue(deferred<never>().promise);
    actor.send({ type: 'password.submitted', request: { kind: 'forgot', email: USER.email } });
    expect(actor.getSnapshot().context.formError).toBeUndefined();
  });
});

describe('Reset password', () => {
  it('sends the token, the address and the new password', async () => {
    const api = fakeApi();
    api.resetPassword.mockResolvedValue(PASSWORD_RESET_MESSAGE);
    const told: unknown[] = [];
    const actor = flow(api, { send: (event) => told.push(event) });
    actor.send({ type: 'password.submitted', request: RESET });
    await flush();
    const { kind: _kind, ...reset } = RESET;
    expect(api.resetPassword).toHaveBeenCalledWith(reset);
    expect(actor.getSnapshot().status).toBe('done');
    expect(told).toEqual([{ type: 'password.reset' }]);
  });

  it('puts an invalid link on the address and a short password on the password', async () => {
    const api = fakeApi();
    api.resetPassword.mockRejectedValueOnce(
      invalid({ email: ['This password reset token is invalid.'] }),
    );
    const actor = flow(api);
    actor.send({ type: 'password.submitted', request: RESET });
    await flush();
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      email: ['This password reset token is invalid.'],
    });
    api.resetPassword.mockRejectedValueOnce(
      invalid({
        password: ['The password field must be at least 8 characters.'],
        token: ['The token field is required.'],
      }),
    );
    actor.send({ type: 'password.submitted', request: RESET });
    await flush();
    expect(actor.getSnapshot().context).toMatchObject({
      fieldErrors: { password: ['The password field must be at least 8 characters.'] },
      formError: 'The token field is required.',
    });
  });

  it('after a reset the auth machine is signed out, on Login, saying why', async () => {
    const { auth, platform, data } = app({ flag: true, path: '/reset-password' });
    await flush();
    expect(isLoggedIn(auth.getSnapshot())).toBe(true);
    auth.send({ type: 'password.reset' });
    expect(auth.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(auth.getSnapshot().context.notice).toBe(PASSWORD_RESET_MESSAGE);
    expect(platform.storageData.has(LOGGED_IN_KEY)).toBe(false);
    expect(platform.visited.at(-1)).toBe('/');
    expect(data.getSnapshot().context.user).toBeUndefined();
  });

  it('a reset while logged out leads to Login too', async () => {
    const { auth, platform } = app({ flag: false, path: '/reset-password' });
    await flush();
    auth.send({ type: 'password.reset' });
    expect(auth.getSnapshot().matches({ signedOut: 'idle' })).toBe(true);
    expect(auth.getSnapshot().context.notice).toBe(PASSWORD_RESET_MESSAGE);
    expect(platform.visited.at(-1)).toBe('/');
  });
});
