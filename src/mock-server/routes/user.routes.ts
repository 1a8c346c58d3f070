// The logged-in user: profile (decisions.md section 6), valuation and chart.
import { investmentsOf } from '../db';
import { json, unprocessable, valuer, type Route } from '../http';
import { hashPassword, randomSalt } from '../secrets';
import { Validator } from '../validation';

export function userRoutes(): Route[] {
  return [
    {
      method: 'get',
      path: '/api/v1/user',
      access: 'auth',
      handle: ({ backend, userId }) => {
        const user = backend.tables.users.find((u) => u.id === userId);
        return json(200, { user: { name: user?.name, email: user?.email } });
      },
    },
    {
      method: 'put',
      path: '/api/v1/user',
      access: 'auth',
      handle: ({ backend, body, userId }) => {
        const user = backend.tables.users.find((u) => u.id === userId);
        if (!user) return json(401, { message: 'Unauthenticated.' });
        const v = new Validator(body);
        const name = v.text('name');
        const email = v.email('email');
        const taken = backend.tables.users.some(
          (u) => u.id !== userId && u.email.toLowerCase() === email?.toLowerCase(),
        );
        if (email && taken) v.add('email', 'The email has already been taken.');
        const password = v.password('password', { optional: true });
        if (v.failed || !name || !email) return unprocessable(v);
        user.name = name;
        user.email = email.toLowerCase();
        if (password !== undefined) {
          user.salt = randomSalt();
          user.passwordHash = hashPassword(password, user.salt);
        }
        backend.changed();
        return json(200, { user: { name: user.name, email: user.email } });
      },
    },
    {
      method: 'get',
      path: '/api/v1/user/valuation',
      access: 'auth',
      handle: (call) =>
        json(200, {
          valuation: valuer(call).valuation(investmentsOf(call.backend.tables, call.userId)),
        }),
    },
    {
      method: 'get',
      path: '/api/v1/user/chart',
      access: 'auth',
      handle: (call) =>
        json(200, { chart: valuer(call).chart(investmentsOf(call.backend.tables, call.userId)) }),
    },
  ];
}
