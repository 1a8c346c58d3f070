// Sanctum's CSRF cookie and Breeze's API auth routes.
import {
  json,
  noContent,
  unprocessable,
  unprocessableFor,
  type Answer,
  type Call,
  type Route,
} from '../answers';
import type { ResetDelivery } from '../store';
import {
  credentials,
  email as emailRules,
  forgotPassword as forgotPasswordRequest,
  MAX_PASSWORD_BYTES,
  registration,
  resetPassword as resetPasswordRequest,
} from '../../domain/wire/requests';
import { readRequest } from '../read-request';

/** Laravel's login limiter: 5 attempts a minute per e-mail and address. */
export const LOGIN_ATTEMPTS = 5;
const LOGIN_DECAY_MS = 60_000;
/** Registrations per client address and window: a person, a family behind one router. */
export const REGISTRATIONS = 10;
const REGISTER_WINDOW_MS = 10 * 60_000;
/** New sessions (CSRF cookies without a session) per client address and minute. */
export const NEW_SESSIONS = 60;
const NEW_SESSION_WINDOW_MS = 60_000;
export const CSRF_COOKIE_PATH = '/sanctum/csrf-cookie';
/** Laravel's `auth.passwords.users.expire`: a reset link works for 60 minutes. */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;
/** Reset links per e-mail and client address, and per address, in an hour: no mail bombing. */
export const RESET_LINKS_PER_EMAIL = 5;
export const RESET_LINKS_PER_ADDRESS = 20;
const RESET_LINK_WINDOW_MS = 60 * 60_000;
export const RESET_PATH = '/reset-password';
export const RESET_LINK_SENT = 'We have emailed your password reset link.';
/** What forgot-password says, by where the links go: never whether the address has an account. */
export const RESET_LINK_MESSAGES: Readonly<Record<ResetDelivery, string>> = {
  email: RESET_LINK_SENT,
  log: "This server sends no e-mail: if the address has an account, the reset link is in the server's log. Ask whoever runs it.",
  demo: 'The demo sends no e-mail: if the address has an account, the reset link is in Demo tools.',
};
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';
export const EMAIL_TAKEN = 'The email has already been taken.';

const userBody = (user: { name: string; email: string }) => ({
  user: { name: user.name, email: user.email },
});

export function tooManyAttempts(resetAt: number, now: number, limit = LOGIN_ATTEMPTS): Answer {
  const seconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
  return json(
    429,
    { message: 'Too Many Attempts.' },
    {
      'Retry-After': String(seconds),
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': String(Math.ceil(resetAt / 1000)),
    },
  );
}

/**
 * Counts a password tried under `key` as a login attempt, before it is checked, so parallel
 * guesses each take a place: the 429 once past the limit.
 */
export async function passwordAttempt(call: Call, key: string): Promise<Answer | undefined> {
  const attempt = await call.store.hitAttempt(key, call.now, LOGIN_DECAY_MS);
  return attempt.count > LOGIN_ATTEMPTS ? tooManyAttempts(attempt.resetAt, call.now) : undefined;
}

async function login(call: Call): Promise<Answer> {
  const { store } = call;
  const { value: body, errors } = readRequest(credentials, call.body);
  if (!body) return unprocessable(errors);
  const { email, password, remember } = body;

  const key = `login|${email.toLowerCase()}|${call.request.address}`;
  const throttled = await passwordAttempt(call, key);
  if (throttled) return throttled;

  const user = await store.userByEmail(email);
  // An unknown e-mail costs a check too, so the time of an answer tells no one who has an account.
  // Over bcrypt's 72 bytes no stored password can be it, though bcrypt would compare a prefix.
  const fits = new TextEncoder().encode(password).length <= MAX_PASSWORD_BYTES;
  const matches =
    user && fits
      ? await call.hasher.verify(password, user.passwordHash)
      : await call.hasher.verifyNone(password);
  if (!user || !matches) {
    return unprocessableFor({ email: ['These credentials do not match our records.'] });
  }
  await store.clearAttempts(key);
  call.regenerateSession(user.id);
  if (remember) await call.remember(user.id);
  return json(200, userBody(user));
}

