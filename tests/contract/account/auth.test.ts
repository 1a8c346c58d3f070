// Login, register, logout and the profile (PUT /user, decisions.md section 6).
import { describe, expect, it } from 'vitest';
import {
  cookie,
  csrf,
  DEMO,
  get,
  NOW,
  loginAsDemo,
  post,
  put,
  registerFresh,
  memoryStorage,
  setCookie,
  startServer,
  itMock,
} from '../support';

describe('POST /auth/login', () => {
  it('answers the user and starts the session', async () => {
    startServer();
    await csrf();
    const answer = await post('/auth/login', DEMO);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ user: { name: 'Demo', email: 'demo@example.com' } });
    expect((await get('/user')).body).toEqual(answer.body);
  });

  it.each([
    ['a wrong password', { email: DEMO.email, password: 'wrong-password' }],
    ['an unknown email', { email: 'nobody@example.com', password: DEMO.password }],
  ])('refuses %s on email with 422', async (_case, credentials) => {
    startServer();
    await csrf();
    const answer = await post('/auth/login', credentials);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'These credentials do not match our records.',
      errors: { email: ['These credentials do not match our records.'] },
    });
    expect((await get('/auth/check')).body).toEqual({ logged_in: false });
  });

  it('throttles an email and address for a minute after five failed attempts (429)', async () => {
    let now = NOW;
    startServer({ now: () => now });
    await csrf();
    const wrong = { email: DEMO.email, password: 'wrong-password' };
    for (let attempt = 0; attempt < 5; attempt++) await post('/auth/login', wrong);
    now += 15_000;
    const locked = await post('/auth/login', DEMO);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: 'Too Many Attempts.' });
    expect(locked.headers.get('Retry-After')).toBe('45');
    now += 45_000;
    expect((await post('/auth/login', DEMO)).status).toBe(200);
  });

  it('needs both fields', async () => {
    startServer();
    await csrf();
    const answer = await post('/auth/login', {});
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'The email field is required. (and 1 more error)',
      errors: {
        email: ['The email field is required.'],
        password: ['The password field is required.'],
      },
    });
  });
});

describe('POST /auth/register', () => {
  it('creates an empty account and logs it in', async () => {
    startServer();
    await csrf();
    const answer = await post('/auth/register', {
      name: ' Ada Lovelace ',
      email: 'ada@example.com',
      password: 'analytical',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ user: { name: 'Ada Lovelace', email: 'ada@example.com' } });
    expect((await get('/portfolios')).body).toEqual({ portfolios: [] });
    expect((await get('/investments')).body).toEqual({ investments: [] });
    expect((await get('/investments/events')).body).toEqual({ events: [] });
    const valuation = (await get('/user/valuation')).body.valuation;
    expect(valuation.value).toEqual({ value: 0, change: 0, changeRatio: 0 });
  });

  it('answers each rule with Laravel messages', async () => {
    startServer();
    await csrf();
    const answer = await post('/auth/register', {
      name: '  ',
      email: 'not-an-email',
      password: 'short',
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'The name field is required. (and 2 more errors)',
      errors: {
        name: ['The name field is required.'],
        email: ['The email field must be a valid email address.'],
        password: ['The password field must be at least 8 characters.'],
      },
    });
  });

  it.each([
    {
      what: 'a password of 4 emoji: counted in characters, as mb_strlen does, not UTF-16 units',
      account: { name: 'Emoji', email: 'emoji@example.com', password: '🔑🔑🔑🔑' },
      errors: { password: ['The password field must be at least 8 characters.'] },
    },
    {
      what: 'an email already taken, in any case',
      account: { name: 'Copy', email: 'DEMO@example.com', password: 'long-enough' },
      errors: { email: ['The email has already been taken.'] },
    },
    {
      what: 'a name over 255 characters',
      account: { name: 'x'.repeat(256), email: 'long@example.com', password: 'long-enough' },
      errors: { name: ['The name field must not be greater than 255 characters.'] },
    },
  ])('refuses $what', async ({ account, errors }) => {
    startServer();
    await csrf();
    const answer = await post('/auth/register', account);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual(errors);
  });

  it('refuses a name of zero-width characters, and creates no account', async () => {
    startServer();
    await csrf();
    const account = { name: '\u200B\u200C', email: 'zw@example.com', password: 'long-enough' };
    const answer = await post('/auth/register', account);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ name: ['The name field is required.'] });
    expect((await post('/auth/login', account)).status).toBe(422);
  });

  itMock('stores no password in plain text', async () => {
    const storage = memoryStorage();
    startServer({ storage });
    await csrf();
    await post('/auth/register', {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'analytical-engine',
    });
    const stored = Array.from({ length: storage.length }, (_, i) =>
      storage.getItem(storage.key(i) ?? ''),
    ).join('');
    expect(stored).toContain('ada@example.com');
    expect(stored).not.toContain('analytical-engine');
    expect(stored).not.toContain('demo1234');
  });
});

