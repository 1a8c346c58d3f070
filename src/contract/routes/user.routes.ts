// The logged-in user: profile (PUT is ours, beyond the spec), valuation and chart.
import { json, unprocessable, type Route } from '../answers';
import { MAX_PASSWORD_BYTES, Validator } from '../validation';
import { userBody } from './auth.routes';

export function userRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/api/v1/user',
      access: 'auth',
      handle: async ({ store, userId }) => {
        const user = await store.userById(userId);
        return user ? json(200, userBody(user)) : json(401, { message: 'Unauthenticated.' });
      },
    },
    {
      method: 'PUT',
      path: '/api/v1/user',
      access: 'auth',
      handle: async (call) => {
        const { store, hasher, body, userId, session } = call;
        const user = await store.userById(userId);
        if (!user) return json(401, { message: 'Unauthenticated.' });
        const v = new Validator(body);
        const name = v.name('name');
        const email = v.email('email');
        const holder = email ? await store.userByEmail(email) : undefined;
        if (holder && holder.id !== userId) v.add('email', 'The email has already been taken.');
        const password = v.password('password', { optional: true, maxBytes: MAX_PASSWORD_BYTES });
        v.confirmed('password', password);
        // What lets someone take the account over (its password, the address a reset would go
        // to) needs the current password: a session left open is not enough.
        const sensitive =
          password !== undefined ||
          (email !== undefined && email.toLowerCase() !== user.email.toLowerCase());
        if (sensitive) {
          const current = v.password('current_password', { min: 0 });
          if (current !== undefined && !(await hasher.verify(current, user.passwordHash)))
            v.add('current_password', 'The password is incorrect.');
        }
        if (v.failed || !name || !email) return unprocessable(v);
        const updated = {
          ...user,
          name,
          email: email.toLowerCase(),
          passwordHash: password === undefined ? user.passwordHash : await hasher.hash(password),
        };
        await store.updateUser(updated);
        // A reset link was for the address and password the account had.
        if (sensitive) await store.deleteUserResetTokens(userId);
        // A new password ends every other session and every other "Remember me": a thief's
        // stays open no longer. This browser's, if it had one, gets a new token.
        if (password !== undefined) {
          const remembered = await call.remembered();
          await store.deleteUserSessions(userId, session.id);
          await store.deleteUserRememberTokens(userId);
          if (remembered) await call.remember(userId);
        }
        return json(200, userBody(updated));
      },
    },
    {
      method: 'GET',
      path: '/api/v1/user/valuation',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        const figures = await call.valuer(investments);
        return json(200, { valuation: figures.valuation(investments) });
      },
    },
    {
      method: 'GET',
      path: '/api/v1/user/chart',
      access: 'auth',
      handle: async (call) => {
        const investments = await call.store.investments(call.userId);
        const figures = await call.valuer(investments);
        return json(200, { chart: figures.chart(investments) });
      },
    },
  ];
}
