// What only the Node server adds to the contract, over real HTTP: cookie attributes, security
// headers, the app's files, body limits, health, sessions shared between processes, settings.
import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, readConfig, settingsWarnings, type Config } from '../../src/server/config';
import type { StartOptions } from '../../src/server/server';
import { demoDatabase, freshDatabaseUrl, keepDatabasesPerFile } from './databases';
import { Browser } from './browser';
import { startQuietServer } from './quiet-server';

const running: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});
keepDatabasesPerFile();

/**
 * A server with the demo account: on the file's kept demo database (a seeded copy, and on
 * PostgreSQL the file's pool), unless `databaseUrl` names one, which the server opens itself.
 */
async function serve(overrides: Partial<Config> = {}, options: StartOptions = {}): Promise<string> {
  const { url, database } = overrides.databaseUrl
    ? { url: overrides.databaseUrl, database: undefined }
    : await demoDatabase();
  const { app, origin } = await startQuietServer(
    url,
    { demo: true, ...overrides },
    { database, ...options },
  );
  running.push(app);
  return origin;
}

describe('Sanctum cookies', () => {
  it('sets a readable XSRF-TOKEN and an HttpOnly, SameSite=Lax session cookie', async () => {
    const browser = new Browser(await serve());
    const answer = await browser.send('GET', '/sanctum/csrf-cookie');
    expect(answer.status).toBe(204);
    const xsrf = browser.setCookieLines.find((l) => l.startsWith('XSRF-TOKEN='));
    const session = browser.setCookieLines.find((l) => l.startsWith('formue_session='));
    expect(xsrf).toMatch(/Path=\//);
    expect(xsrf).toMatch(/SameSite=Lax/);
    expect(xsrf).not.toMatch(/HttpOnly/);
    expect(session).toMatch(/HttpOnly/);
    expect(session).toMatch(/SameSite=Lax/);
    expect(session).not.toMatch(/Secure/);
  });

  it('marks both cookies Secure behind an HTTPS proxy', async () => {
    const browser = new Browser(await serve({ trustProxy: true }));
    await browser.send('GET', '/sanctum/csrf-cookie', undefined, { 'X-Forwarded-Proto': 'https' });
    expect(browser.setCookieLines).toHaveLength(2);
    for (const line of browser.setCookieLines) expect(line).toMatch(/; Secure/);
  });

  it('gives a new session id at login and at logout', async () => {
    const origin = await serve();
    const browser = new Browser(origin);
    await browser.send('GET', '/sanctum/csrf-cookie');
    const guest = browser.cookies.get('formue_session');
    expect((await browser.login()).status).toBe(200);
    const loggedIn = browser.cookies.get('formue_session');
    expect(loggedIn).not.toBe(guest);
    expect((await browser.send('POST', '/api/v1/auth/logout')).status).toBe(204);
    expect(browser.cookies.get('formue_session')).not.toBe(loggedIn);
    // The old session is gone on the server, not only replaced in the browser.
    const replay = await fetch(`${origin}/api/v1/user`, {
      headers: { Accept: 'application/json', Cookie: `formue_session=${loggedIn}` },
    });
    expect(replay.status).toBe(401);
  });
});

describe('sessions in the database', () => {
  it('are shared by two server processes on one database', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-'));
    const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres')
      ? await freshDatabaseUrl()
      : `sqlite:${join(dir, 'shared.sqlite')}`;
    const first = await serve({ databaseUrl });
    const second = await serve({ databaseUrl, demo: false });
    const browser = new Browser(first);
    expect((await browser.login()).status).toBe(200);
    const behindBalancer = new Browser(second);
    for (const [name, value] of browser.cookies) behindBalancer.cookies.set(name, value);
    const user = await behindBalancer.send('GET', '/api/v1/user');
    expect(user.status).toBe(200);
    expect(await user.json()).toEqual({ user: { name: 'Demo', email: 'demo@example.com' } });
    const created = await behindBalancer.send('POST', '/api/v1/portfolios', { name: 'Both' });
    expect(created.status).toBe(201);
    const list = await (await browser.send('GET', '/api/v1/portfolios')).json();
    expect(list.portfolios.map((p: { name: string }) => p.name)).toContain('Both');

    // Each process keeps replayed histories; the other's new event must still count.
    type Listed = { investments: { id: number; shares: number }[] };
    const held = async (via: Browser) =>
      ((await (await via.send('GET', '/api/v1/investments')).json()) as Listed).investments;
    const [before] = await held(browser);
    const bought = await behindBalancer.send(
      'POST',
      `/api/v1/investments/${before.id}/events/buy`,
      {
        shares: 1,
        share_price: 10,
        fee: 0,
        currency_code: 'DKK',
      },
    );
    expect(bought.status).toBe(201);
    const after = (await held(browser)).find((i) => i.id === before.id);
    expect(after?.shares).toBe(before.shares + 1);
  });

  it('value alike after writes in either, each extending only what it wrote itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-'));
    const databaseUrl = process.env.DATABASE_URL?.startsWith('postgres')
      ? await freshDatabaseUrl()
      : `sqlite:${join(dir, 'shared.sqlite')}`;
    // One clock for both: the made-up market quotes per minute, and the two reads of a comparison
    // straddled a minute's turn now and then on a loaded machine (a price apart, not a cache's fault).
    const started = Date.now();
    const clock = { now: () => started };
    const one = new Browser(await serve({ databaseUrl }, clock));
    expect((await one.login()).status).toBe(200);
    const other = new Browser(await serve({ databaseUrl, demo: false }, clock));
    for (const [name, value] of one.cookies) other.cookies.set(name, value);
    const read = async (via: Browser) => ({
      investments: await (await via.send('GET', '/api/v1/investments')).json(),
      valuation: await (await via.send('GET', '/api/v1/user/valuation')).json(),
    });
    const alike = async () => {
      const [mine, theirs] = [await read(one), await read(other)];
      expect(theirs).toEqual(mine);
      return mine;
    };
    const [investment] = (await alike()).investments.investments as { id: number }[];
    const trade = (shares: number) => ({ shares, share_price: 10, fee: 0, currency_code: 'DKK' });
    const bought = await one.send(
      'POST',
      `/api/v1/investments/${investment.id}/events/buy`,
      trade(1),
    );
    expect(bought.status).toBe(201);
    const { data } = (await bought.json()) as { data: { id: number } };
    await alike();
    const event = `/api/v1/investments/events/${data.id}`;
    expect((await other.send('PUT', event, trade(3))).status).toBe(200);
    await alike();
    expect((await one.send('DELETE', event)).status).toBe(204);
    await alike();
    // Two writes in a row, one in each: what the first process was told of is outdated, then
    // what it kept is two versions old.
    const buy = `/api/v1/investments/${investment.id}/events/buy`;
    expect((await one.send('POST', buy, trade(2))).status).toBe(201);
    expect((await other.send('POST', buy, trade(4))).status).toBe(201);
    await alike();
    expect((await other.send('POST', buy, trade(5))).status).toBe(201);
    expect((await one.send('POST', buy, trade(6))).status).toBe(201);
    await alike();
  });
});

