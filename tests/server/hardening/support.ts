// The hardening tests' servers, each on a fresh database another connection can read too, closed
// after each test; a request as the contract reads it, and a mailer that sends none.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import type { ContractRequest } from '../../../src/contract/answers';
import type { Mailer } from '../../../src/contract/store';
import { postgresDemoCopy, postgresUrl } from '../databases';
import { startQuietServer } from '../quiet-server';

export const noMail: Mailer = { delivery: 'log', passwordReset: () => Promise.resolve() };

const running: FastifyInstance[] = [];
/** The servers a test started (serve) are closed after it. */
export function closeServersAfterEach(): void {
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });
}

export let lastDatabaseUrl = '';

/** A server on a fresh database another connection can read too (a file, not memory). */
export async function serve(): Promise<string> {
  // On PostgreSQL the demo's rows copied back, not seeded again by the server.
  lastDatabaseUrl = postgresUrl
    ? await postgresDemoCopy()
    : `sqlite:${join(mkdtempSync(join(tmpdir(), 'formue-hard-')), 'db.sqlite')}`;
  const { app, origin } = await startQuietServer(lastDatabaseUrl, { demo: true });
  running.push(app);
  return origin;
}

export function request(
  method: string,
  path: string,
  cookies: Record<string, string>,
  body: unknown = {},
  headers: Record<string, string> = {},
): ContractRequest {
  const sent = new Map(
    Object.entries({ 'Content-Type': 'application/json', ...headers }).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  );
  return {
    method,
    path,
    query: {},
    header: (name) =>
      name.toLowerCase() === 'x-xsrf-token' ? cookies['XSRF-TOKEN'] : sent.get(name.toLowerCase()),
    cookies,
    body: () => Promise.resolve({ text: JSON.stringify(body) }),
    address: '127.0.0.1',
  };
}
