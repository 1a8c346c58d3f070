// What the attack run of issue 35 found in how the server reads requests, each a test that
// failed before: bodies read before the session was checked, a body that overflowed the stack,
// and which X-Forwarded-For address counts.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config';
import { Browser } from './browser';
import { demoDatabase, keepDatabasesPerFile } from './databases';
import { startQuietServer } from './quiet-server';

const running: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});
keepDatabasesPerFile();

/** A server on the file's kept demo database (a seeded copy; on PostgreSQL the file's pool). */
async function serve(overrides: Partial<Config> = {}): Promise<string> {
  const { url, database } = await demoDatabase();
  const { app, origin } = await startQuietServer(url, { demo: true, ...overrides }, { database });
  running.push(app);
  return origin;
}

/**
 * Sends an import's headers and its first kilobyte of a 5 MB body, then waits: the answer comes
 * only if the server answers without waiting for the rest.
 */
function startUpload(
  origin: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${origin}/api/v1/imports`, {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Content-Length': String(5_000_000),
        ...headers,
      },
    });
    request.on('response', (response: IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        request.destroy();
        resolve({
          status: response.statusCode ?? 0,
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
        });
      });
    });
    request.on('error', reject);
    request.write(`{"rows":[],"padding":"${'x'.repeat(1000)}`);
  });
}

const cookieHeader = (browser: Browser) =>
  [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe('a large upload', () => {
  it('is refused without a CSRF token before its body has arrived', async () => {
    const origin = await serve();
    const answer = await startUpload(origin, {});
    expect(answer).toEqual({ status: 419, body: { message: 'CSRF token mismatch.' } });
  });

  it('is refused when logged out before its body has arrived', async () => {
    const origin = await serve();
    const browser = new Browser(origin);
    await browser.send('GET', '/sanctum/csrf-cookie');
    const answer = await startUpload(origin, {
      Cookie: cookieHeader(browser),
      'X-XSRF-TOKEN': decodeURIComponent(browser.cookies.get('XSRF-TOKEN') ?? ''),
    });
    expect(answer).toEqual({ status: 401, body: { message: 'Unauthenticated.' } });
  });

  it('holding a 9.5 MB string is a field error, never a 500', async () => {
    const browser = new Browser(await serve());
    await browser.login();
    const answer = await browser.json('POST', '/api/v1/imports?dry_run=1', {
      portfolio_name: 'Big',
      source: 'generic',
      file_name: 'x'.repeat(9_500_000),
      rows: [],
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.file_name).toEqual([
      'The file name field must not be greater than 255 characters.',
    ]);
  });
});

describe('behind a proxy (TRUST_PROXY=1)', () => {
  it("counts the right-most X-Forwarded-For address, the one the proxy added, as the client's", async () => {
    const origin = await serve({ trustProxy: true });
    const login = async (forwardedFor: string) => {
      const browser = new Browser(origin);
      await browser.send('GET', '/sanctum/csrf-cookie', undefined, {
        'X-Forwarded-For': forwardedFor,
      });
      const answer = await browser.send(
        'POST',
        '/api/v1/auth/login',
        { email: 'demo@example.com', password: 'wrong-password' },
        { 'X-Forwarded-For': forwardedFor },
      );
      return answer.status;
    };
    // What a client sends before the proxy's address changes nothing: one client, one count.
    for (let i = 0; i < 5; i++) expect(await login(`10.9.9.${i}, 203.0.113.7`)).toBe(422);
    expect(await login('10.9.9.99, 203.0.113.7')).toBe(429);
    expect(await login('203.0.113.7, 198.51.100.2')).toBe(422);
  });
});
