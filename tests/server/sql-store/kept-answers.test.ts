// The home's kept answers as rows (src/server/sql/store/kept-answers.ts, migrations 0018 and 0019):
// read back as kept, with a Forever answer's start that never moves and a chart kept without a
// benchmark line, which keeps the day the default benchmark is wanted from.
import { describe, expect } from 'vitest';
import type { KeptAnswerRow } from '../../../src/contract/store/kept-answers';
import { sqlKeptAnswers } from '../../../src/server/sql/store/kept-answers';
import { backends, sqlStoreEachTest } from './sql-store-setup';
import { recorded } from './two-handles';

describe.each(backends)('Kept answers on $name', ({ url }) => {
  const { it, sql } = sqlStoreEachTest(url);

  it('are read back as kept, replaced by the next of the same key', async () => {
    const { user } = await sql.owner();
    const kept = sqlKeptAnswers(sql.opened!.db);
    const forever: KeptAnswerRow = {
      userId: user.id,
      key: 'valuation Forever',
      fingerprint: '["a"]',
      madeAt: 1_764_500_000_123.5,
      nowUntil: 1_764_550_000_000,
      startUntil: Infinity,
      body: '{"valuation":{}}',
    };
    const lineless: KeptAnswerRow = {
      ...forever,
      key: 'chart Year',
      startUntil: 1_767_225_600_000,
      body: '{"chart":[]}',
      benchmarkSince: '2020-03-02',
    };
    await kept.keepAnswer(forever);
    await kept.keepAnswer(lineless);
    expect(await kept.keptAnswer(user.id, 'valuation Forever')).toEqual(forever);
    expect(await kept.keptAnswer(user.id, 'chart Year')).toEqual(lineless);

    // Made again once the benchmark is placed: with its line, and no day kept.
    const { benchmarkSince: _, ...withLine } = { ...lineless, body: '{"chart":[],"benchmark":{}}' };
    await kept.keepAnswer(withLine);
    expect(await kept.keptAnswer(user.id, 'chart Year')).toEqual(withLine);
    expect(await kept.keptAnswer(user.id, 'chart Month')).toBeUndefined();
  });

  it('looked for by a page’s calls together are one statement per user', async () => {
    const { user } = await sql.owner();
    const other = await sql.store.createUser({
      name: 'Bob',
      email: 'bob@example.com',
      passwordHash: 'x',
    });
    const { spied, statements } = recorded(sql.opened!.db);
    const kept = sqlKeptAnswers(spied);
    const row = (userId: number, key: string): KeptAnswerRow => ({
      userId,
      key,
      fingerprint: '["a"]',
      madeAt: 1_764_500_000_000,
      nowUntil: 1_764_550_000_000,
      startUntil: Infinity,
      body: `{"${key}":${userId}}`,
    });
    await kept.keepAnswer(row(user.id, 'valuation Forever'));
    await kept.keepAnswer(row(user.id, 'chart Year'));
    await kept.keepAnswer(row(other.id, 'valuation Forever'));
    const asked = [
      [user.id, 'valuation Forever'],
      [user.id, 'valuation Year'],
      [user.id, 'chart Year'],
      [other.id, 'valuation Forever'],
      [other.id, 'chart Year'],
    ] as const;
    const found = await Promise.all(asked.map(([userId, key]) => kept.keptAnswer(userId, key)));
    expect(found).toEqual([
      row(user.id, 'valuation Forever'),
      undefined,
      row(user.id, 'chart Year'),
      row(other.id, 'valuation Forever'),
      undefined,
    ]);
    expect(statements.filter((text) => text.startsWith('select')).length).toBe(2);
  });
});
