// Sanctum's CSRF cookie and Breeze's API auth routes.
import { nextId } from '../db';
import { json, noContent, unprocessable, unprocessableFor, type Route } from '../http';
import { hashPassword, passwordMatches, randomSalt } from '../secrets';
import { Validator } from '../validation';

/** Breeze's LoginRequest limiter: 5 failed attempts per email, for 60 seconds. */
const MAX_ATTEMPTS = 5;
const DECAY_MS = 60_000;

export function authRoutes(): Route[] {
  const failures = new Map<string, { count: number; since: number }>();
  return [
    {
      method: 'get',
      path: '/sanctum/csrf-cookie',
      access: 'public',
      // The server writes the XSRF-TOKEN cookie after every answer; this one only starts it.
      handle: () => noContent(),
    },
    {
      method: 'get',
      path: '/api/v1/auth/check',
      access: 'public',
      handle: ({ backend }) => {
        const loggedIn = backend.tables.users.some((u) => u.id === backend.session.userId);
        return json(200, { logged_in: loggedIn });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/login',
      access: 'public',
      handle: ({ backend, body }) => {
        const v = new Validator(body);
        const email = v.email('email');
        // Breeze's LoginRequest: required|string|email and required|string, no length rule.
        const password = v.password('password', { min: 0 });
        if (v.failed || email === undefined) return unprocessable(v);
        const key = email.toLowerCase();
        const now = backend.now();
        const failed = failures.get(key);
        if (failed && now - failed.since >= DECAY_MS) failures.delete(key);
        else if (failed && failed.count >= MAX_ATTEMPTS) {
          const seconds = Math.ceil((failed.since + DECAY_MS - now) / 1000);
          const message = `Too many login attempts. Please try again in ${seconds} seconds.`;
          return unprocessableFor({ email: [message] });
        }
        const user = backend.tables.users.find((u) => u.email.toLowerCase() === key);
        if (
          !user ||
          password === undefined ||
          !passwordMatches(password, user.salt, user.passwordHash)
        ) {
          const current = failures.get(key);
          if (current) current.count++;
          else failures.set(key, { count: 1, since: now });
          return unprocessableFor({ email: ['These credentials do not match our records.'] });
        }
        failures.delete(key);
        backend.session.userId = user.id;
        backend.rotateToken();
        return json(200, { user: { name: user.name, email: user.email } });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/register',
      access: 'public',
      handle: ({ backend, body }) => {
        const v = new Validator(body);
        const name = v.text('name');
        const email = v.email('email');
        if (
          email &&
          backend.tables.users.some((u) => u.email.toLowerCase() === email.toLowerCase())
        )
          v.add('email', 'The email has already been taken.');
        const password = v.password('password');
        if (v.failed || !name || !email || !password) return unprocessable(v);
        const salt = randomSalt();
        const user = {
          id: nextId(backend.tables),
          name,
          email: email.toLowerCase(),
          salt,
          passwordHash: hashPassword(password, salt),
        };
        backend.tables.users.push(user);
        backend.session.userId = user.id;
        backend.rotateToken();
        backend.changed();
        return json(200, { user: { name: user.name, email: user.email } });
      },
    },
    {
      method: 'post',
      path: '/api/v1/auth/logout',
      access: 'auth',
      handle: ({ backend }) => {
        backend.session.userId = null;
        backend.rotateToken();
        return noContent();
      },
    },
  ];
}