/** Breeze's PasswordResetLinkController, answering alike whether the address has an account. */
async function forgotPassword(call: Call): Promise<Answer> {
  const { store, now } = call;
  const { value: body, errors } = readRequest(forgotPasswordRequest, call.body);
  if (!body) return unprocessable(errors);
  const email = body.email.toLowerCase();
  const limits = [
    { key: `reset-link|${email}|${call.request.address}`, limit: RESET_LINKS_PER_EMAIL },
    { key: `reset-link|${call.request.address}`, limit: RESET_LINKS_PER_ADDRESS },
  ];
  for (const { key, limit } of limits) {
    const attempt = await store.hitAttempt(key, now, RESET_LINK_WINDOW_MS);
    if (attempt.count > limit) return tooManyAttempts(attempt.resetAt, now, limit);
  }
  const user = await store.userByEmail(email);
  if (user) {
    const { token, hash } = await call.mintToken();
    await store.saveResetToken({ userId: user.id, email, hash, createdAt: now });
    const query = new URLSearchParams({ token, email });
    await call.mailer.passwordReset(user, `${RESET_PATH}?${query.toString()}`);
  }
  const { delivery } = call.mailer;
  return json(200, { message: RESET_LINK_MESSAGES[delivery], delivery });
}

/** Breeze's NewPasswordController: a valid link sets the password and ends every login. */
async function resetPassword(call: Call): Promise<Answer> {
  const { store, now } = call;
  const { value: body, errors } = readRequest(resetPasswordRequest, call.body);
  if (!body) return unprocessable(errors);
  const { token, password } = body;
  const email = body.email.toLowerCase();

  const key = `reset|${email}|${call.request.address}`;
  const attempt = await store.hitAttempt(key, now, LOGIN_DECAY_MS);
  if (attempt.count > LOGIN_ATTEMPTS) return tooManyAttempts(attempt.resetAt, now);
  const taken = await store.takeResetToken(email, await call.digest(token));
  // The account the link was made for, still at that address: not whoever has the address now.
  const owner =
    taken && now - taken.createdAt <= RESET_LINK_LIFETIME_MS
      ? await store.userById(taken.userId)
      : undefined;
  const user = owner?.email === email ? owner : undefined;
  if (!user) {
    return unprocessableFor({ email: [INVALID_RESET_TOKEN] });
  }
  await store.clearAttempts(key);
  await store.updateUser({ ...user, passwordHash: await call.hasher.hash(password) });
  await store.deleteUserSessions(user.id, '');
  await store.deleteUserRememberTokens(user.id);
  // This browser too logs in afresh, with the new password.
  call.regenerateSession(null);
  return json(200, { message: 'Your password has been reset.' });
}

async function register(call: Call): Promise<Answer> {
  const { store } = call;
  const attempt = await store.hitAttempt(
    `register|${call.request.address}`,
    call.now,
    REGISTER_WINDOW_MS,
  );
  if (attempt.count > REGISTRATIONS)
    return tooManyAttempts(attempt.resetAt, call.now, REGISTRATIONS);
  const { value: body, errors, field } = readRequest(registration, call.body);
  const email = field('email', emailRules);
  if (email && (await store.userByEmail(email))) errors.add('email', EMAIL_TAKEN);
  if (!body || errors.failed) return unprocessable(errors);
  const { name, password } = body;
  const user = await store.createUser({
    name,
    email: body.email.toLowerCase(),
    passwordHash: await call.hasher.hash(password),
  });
  call.regenerateSession(user.id);
  return json(200, userBody(user));
}

export function authRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: CSRF_COOKIE_PATH,
      access: 'public',
      // The kernel writes the XSRF-TOKEN cookie after every answer; this one starts a session,
      // so a client asking for new ones without end is stopped.
      handle: async ({ store, freshSession, request, now }) => {
        if (!freshSession) return noContent();
        const key = `session|${request.address}`;
        const attempt = await store.hitAttempt(key, now, NEW_SESSION_WINDOW_MS);
        return attempt.count > NEW_SESSIONS
          ? tooManyAttempts(attempt.resetAt, now, NEW_SESSIONS)
          : noContent();
      },
    },
    {
      method: 'GET',
      path: '/api/v1/auth/check',
      access: 'public',
      handle: async ({ store, session }) => {
        const user = session.userId === null ? undefined : await store.userById(session.userId);
        return json(200, { logged_in: user !== undefined });
      },
    },
    { method: 'POST', path: '/api/v1/auth/login', access: 'public', handle: login },
    { method: 'POST', path: '/api/v1/auth/register', access: 'public', handle: register },
    {
      method: 'POST',
      path: '/api/v1/auth/forgot-password',
      access: 'public',
      handle: forgotPassword,
    },
    {
      method: 'POST',
      path: '/api/v1/auth/reset-password',
      access: 'public',
      handle: resetPassword,
    },
    {
      method: 'POST',
      path: '/api/v1/auth/logout',
      access: 'auth',
      handle: async (call) => {
        call.regenerateSession(null);
        await call.forget();
        return noContent();
      },
    },
  ];
}

export { userBody };
