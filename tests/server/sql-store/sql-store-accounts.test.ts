// The SQL store's users, sessions and login attempts, on SQLite in memory and on PostgreSQL when
// DATABASE_URL names one.
import { describe, expect } from 'vitest';
import type { UserRow } from '../../../src/contract/store';
import { backends, sqlStoreEachTest } from './sql-store-setup';
import { T0 } from './store-script';

describe.each(backends)('SqlStore on $name: users, sessions and login attempts', ({ url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it('creates, finds and updates users; e-mail is case-insensitive and unique', async () => {
    const ann = await sql.store.createUser({
      name: 'Ann',
      email: 'Ann@Example.com',
      passwordHash: 'h1',
    });
    expect(ann).toEqual({ id: ann.id, name: 'Ann', email: 'ann@example.com', passwordHash: 'h1' });
    expect(await sql.store.userById(ann.id)).toEqual(ann);
    expect(await sql.store.userByEmail('ANN@example.COM')).toEqual(ann);
    expect(await sql.store.userById(ann.id + 1000)).toBeUndefined();
    expect(await sql.store.userByEmail('bob@example.com')).toBeUndefined();

    await expect(
      sql.store.createUser({ name: 'Other', email: 'ann@EXAMPLE.com', passwordHash: 'h' }),
    ).rejects.toThrow();

    const updated: UserRow = {
      ...ann,
      name: 'Anne',
      email: 'anne@example.com',
      passwordHash: 'h2',
    };
    await sql.store.updateUser(updated);
    expect(await sql.store.userById(ann.id)).toEqual(updated);
    expect(await sql.store.userByEmail('ann@example.com')).toBeUndefined();
    expect(await sql.store.userByEmail('Anne@example.com')).toEqual(updated);
  });

  it('upserts, finds, prunes and deletes sessions', async () => {
    const { user } = await sql.owner();
    expect(await sql.store.session('nope')).toBeUndefined();
    await sql.store.saveSession({ id: 's1', token: 't1', userId: null, lastSeen: T0 });
    await sql.store.saveSession({ id: 's2', token: 't2', userId: user.id, lastSeen: T0 + 10 });
    expect(await sql.store.session('s1')).toEqual({
      id: 's1',
      token: 't1',
      userId: null,
      lastSeen: T0,
    });

    await sql.store.saveSession({ id: 's1', token: 't1b', userId: user.id, lastSeen: T0 + 5 });
    expect(await sql.store.session('s1')).toEqual({
      id: 's1',
      token: 't1b',
      userId: user.id,
      lastSeen: T0 + 5,
    });
    await sql.store.saveSession({ id: 's1', token: 't1c', userId: null, lastSeen: T0 + 5 });
    expect((await sql.store.session('s1'))?.userId).toBeNull();

    // Last seen exactly at `before` stays.
    await sql.store.pruneSessions(T0 + 10);
    expect(await sql.store.session('s1')).toBeUndefined();
    expect(await sql.store.session('s2')).toEqual({
      id: 's2',
      token: 't2',
      userId: user.id,
      lastSeen: T0 + 10,
    });

    await sql.store.deleteSession('s2');
    await sql.store.deleteSession('never');
    expect(await sql.store.session('s2')).toBeUndefined();
  });

  it('counts login attempts in windows, and clears them', async () => {
    expect(await sql.store.attempts('login|ann|1.2.3.4')).toBeUndefined();
    expect(await sql.store.hitAttempt('login|ann|1.2.3.4', T0, 60_000)).toEqual({
      count: 1,
      resetAt: T0 + 60_000,
    });
    expect(await sql.store.hitAttempt('login|ann|1.2.3.4', T0 + 10, 60_000)).toEqual({
      count: 2,
      resetAt: T0 + 60_000,
    });
    await sql.store.hitAttempt('login|bob|1.2.3.4', T0, 60_000);
    // The window has ended: a new one starts.
    expect(await sql.store.hitAttempt('login|ann|1.2.3.4', T0 + 60_000, 60_000)).toEqual({
      count: 1,
      resetAt: T0 + 120_000,
    });
    await sql.store.clearAttempts('login|ann|1.2.3.4');
    await sql.store.clearAttempts('never');
    expect(await sql.store.attempts('login|ann|1.2.3.4')).toBeUndefined();
    expect(await sql.store.attempts('login|bob|1.2.3.4')).toEqual({
      count: 1,
      resetAt: T0 + 60_000,
    });
  });

  it('counts parallel attempts each, none lost', async () => {
    const hits = await Promise.all(
      Array.from({ length: 40 }, () => sql.store.hitAttempt('login|eve|1.2.3.4', T0, 60_000)),
    );
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });
});
