// The demo's server in front of a built app of one page (its index.html only): for the tests of
// the page the server sends.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StartOptions } from '../../src/server/server';
import { demoDatabase } from './databases';
import { startQuietServer, type QuietServer } from './quiet-server';

/**
 * On the file's kept demo database (`demoDatabase`: a seeded copy, not seeded again by the
 * server; on PostgreSQL the file's pool): a file using it calls `keepDatabasesPerFile()`.
 */
export async function startPageServer(page: string, options: StartOptions): Promise<QuietServer> {
  const appRoot = mkdtempSync(join(tmpdir(), 'formue-app-'));
  writeFileSync(join(appRoot, 'index.html'), page);
  const { url, database } = await demoDatabase();
  return startQuietServer(url, { demo: true, appRoot }, { database, ...options });
}
