// The demo's server in front of a built app of one page (its index.html only): for the tests of
// the page the server sends.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartOptions } from '../../src/server/server';
import { freshDatabaseUrl, postgresDemoCopy, postgresUrl } from './databases';
import { startQuietServer, type QuietServer } from './quiet-server';

export async function startPageServer(page: string, options: StartOptions): Promise<QuietServer> {
  const appRoot = mkdtempSync(join(tmpdir(), 'formue-app-'));
  writeFileSync(join(appRoot, 'index.html'), page);
  // On PostgreSQL the demo's rows copied back, not seeded again by the server.
  const url = postgresUrl ? await postgresDemoCopy() : await freshDatabaseUrl();
  return startQuietServer(url, { demo: true, appRoot }, options);
}
