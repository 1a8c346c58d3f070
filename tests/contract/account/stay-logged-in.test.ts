// "Remember me" and password reset by e-mail (issue 27): Laravel's remember cookie and Breeze's
// forgot-password and reset-password, on both backends.
import { describe, expect, it } from 'vitest';
import {
  BACKEND,
  cookie,
  csrf,
  DEMO,
  get,
  itMock,
  NOW,
  post,
  put,
  registerFresh,
  resetLink,
  setCookie,
  startServer,
} from '../support';

const REMEMBER = 'formue_remember';
const DAY_MS = 86_400_000;

/** The browser lost its session (closed, or idle past its lifetime); other cookies stay. */
function loseSession() {
  setCookie('formue_session', '');
}

const loggedIn = async () => (await get('/auth/check')).body.logged_in as boolean;

async function loginRemembered(credentials = DEMO) {
  await csrf();
  const answer = await post('/auth/login', { ...credentials, remember: true });
  expect(answer.status).toBe(200);
  const token = cookie(REMEMBER);
  expect(token).toBeTruthy();
  return token ?? '';
}

describe('Remember me', () => {
  it('logs a browser whose session is gone in again, with a new session and a new token', async () => {
    startServer();
    const first = await loginRemembered();
    loseSession();
    expect(await loggedIn()).toBe(true);
    expect(cookie('formue_session')).toBeTruthy();
    const second = cookie(REMEMBER);
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    // The user is who the token was for, and the new session is a whole one.
    expect((await get('/user')).body.user.email).toBe(DEMO.email);
    expect((await put('/user', { name: 'Demo', email: DEMO.email })).status).toBe(200);
  });

  it('is not asked for: the session alone, and out once it is gone', async () => {
    startServer();
    await csrf();
    expect((await post('/auth/login', { ...DEMO, remember: false })).status).toBe(200);
    expect(cookie(REMEMBER)).toBeFalsy();
    loseSession();
    expect(await loggedIn()).toBe(false);
  });

  it('works once per token, and alongside for a minute: then a copied old one is refused', async () => {
    let now = NOW;
    startServer({ now: () => now });
    const first = await loginRemembered();
    loseSession();
    expect(await loggedIn()).toBe(true);
    const second = cookie(REMEMBER) ?? '';
    // Another request of the page, sent at once with the same cookie: in too, no new token.
    now += 1_000;
    loseSession();
    setCookie(REMEMBER, first);
    expect(await loggedIn()).toBe(true);
    expect(cookie(REMEMBER)).toBe(first);
    now += 60_000;
    loseSession();
    expect(await loggedIn()).toBe(false);
    setCookie(REMEMBER, second);
    loseSession();
    expect(await loggedIn()).toBe(true);
  });

  it('ends at logout', async () => {
    startServer();
    const token = await loginRemembered();
    expect((await post('/auth/logout')).status).toBe(204);
    expect(cookie(REMEMBER)).toBeFalsy();
    setCookie(REMEMBER, token);
    loseSession();
    expect(await loggedIn()).toBe(false);
  });

  it('ends elsewhere when the password changes, and stays on the browser that changed it', async () => {
    startServer();
    const account = await registerFresh();
    await post('/auth/logout');
    const elsewhere = await loginRemembered(account);
    loseSession();
    const here = await loginRemembered(account);
    const changed = await put('/user', {
      name: 'Test user',
      email: account.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      current_password: account.password,
    });
    expect(changed.status).toBe(200);
    // This browser keeps Remember me, with a new token: its session may go, it stays logged in.
    const renewed = cookie(REMEMBER);
    expect(renewed).toBeTruthy();
    expect(renewed).not.toBe(here);
    loseSession();
    expect(await loggedIn()).toBe(true);
    for (const old of [elsewhere, here]) {
      loseSession();
      setCookie(REMEMBER, old);
      expect(await loggedIn()).toBe(false);
    }
  });

  it('is not given by a password change to a browser that did not ask for it', async () => {
    startServer();
    const account = await registerFresh();
    const changed = await put('/user', {
      name: 'Test user',
      email: account.email,
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      current_password: account.password,
    });
    expect(changed.status).toBe(200);
    expect(cookie(REMEMBER)).toBeFalsy();
    expect(await loggedIn()).toBe(true);
  });

  it('asks a new password twice, as Laravel’s confirmed rule', async () => {
    startServer();
    const account = await registerFresh();
    const update = { name: 'Test user', email: account.email, current_password: account.password };
    for (const confirmation of [undefined, 'brand-new-pasS']) {
      const refused = await put('/user', {
        ...update,
        password: 'brand-new-pass',
        password_confirmation: confirmation,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        password: ['The password field confirmation does not match.'],
      });
    }
  });

  it('lasts 400 days', async () => {
    let now = NOW;
    startServer({ now: () => now });
    const token = await loginRemembered();
    now += 399 * DAY_MS;
    loseSession();
    expect(await loggedIn()).toBe(true);
    now += 400 * DAY_MS + 1;
    loseSession();
    expect(await loggedIn()).toBe(false);
    setCookie(REMEMBER, token);
    expect(await loggedIn()).toBe(false);
  });

  it('refuses a remember value that is not true or false', async () => {
    startServer();
    await csrf();
    const answer = await post('/auth/login', { ...DEMO, remember: 'always' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ remember: ['The remember field must be true or false.'] });
  });
});

