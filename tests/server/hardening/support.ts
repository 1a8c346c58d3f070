// The hardening tests' servers, each on a fresh database another connection can read too, closed
// after each test; a request as the contract reads it, and a mailer that sends none.
import type { FastifyInstance } from 'fastify';
import { afterEach } from 'vitest';
import type { ContractRequest } from '../../../src/contract/answers';
import type { Mailer } from '../../../src/contract/store';
import { demoDatabase, keepDatabasesPerFile, postgresDemoCopy } from '../databases';
import { startQuietServer } from '../quiet-server';

export const noMail: Mailer = { delivery: 'log', passwordReset: () => Promise.resolve() };

const running: FastifyInstance[] = [];
/** The servers a test started (serve) are closed after it; the file's database after the file. */
export function closeServersAfterEach(): void {
  afterEach(async () => {
    await Promise.all(running.splice(0).map((app) => app.close()));
  });
  keepDatabasesPerFile();
}

export let lastDatabaseUrl = '';

/**
 * A server with the demo account on a fresh database another connection can read too: a copy of
 * the seeded template (a file, not memory), or on PostgreSQL the demo's rows copied back, not
 * seeded again by the server. Its connections are the file's kept pool unless `ownConnections`:
 * a server whose own pool a test breaks.
 */
export async function serve(ownConnections = false): Promise<string> {
  const { url, database } = ownConnections
    ? { url: await postgresDemoCopy(), database: undefined }
    : await demoDatabase();
  lastDatabaseUrl = url;
  const { app, origin } = await startQuietServer(url, { demo: true }, { database });
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