describe('POST /auth/logout', () => {
  it('answers 204 and ends the session', async () => {
    startServer();
    await loginAsDemo();
    const answer = await post('/auth/logout');
    expect(answer.status).toBe(204);
    expect(answer.body).toBeFalsy();
    expect((await get('/user')).status).toBe(401);
  });
});

describe('the session id', () => {
  /** The session cookie's value; every answer sets it. */
  function sessionId(): string {
    const id = cookie('formue_session');
    if (id === undefined) throw new Error('no session cookie');
    return id;
  }

  it('is new after login and after logout, and the old one no longer serves', async () => {
    startServer();
    await csrf();
    const guest = sessionId();
    expect((await post('/auth/login', DEMO)).status).toBe(200);
    const loggedIn = sessionId();
    expect(loggedIn).not.toBe(guest);
    expect((await post('/auth/logout')).status).toBe(204);
    expect(sessionId()).not.toBe(loggedIn);
    setCookie('formue_session', loggedIn);
    expect((await get('/user')).status).toBe(401);
  });

  it('is new after register', async () => {
    startServer();
    await csrf();
    const guest = sessionId();
    await registerFresh();
    expect(sessionId()).not.toBe(guest);
    setCookie('formue_session', guest);
    expect((await get('/auth/check')).body).toEqual({ logged_in: false });
  });
});

describe('PUT /user', () => {
  it('changes name and email, and a new password works at the next login', async () => {
    startServer();
    const account = await registerFresh();
    const answer = await put('/user', {
      name: 'Renamed',
      email: 'renamed@example.com',
      password: 'brand-new-pass',
      password_confirmation: 'brand-new-pass',
      current_password: account.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ user: { name: 'Renamed', email: 'renamed@example.com' } });
    await post('/auth/logout');
    await csrf();
    expect(
      (await post('/auth/login', { email: 'renamed@example.com', password: 'brand-new-pass' }))
        .status,
    ).toBe(200);
  });

  it('keeps the password when none is sent', async () => {
    startServer();
    await loginAsDemo();
    expect((await put('/user', { name: 'Demo', email: DEMO.email })).status).toBe(200);
    await post('/auth/logout');
    await loginAsDemo();
  });

  it.each([
    ['\u200B', 'The name field is required.'],
    ['Ada\u0000', 'The name field must not contain control characters.'],
  ])('refuses the name %j and keeps the old one', async (name, message) => {
    startServer();
    const account = await registerFresh();
    const answer = await put('/user', { name, email: account.email });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ name: [message] });
    expect((await get('/user')).body.user.name).toBe('Test user');
  });

  it('refuses another account’s email and a short password', async () => {
    startServer();
    await registerFresh();
    const answer = await put('/user', {
      name: 'X',
      email: DEMO.email,
      password: 'short',
      current_password: 'secret-pass',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      email: ['The email has already been taken.'],
      password: ['The password field must be at least 8 characters.'],
    });
  });

  it.each([
    [
      { password: 'brand-new-pass', password_confirmation: 'brand-new-pass' },
      'The current password field is required.',
    ],
    [{ email: 'elsewhere@example.com' }, 'The current password field is required.'],
    [
      {
        password: 'brand-new-pass',
        password_confirmation: 'brand-new-pass',
        current_password: 'not-my-password',
      },
      'The password is incorrect.',
    ],
  ])('asks for the current password to change password or e-mail: %j', async (change, message) => {
    startServer();
    const account = await registerFresh();
    const answer = await put('/user', { name: 'Test user', email: account.email, ...change });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ current_password: [message] });
    // Nothing changed: the old password still logs in.
    await post('/auth/logout');
    await csrf();
    expect((await post('/auth/login', account)).status).toBe(200);
  });

  it('counts current passwords as login attempts: past 5 in a minute, 429 whatever the password', async () => {
    startServer();
    const account = await registerFresh();
    const change = (current: string) =>
      put('/user', {
        name: 'Test user',
        email: account.email,
        password: 'brand-new-pass',
        current_password: current,
      });
    for (let guess = 1; guess <= 5; guess++)
      expect((await change(`wrong-guess-${guess}`)).status).toBe(422);
    const refused = await change(account.password);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: 'Too Many Attempts.' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe('5');
    await post('/auth/logout');
    await csrf();
    expect((await post('/auth/login', account)).status).toBe(200);
  });
});