/** The server's links go by e-mail (to the tests' SMTP sink), the demo's to Demo tools. */
const SENT =
  BACKEND === 'server'
    ? { message: 'We have emailed your password reset link.', delivery: 'email' }
    : {
        message:
          'The demo sends no e-mail: if the address has an account, the reset link is in Demo tools.',
        delivery: 'demo',
      };
const INVALID = {
  message: 'This password reset token is invalid.',
  errors: { email: ['This password reset token is invalid.'] },
};

/** The token and address of a reset link, as the Reset password screen reads them. */
function linkParams(link: string) {
  const url = new URL(link, 'https://formue.example.com');
  expect(url.pathname).toBe('/reset-password');
  return { token: url.searchParams.get('token') ?? '', email: url.searchParams.get('email') ?? '' };
}

const newPassword = (password: string) => ({ password, password_confirmation: password });

describe('Password reset by e-mail', () => {
  it('sends a link whose token sets a new password; the old one stops working', async () => {
    startServer();
    await csrf();
    const sent = await post('/auth/forgot-password', { email: 'Demo@Example.com' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual(SENT);
    const params = linkParams(await resetLink(DEMO.email));
    expect(params.email).toBe(DEMO.email);

    const reset = await post('/auth/reset-password', { ...params, ...newPassword('fresh-pass-1') });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Your password has been reset.' });
    expect(await loggedIn()).toBe(false);
    await csrf();
    expect((await post('/auth/login', DEMO)).status).toBe(422);
    const login = await post('/auth/login', { email: DEMO.email, password: 'fresh-pass-1' });
    expect(login.status).toBe(200);
  });

  it('answers an address without an account just the same', async () => {
    startServer();
    await csrf();
    const answer = await post('/auth/forgot-password', { email: 'nobody@example.com' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(SENT);
  });

  itMock('sends nothing to an address without an account', async () => {
    const server = startServer();
    await csrf();
    await post('/auth/forgot-password', { email: 'nobody@example.com' });
    expect(server.sentMail()).toEqual([]);
  });

  it('refuses a token used once already, a wrong one, and one past its hour', async () => {
    let now = NOW;
    startServer({ now: () => now });
    await csrf();
    await post('/auth/forgot-password', { email: DEMO.email });
    const params = linkParams(await resetLink(DEMO.email));
    const wrong = await post('/auth/reset-password', {
      ...params,
      token: `${params.token.slice(0, -2)}xy`,
      ...newPassword('fresh-pass-1'),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual(INVALID);
    expect(
      (await post('/auth/reset-password', { ...params, ...newPassword('fresh-pass-1') })).status,
    ).toBe(200);
    await csrf();
    const again = await post('/auth/reset-password', { ...params, ...newPassword('fresh-pass-2') });
    expect(again.status).toBe(422);
    expect(again.body).toEqual(INVALID);

    await post('/auth/forgot-password', { email: DEMO.email });
    const late = linkParams(await resetLink(DEMO.email));
    now += 60 * 60_000 + 1;
    const expired = await post('/auth/reset-password', { ...late, ...newPassword('fresh-pass-3') });
    expect(expired.status).toBe(422);
    expect(expired.body).toEqual(INVALID);
  });

  it('keeps only the latest link of an address', async () => {
    startServer();
    await csrf();
    await post('/auth/forgot-password', { email: DEMO.email });
    const first = linkParams(await resetLink(DEMO.email));
    await post('/auth/forgot-password', { email: DEMO.email });
    const second = linkParams(await resetLink(DEMO.email));
    const old = await post('/auth/reset-password', { ...first, ...newPassword('fresh-pass-1') });
    expect(old.body).toEqual(INVALID);
    const latest = await post('/auth/reset-password', {
      ...second,
      ...newPassword('fresh-pass-1'),
    });
    expect(latest.status).toBe(200);
  });

  it('ends a link when its account moves to another address, whoever takes the old one', async () => {
    startServer();
    await csrf();
    await post('/auth/forgot-password', { email: DEMO.email });
    const params = linkParams(await resetLink(DEMO.email));
    expect((await post('/auth/login', DEMO)).status).toBe(200);
    const moved = { name: 'Demo', email: 'moved@example.com', current_password: DEMO.password };
    expect((await put('/user', moved)).status).toBe(200);
    expect((await post('/auth/logout')).status).toBe(204);
    await csrf();
    const newcomer = { name: 'Newcomer', email: DEMO.email, password: 'newcomer-pass' };
    expect((await post('/auth/register', newcomer)).status).toBe(200);

    const reset = await post('/auth/reset-password', { ...params, ...newPassword('taken-over') });
    expect(reset.status).toBe(422);
    expect(reset.body).toEqual(INVALID);
    expect((await post('/auth/logout')).status).toBe(204);
    await csrf();
    expect(
      (await post('/auth/login', { email: DEMO.email, password: 'newcomer-pass' })).status,
    ).toBe(200);
  });

  it('ends a link when its account’s password changes', async () => {
    startServer();
    await csrf();
    await post('/auth/forgot-password', { email: DEMO.email });
    const params = linkParams(await resetLink(DEMO.email));
    expect((await post('/auth/login', DEMO)).status).toBe(200);
    const changed = {
      name: 'Demo',
      email: DEMO.email,
      ...newPassword('changed-pass'),
      current_password: DEMO.password,
    };
    expect((await put('/user', changed)).status).toBe(200);
    const reset = await post('/auth/reset-password', { ...params, ...newPassword('fresh-pass-1') });
    expect(reset.body).toEqual(INVALID);
  });

  it('checks the new password and its confirmation, and keeps the token then', async () => {
    startServer();
    await csrf();
    await post('/auth/forgot-password', { email: DEMO.email });
    const params = linkParams(await resetLink(DEMO.email));
    const short = await post('/auth/reset-password', { ...params, ...newPassword('short') });
    expect(short.status).toBe(422);
    expect(short.body.errors).toEqual({
      password: ['The password field must be at least 8 characters.'],
    });
    const unlike = await post('/auth/reset-password', {
      ...params,
      password: 'fresh-pass-1',
      password_confirmation: 'fresh-pass-2',
    });
    expect(unlike.body.errors).toEqual({
      password: ['The password field confirmation does not match.'],
    });
    const missing = await post('/auth/reset-password', {});
    expect(Object.keys(missing.body.errors).sort()).toEqual(['email', 'password', 'token']);
    expect(
      (await post('/auth/reset-password', { ...params, ...newPassword('fresh-pass-1') })).status,
    ).toBe(200);
  });

  it('ends every session and remembered login of the user', async () => {
    startServer();
    const remembered = await loginRemembered();
    const session = cookie('formue_session') ?? '';
    await post('/auth/forgot-password', { email: DEMO.email });
    const params = linkParams(await resetLink(DEMO.email));
    expect(
      (await post('/auth/reset-password', { ...params, ...newPassword('fresh-pass-1') })).status,
    ).toBe(200);
    setCookie('formue_session', session);
    expect(await loggedIn()).toBe(false);
    loseSession();
    setCookie(REMEMBER, remembered);
    expect(await loggedIn()).toBe(false);
  });

  it('sends at most five links an hour to an address from one client (429)', async () => {
    let now = NOW;
    startServer({ now: () => now });
    await csrf();
    const ask = () => post('/auth/forgot-password', { email: 'nobody@example.com' });
    for (let attempt = 0; attempt < 5; attempt++) expect((await ask()).status).toBe(200);
    now += 60_000;
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(refused.headers.get('Retry-After')).toBe(String(59 * 60));
    now += 59 * 60_000;
    expect((await ask()).status).toBe(200);
  });

  it('tries tokens at most five times a minute per address and client (429)', async () => {
    startServer();
    await csrf();
    const guess = () =>
      post('/auth/reset-password', {
        token: 'guessed-token',
        email: DEMO.email,
        ...newPassword('fresh-pass-1'),
      });
    for (let attempt = 0; attempt < 5; attempt++) expect((await guess()).status).toBe(422);
    expect((await guess()).status).toBe(429);
  });

  it('needs a well-formed e-mail to send a link', async () => {
    startServer();
    await csrf();
    const answer = await post('/auth/forgot-password', { email: 'not-an-address' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      email: ['The email field must be a valid email address.'],
    });
  });
});
