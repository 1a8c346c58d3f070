// The warm-up before a server listens (issue 37): the home's code run on a built-in account of its
// own, answered whole, while the server's database is left as it was.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_CALLS } from '../../src/contract/first-calls';
import { openDatabase } from '../../src/server/sql/connect';
import { WARM_ROUNDS, warmUp } from '../../src/server/warm-up';
import { startQuietServer, type QuietServer } from './quiet-server';

const running: QuietServer[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map(({ app }) => app.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the warm-up at start', () => {
  it("answers the home's first calls for each period in every round from stored prices on ledgers of thousands of events, asks no provider, and leaves the server's database as it was", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'formue-warm-up-'));
    dirs.push(dir);
    const url = `sqlite:${join(dir, 'formue.sqlite')}`;
    const server = await startQuietServer(url, {}, { warmUp: true });
    running.push(server);

    const warmed = await warmUp(server.app);
    expect(warmed).toEqual({
      answered: WARM_ROUNDS * 2 * (FIRST_CALLS['/home'] ?? []).length,
      events: expect.any(Number),
      providersAsked: [],
    });
    // Ledgers as long as a real account's (the demo's own has 90 events), so that the loops run
    // once per event are compiled for a user's first home.
    expect(warmed.events).toBeGreaterThan(2000);
    const opened = await openDatabase(url);
    try {
      const count = async (table: 'users' | 'sessions' | 'investments') =>
        (await opened.db.selectFrom(table).selectAll().execute()).length;
      expect([await count('users'), await count('sessions'), await count('investments')]).toEqual([
        0, 0, 0,
      ]);
    } finally {
      await opened.close();
    }
  });
});
