// A page's calls arrive together with one session cookie: their session reads, asked in one turn
// of the event loop, are one statement (issue 37). A read is shared only until it is sent, so a
// change another process commits before a request arrives is in that request's answer. Two
// handles on one database stand for two server processes.
import { describe, expect, it } from 'vitest';
import { SqlStore } from '../../../src/server/sql/sql-store';
import { recorded, twoHandles } from './two-handles';

const SESSION = 'session-of-ann';
const OTHER = 'session-of-bob';

const { backends, open } = twoHandles('formue-sessions-');

/** Process one (its statements recorded) and process two, Ann's and Bob's sessions. */
async function twoProcesses(url: string, held?: () => Promise<void>) {
  const { one, two } = await open(url);
  const storeTwo = new SqlStore(two.db, two.dialect);
  for (const [id, email] of [
    [SESSION, 'ann@example.com'],
    [OTHER, 'bob@example.com'],
  ]) {
    const user = await storeTwo.createUser({ name: email, email, passwordHash: 'x' });
    await storeTwo.saveSession({ id, token: 't', userId: user.id, lastSeen: Date.now() });
  }
  const { spied, statements } = recorded(one.db, held);
  const store = new SqlStore(spied, one.dialect);
  /** A request's session read, as the contract asks it first. */
  const session = (id: string) => store.forRequest().session(id);
  const sessionReads = () =>
    statements.filter((statement) => statement.includes('from "sessions"')).length;
  return { session, sessionReads, storeTwo };
}

describe.each(backends)(
  'Session reads shared by requests arriving together on $name',
  ({ url }) => {
    it('are one statement for a page’s calls with one cookie, one per cookie', async () => {
      const { session, sessionReads } = await twoProcesses(await url());
      const read = await Promise.all([
        session(SESSION),
        session(SESSION),
        session(SESSION),
        session(OTHER),
      ]);
      expect(read.map((found) => found?.id)).toEqual([SESSION, SESSION, SESSION, OTHER]);
      expect(sessionReads()).toBe(2);
    });

    it('show a session another process ended at the next request', async () => {
      const { session, storeTwo } = await twoProcesses(await url());
      expect(await session(SESSION)).toMatchObject({ id: SESSION });
      await storeTwo.deleteSession(SESSION);
      expect(await session(SESSION)).toBeUndefined();
    });

    it('are never joined once sent: a request arriving after the end is told of it', async () => {
      // Process one's answers wait until released: its first read stays in flight meanwhile.
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const { session, sessionReads, storeTwo } = await twoProcesses(await url(), () => gate);
      const before = session(SESSION);
      // The turn ends: the read is sent (it may or may not see what is committed next).
      await new Promise((resolve) => setImmediate(resolve));
      await storeTwo.deleteSession(SESSION);
      // Asked while the first is in flight: joining it could answer with the ended session.
      const after = session(SESSION);
      release();
      await before;
      expect(await after).toBeUndefined();
      expect(sessionReads()).toBe(2);
    });
  },
);
