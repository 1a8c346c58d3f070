// What an attack run found against the server (issue 24), each a test that failed before: logins,
// sessions and accounts, and input that is refused or stored as sent.
import { describe, expect, it } from 'vitest';
import { createContract } from '../../../src/contract/kernel';
import type { PasswordHasher } from '../../../src/contract/store';
import { syntheticMarket } from '../../../src/contract/market/synthetic-market';
import { MemoryStore } from '../../../src/mock-server/memory-store';
import { emptyTables } from '../../../src/mock-server/memory/tables';
import { openDatabase } from '../../../src/server/sql/connect';
import { tokenDigest } from '../../../src/mock-server/secrets';
import { Browser } from '../browser';
import { closeServersAfterEach, lastDatabaseUrl, noMail, request, serve } from './support';

closeServersAfterEach();

describe('the login throttle', () => {
  it('checks at most 5 of 100 parallel wrong passwords for one e-mail', async () => {
    const origin = await serve();
    const browser = new Browser(origin);
    await browser.send('GET', '/sanctum/csrf-cookie');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        browser.send('POST', '/api/v1/auth/login', {
          email: 'demo@example.com',
          password: 'wrong-password',
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(95);
  });
});

describe('login timing', () => {
  it('costs one password check whether or not the e-mail has an account', async () => {
    const checks: string[] = [];
    const hasher: PasswordHasher = {
      hash: (password) => Promise.resolve(`h:${password}`),
      verify: (password, hash) => {
        checks.push('verify');
        return Promise.resolve(hash === `h:${password}`);
      },
      verifyNone: () => {
        checks.push('none');
        return Promise.resolve(false);
      },
    };
    const store = new MemoryStore(emptyTables());
    await store.createUser({ name: 'Ann', email: 'ann@example.com', passwordHash: 'h:secret-pw' });
    const contract = createContract({
      store,
      hasher,
      market: syntheticMarket(),
      tokenDigest,
      mailer: noMail,
      randomToken: () => Math.random().toString(36).slice(2).padEnd(24, 'x'),
    });
    const login = async (email: string) => {
      const cookies: Record<string, string> = {};
      const token = await contract.handle(request('GET', '/sanctum/csrf-cookie', cookies));
      for (const c of token.cookies) cookies[c.name] = c.value;
      return contract.handle(
        request('POST', '/api/v1/auth/login', cookies, { email, password: 'guess-guess' }),
      );
    };
    expect((await login('ann@example.com')).status).toBe(422);
    expect((await login('nobody@example.com')).status).toBe(422);
    expect(checks).toEqual(['verify', 'none']);
  });
});

describe('NUL bytes', () => {
  it('in the e-mail of login and register are a field error, never a 500', async () => {
    const browser = new Browser(await serve());
    await browser.send('GET', '/sanctum/csrf-cookie');
    const message = 'The email field must be a valid email address.';
    for (const path of ['/api/v1/auth/login', '/api/v1/auth/register']) {
      const answer = await browser.json('POST', path, {
        name: 'Nul',
        email: 'demo@example.com\u0000',
        password: 'secret-password',
      });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.email).toEqual([message]);
    }
  });

  it('in the session cookie is no session, never a 500', async () => {
    const origin = await serve();
    const answer = await fetch(`${origin}/api/v1/user`, {
      headers: { Accept: 'application/json', Cookie: 'formue_session=a%00b' },
    });
    expect(answer.status).toBe(401);
  });
});

describe('caching', () => {
  it('marks every API answer no-store', async () => {
    const browser = new Browser(await serve());
    expect((await browser.send('GET', '/sanctum/csrf-cookie')).headers.get('cache-control')).toBe(
      'no-store',
    );
    await browser.login();
    const user = await browser.send('GET', '/api/v1/user');
    expect(user.status).toBe(200);
    expect(user.headers.get('cache-control')).toBe('no-store');
  });
});

describe('input stored as sent, or refused', () => {
  it('refuses a body that is not UTF-8 instead of storing replacement characters', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const token = decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? '');
    const answer = await fetch(`${browser.origin}/api/v1/portfolios`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'X-XSRF-TOKEN': token,
        Cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      },
      body: Buffer.concat([
        Buffer.from('{"name":"Pen'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('"}'),
      ]),
    });
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: 'The request body is not valid UTF-8.' });
  });

  it('refuses a lone surrogate in a name with a field error', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const answer = await browser.json('POST', '/api/v1/portfolios', { name: 'Pension \ud800' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.name).toEqual(['The name field must be valid text.']);
  });

  it('refuses a new password over bcrypt’s 72 bytes, saying so', async () => {
    const browser = new Browser(await serve());
    await browser.send('GET', '/sanctum/csrf-cookie');
    const answer = await browser.json('POST', '/api/v1/auth/register', {
      name: 'Long',
      email: 'long@example.com',
      password: 'æ'.repeat(37),
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.password).toEqual([
      'The password field must not be greater than 72 bytes.',
    ]);
  });
});

describe('new sessions and accounts', () => {
  it('writes no session row for requests without a cookie that ask for none', async () => {
    const origin = await serve();
    const before = await sessionRows();
    await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${origin}/api/v1/auth/check`, { headers: { Accept: 'application/json' } }),
      ),
    );
    await Promise.all(
      Array.from({ length: 30 }, () =>
        fetch(`${origin}/api/v1/portfolios`, {
          method: 'POST',
          headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
          body: '{"name":"x"}',
        }),
      ),
    );
    expect(await sessionRows()).toBe(before);
  });

  it('limits new sessions per address with 429 and Retry-After', async () => {
    const origin = await serve();
    const answers = await Promise.all(
      Array.from({ length: 70 }, () => fetch(`${origin}/sanctum/csrf-cookie`)),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 204)).toHaveLength(60);
    const refused = answers.find((a) => a.status === 429);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
    // A client with its session is not held up.
    const browser = new Browser(origin);
    browser.cookies.set(
      'formue_session',
      answers[0].headers.getSetCookie()[1].split(';')[0].split('=')[1],
    );
    expect((await browser.send('GET', '/sanctum/csrf-cookie')).status).toBe(204);
  });

  it('limits registrations per address', async () => {
    const browser = new Browser(await serve());
    await browser.send('GET', '/sanctum/csrf-cookie');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = await browser.send('POST', '/api/v1/auth/register', {
        name: `User ${i}`,
        email: `user${i}@example.com`,
        password: 'secret-password',
      });
      statuses.push(answer.status);
      // Registering logs in (a new session); out again, to register the next.
      if (answer.status === 200) await browser.send('POST', '/api/v1/auth/logout');
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

/** Rows in the sessions table of the database the last server started on. */
async function sessionRows(): Promise<number> {
  const database = await openDatabase(lastDatabaseUrl);
  try {
    const row = await database.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  } finally {
    await database.close();
  }
}

describe('a password change', () => {
  it('ends the user’s other sessions and keeps this one', async () => {
    const origin = await serve();
    const here = new Browser(origin);
    const elsewhere = new Browser(origin);
    await here.login();
    await elsewhere.login();
    const changed = await here.json('PUT', '/api/v1/user', {
      name: 'Demo',
      email: 'demo@example.com',
      password: 'a-new-password',
      password_confirmation: 'a-new-password',
      current_password: 'demo1234',
    });
    expect(changed.status).toBe(200);
    expect((await here.send('GET', '/api/v1/user')).status).toBe(200);
    expect((await elsewhere.send('GET', '/api/v1/user')).status).toBe(401);
  });
});