describe('security headers and the app', () => {
  function appBuild(): string {
    const root = mkdtempSync(join(tmpdir(), 'formue-app-'));
    mkdirSync(join(root, 'assets'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>Formue</title>');
    writeFileSync(join(root, 'assets', 'app-abc123.js'), 'console.log(1)');
    // The build's compressed copies (vite.config.ts).
    writeFileSync(join(root, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(join(root, 'index.html.gz'), gzipSync('<!doctype html><title>Formue</title>'));
    return root;
  }

  it('serves index.html for every app path with a strict Content-Security-Policy', async () => {
    const origin = await serve({ appRoot: appBuild() });
    for (const path of ['/', '/home', '/investments/3', '/no/such/screen']) {
      const answer = await fetch(`${origin}${path}`);
      expect(answer.status).toBe(200);
      expect(await answer.text()).toContain('<title>Formue</title>');
      const csp = answer.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(answer.headers.get('x-powered-by')).toBeNull();
    }
  });

  it('serves hashed assets for a year, and API paths never fall back to the app', async () => {
    const origin = await serve({ appRoot: appBuild() });
    const asset = await fetch(`${origin}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await fetch(`${origin}/api/v1/nothing-here`, {
      headers: { Accept: 'application/json' },
    });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({
      message: 'The route api/v1/nothing-here could not be found.',
    });
  });

  it("sends the build's compressed copies to clients that accept them", async () => {
    const origin = await serve({ appRoot: appBuild() });
    for (const path of ['/assets/app-abc123.js', '/home']) {
      const gzipped = await fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': 'gzip' } });
      expect(gzipped.headers.get('content-encoding')).toBe('gzip');
      expect(gzipped.headers.get('vary')).toMatch(/accept-encoding/i);
      const plain = await fetch(`${origin}${path}`, { headers: { 'Accept-Encoding': 'identity' } });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await gzipped.text()).toBe(await plain.text());
    }
  });
});

describe('methods and paths', () => {
  it('answers HEAD where GET is served, without a body', async () => {
    const answer = await fetch(`${await serve()}/api/v1/auth/check`, {
      method: 'HEAD',
      headers: { Accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('');
  });

  it('names an unknown path without its trailing slash, as Laravel does', async () => {
    const answer = await fetch(`${await serve()}/api/v1/nothing/`, {
      headers: { Accept: 'application/json' },
    });
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({
      message: 'The route api/v1/nothing could not be found.',
    });
  });
});

describe('operations', () => {
  it('GET /up answers 200 while the database answers', async () => {
    const answer = await fetch(`${await serve()}/up`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ status: 'up' });
  });

  it('refuses a body over the limit with 413 and a JSON message, no stack trace', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const answer = await browser.send('POST', '/api/v1/portfolios', { name: 'x'.repeat(100_000) });
    expect(answer.status).toBe(413);
    const text = await answer.text();
    expect(JSON.parse(text)).toEqual({ message: 'The request body is too large.' });
    expect(text).not.toMatch(/at |\.ts|node_modules/);
  });

  it('reads a body that is not JSON as no input, answering 422', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const answer = await browser.send('POST', '/api/v1/portfolios', undefined, {
      'Content-Type': 'application/json',
    });
    expect(answer.status).toBe(422);
    const broken = await fetch(answer.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'X-XSRF-TOKEN': decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''),
        Cookie: [...browser.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      },
      body: '{"name": ',
    });
    expect(broken.status).toBe(422);
    expect((await broken.json()).errors).toEqual({ name: ['The name field is required.'] });
  });
});

describe('password reset without SMTP_URL', () => {
  it('says the link is with the operator, alike for an address with and without an account', async () => {
    const browser = new Browser(await serve());
    await browser.send('GET', '/sanctum/csrf-cookie');
    const answers = [];
    for (const email of ['demo@example.com', 'nobody@example.com']) {
      const answer = await browser.send('POST', '/api/v1/auth/forgot-password', { email });
      expect(answer.status).toBe(200);
      answers.push(await answer.json());
    }
    expect(answers[0]).toEqual({
      message:
        "This server sends no e-mail: if the address has an account, the reset link is in the server's log. Ask whoever runs it.",
      delivery: 'log',
    });
    expect(answers[1]).toEqual(answers[0]);
  });
});

describe('settings', () => {
  it('has defaults for everything', () => {
    expect(readConfig({}, undefined)).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: undefined,
      demo: false,
      bcryptRounds: 12,
      market: {
        mode: 'live',
        yahooUrl: 'https://query1.finance.yahoo.com',
        ecbUrl: 'https://www.ecb.europa.eu',
        openFigiUrl: 'https://api.openfigi.com',
        coinGeckoUrl: 'https://api.coingecko.com',
        openFigiApiKey: undefined,
        coinGeckoApiKey: undefined,
      },
    });
  });

  it('reads the market settings, keys only when set, URLs without a trailing slash', () => {
    expect(
      readConfig(
        {
          MARKET_DATA: 'synthetic',
          YAHOO_URL: 'http://127.0.0.1:4191/',
          OPENFIGI_API_KEY: 'figi-key',
          COINGECKO_API_KEY: '',
        },
        undefined,
      ).market,
    ).toMatchObject({
      mode: 'synthetic',
      yahooUrl: 'http://127.0.0.1:4191',
      openFigiApiKey: 'figi-key',
      coinGeckoApiKey: undefined,
    });
  });

  it('reads the mail settings; without SMTP_URL links are logged and point at the port', () => {
    expect(readConfig({ PORT: '9000' }, undefined).mail).toEqual({
      smtpUrl: undefined,
      from: undefined,
      appUrl: 'http://localhost:9000',
    });
    const mail = {
      SMTP_URL: 'smtps://formue:secret@mail.example.com:465',
      MAIL_FROM: 'Formue <formue@example.com>',
      APP_URL: 'https://formue.example.com/',
    };
    expect(readConfig(mail, undefined).mail).toEqual({
      smtpUrl: mail.SMTP_URL,
      from: mail.MAIL_FROM,
      appUrl: 'https://formue.example.com',
    });
  });

  it.each([
    [{ HOST: '0.0.0.0' }, 1],
    [{ HOST: '192.168.1.20', PORT: '9000' }, 1],
    [{ HOST: '0.0.0.0', APP_URL: 'https://formue.example.com' }, 0],
    [{}, 0],
    [{ HOST: 'localhost' }, 0],
    [{ HOST: '::1' }, 0],
  ])('warns of %o at start %i times: reset links other machines cannot open', (env, count) => {
    const warnings = settingsWarnings(env, readConfig(env, undefined));
    expect(warnings).toHaveLength(count);
    for (const warning of warnings) expect(warning).toMatch(/APP_URL is unset: password reset/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number from 0 to 65535, not "eighty"/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be sqlite:<path> or postgres:\/\//],
    [{ FORMUE_DEMO: 'yes' }, /FORMUE_DEMO must be 1 or 0, not "yes"/],
    [{ BCRYPT_ROUNDS: '3' }, /BCRYPT_ROUNDS must be a whole number from 4 to 31/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be one of/],
    [{ MARKET_DATA: 'real' }, /MARKET_DATA must be live or synthetic, not "real"/],
    [{ YAHOO_URL: 'ftp://x' }, /YAHOO_URL must be an http:\/\/ or https:\/\/ URL/],
    [{ ECB_URL: 'not a url' }, /ECB_URL must be an http:\/\/ or https:\/\/ URL/],
    [{ SMTP_URL: 'mail.example.com' }, /SMTP_URL must be smtp:\/\/user:password@host:port/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM must be an address or "Name <address>"/],
    [{ SMTP_URL: 'smtp://mail.example.com:587' }, /SMTP_URL needs MAIL_FROM and APP_URL/],
    [{ APP_URL: 'formue.example.com' }, /APP_URL must be an http:\/\/ or https:\/\/ URL/],
  ])('refuses %o with a message that says what is accepted', (env, message) => {
    expect(() => readConfig(env, undefined)).toThrow(ConfigError);
    expect(() => readConfig(env, undefined)).toThrow(message);
  });
});
