// A server's close (SIGTERM, the benchmark's stop) after a first valuation: the replay checkpoints
// written behind the answers are all there for the next start to read (issue 37).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/server/sql/connect';
import { Browser } from './browser';
import { freshDatabaseUrl, postgresUrl } from './databases';
import { startQuietServer } from './quiet-server';

it('closes after writing the checkpoints of the replays behind its last answer', async () => {
  // SQLite in a file: one in memory is gone with the server.
  const url = postgresUrl
    ? await freshDatabaseUrl()
    : `sqlite:${join(mkdtempSync(join(tmpdir(), 'formue-close-')), 'formue.sqlite')}`;
  const { app, origin } = await startQuietServer(url, { demo: true });
  const browser = new Browser(origin);
  expect((await browser.login()).status).toBe(200);
  expect((await browser.send('GET', '/api/v1/user/valuation')).status).toBe(200);
  await app.close();

  const opened = await openDatabase(url);
  const { db } = opened;
  try {
    const investments = await db.selectFrom('investments').select('id').execute();
    const checkpoints = await db.selectFrom('replay_checkpoints').select('investment_id').execute();
    expect(investments.length).toBeGreaterThan(0);
    expect(checkpoints.map((c) => c.investment_id).sort()).toEqual(
      investments.map((i) => i.id).sort(),
    );
  } finally {
    await opened.close();
  }
});
