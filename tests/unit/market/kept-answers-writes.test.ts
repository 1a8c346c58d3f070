// When a kept answer's row is written (issue 37): once the contract says it is quiet (no request
// in progress), and only the last row made of each answer.
import { describe, expect, it } from 'vitest';
import { json } from '../../../src/contract/answers';
import { KeptAnswers } from '../../../src/contract/kept-answers';
import type { KeptAnswerRow, KeptAnswerStore } from '../../../src/contract/store/kept-answers';

describe('KeptAnswers writes', () => {
  it('writes nothing until quiet, then the last row of the answer once', async () => {
    const written: KeptAnswerRow[] = [];
    let version = 0;
    const store: KeptAnswerStore = {
      keptAnswer: () => Promise.resolve(undefined),
      keepAnswer: (row) => {
        written.push(row);
        return Promise.resolve();
      },
      // Each call sees the rates moved on: a new fingerprint, so the answer is made again.
      marketVersions: (keys) => Promise.resolve(new Map(keys.map((k) => [k, ++version]))),
    };
    let open!: () => void;
    const quiet = new Promise<void>((resolve) => (open = resolve));
    const kept = new KeptAnswers(
      { store, codeVersion: 'v', ratesKey: 'rates' },
      { snapshot: () => Promise.reject(new Error('no kept answer is found here')) },
      () => Promise.resolve(),
      () => quiet,
    );
    const ask = (now: number, value: number) =>
      kept.answer(
        { userId: 1, now, request: { cookies: { selected_period: 'Forever' } } },
        'valuation',
        { investments: [], portfolios: [] },
        () =>
          Promise.resolve({
            answer: json(200, { value }),
            bounds: { nowUntil: Infinity, startUntil: Infinity },
          }),
      );

    expect((await ask(1_000, 1)).body).toEqual({ value: 1 });
    expect((await ask(2_000, 2)).body).toEqual({ value: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([]);

    open();
    await kept.settled();
    expect(written.map((row) => [row.key, row.madeAt, row.body])).toEqual([
      ['valuation Forever', 2_000, JSON.stringify({ value: 2 })],
    ]);
  });
});
