// The provider's splits an investment has not recorded, offered as suggestions
// (GET /investments/{id}/suggestions), and a pending split in the investments answer. The mock's
// market reports what a test gives it as `actions`.
import { describe, expect } from 'vitest';
import { get, itMock, plainSplit } from '../support';
import {
  dismiss,
  dividend,
  holding,
  record,
  reporting,
  split,
  suggestionsOf,
  trade,
} from './reported-actions';

describe('suggested splits', () => {
  itMock('has the shares held at the start of the ex-day, before and after', async () => {
    await reporting(split('2026-10-01', 3, 2));
    const id = await holding('2026-09-01', 10);
    await record(id, 'sell', trade('2026-09-15', 4));
    // Bought on the ex-day itself: after the split applied, so not part of it.
    await record(id, 'buy', trade('2026-10-01', 5));
    expect(await get(`/investments/${id}/suggestions`)).toMatchObject({
      status: 200,
      body: {
        suggestions: [
          {
            kind: 'split',
            date: '2026-10-01',
            numerator: 3,
            denominator: 2,
            shares_before: 6,
            shares_after: 9,
          },
        ],
      },
    });
  });

  itMock('is not offered before the first trade, nor while everything was sold', async () => {
    await reporting(
      split('2026-08-01', 2, 1),
      split('2026-09-01', 2, 1),
      split('2026-09-20', 2, 1),
      split('2026-10-20', 2, 1),
    );
    // First bought on 2026-09-01: at 12:00, after the split of that day.
    const id = await holding('2026-09-01', 10);
    await record(id, 'sell', trade('2026-09-10', 10));
    await record(id, 'buy', trade('2026-10-01', 4));
    expect(await suggestionsOf(id)).toEqual([
      {
        kind: 'split',
        date: '2026-10-20',
        numerator: 2,
        denominator: 1,
        shares_before: 4,
        shares_after: 8,
      },
    ]);
  });

  itMock('is gone once the split is recorded on its day', async () => {
    await reporting(split('2026-10-01', 2, 1), dividend('2026-10-15', 1.5));
    const id = await holding('2026-09-01', 10);
    expect(await suggestionsOf(id)).toEqual([
      {
        kind: 'dividend',
        date: '2026-10-15',
        per_share: 1.5,
        currency_code: 'DKK',
        shares: 10,
        amount: 15,
      },
      {
        kind: 'split',
        date: '2026-10-01',
        numerator: 2,
        denominator: 1,
        shares_before: 10,
        shares_after: 20,
      },
    ]);
    await record(id, 'split', { ...plainSplit(20), date: '2026-10-01' });
    // The dividend after it is on the shares the split made.
    expect(await suggestionsOf(id)).toEqual([
      {
        kind: 'dividend',
        date: '2026-10-15',
        per_share: 1.5,
        currency_code: 'DKK',
        shares: 20,
        amount: 30,
      },
    ]);
  });

  itMock('counts a split recorded up to 7 days before the ex-day as the provider’s', async () => {
    await reporting(split('2026-10-01', 2, 1));
    const within = await holding('2026-09-01', 10);
    await record(within, 'split', { ...plainSplit(20), date: '2026-09-24' });
    expect(await suggestionsOf(within)).toEqual([]);
    const before = await holding('2026-09-01', 10);
    await record(before, 'split', { ...plainSplit(20), date: '2026-09-23' });
    expect(await suggestionsOf(before)).toEqual([
      expect.objectContaining({ kind: 'split', shares_before: 20, shares_after: 40 }),
    ]);
    const after = await holding('2026-09-01', 10);
    await record(after, 'split', { ...plainSplit(20), date: '2026-10-07' });
    expect(await suggestionsOf(after)).toEqual([]);
  });

  itMock('counts a split recorded on the 7th day after the ex-day as the provider’s', async () => {
    await reporting(split('2026-10-01', 2, 1));
    const seventh = await holding('2026-09-01', 10);
    await record(seventh, 'split', { ...plainSplit(20), date: '2026-10-08' });
    expect(await suggestionsOf(seventh)).toEqual([]);
    const eighth = await holding('2026-09-01', 10);
    await record(eighth, 'split', { ...plainSplit(20), date: '2026-10-09' });
    expect(await suggestionsOf(eighth)).toEqual([
      expect.objectContaining({ kind: 'split', date: '2026-10-01' }),
    ]);
  });

  itMock('is gone once dismissed, for that kind and day and investment only', async () => {
    await reporting(split('2026-10-01', 2, 1), dividend('2026-10-01', 2));
    const id = await holding('2026-09-01', 10);
    const other = await holding('2026-09-01', 5);
    expect((await suggestionsOf(id)).map((s) => (s as { kind: string }).kind)).toEqual([
      'split',
      'dividend',
    ]);
    const other204 = await dismiss(id, { kind: 'split', date: '2026-10-02' });
    expect(other204.status).toBe(204);
    expect(await suggestionsOf(id)).toHaveLength(2);

    const dismissed = await dismiss(id, { kind: 'split', date: '2026-10-01' });
    expect(dismissed.status).toBe(204);
    expect(dismissed.body).toBeUndefined();
    expect(await suggestionsOf(id)).toEqual([expect.objectContaining({ kind: 'dividend' })]);
    expect(await suggestionsOf(other)).toHaveLength(2);
    // Again: nothing changes. Strings are trimmed, as Laravel's TrimStrings does.
    expect((await dismiss(id, { kind: ' split ', date: ' 2026-10-01 ' })).status).toBe(204);
    expect((await dismiss(id, { kind: 'dividend', date: '2026-10-01' })).status).toBe(204);
    expect(await suggestionsOf(id)).toEqual([]);
    // Dismissing records nothing.
    expect((await get('/investments/events')).body.events).toHaveLength(2);
  });
});

describe('a pending split in the investments answer', () => {
  const investmentOf = async (id: number) => {
    const answer = await get('/investments');
    expect(answer.status).toBe(200);
    return (answer.body.investments as { id: number; pending_split?: unknown }[]).find(
      (i) => i.id === id,
    );
  };

  itMock('is the newest split not recorded, until it is recorded', async () => {
    await reporting(
      split('2026-09-10', 3, 2),
      split('2026-10-01', 2, 1),
      dividend('2026-10-15', 1),
    );
    const id = await holding('2026-09-01', 10);
    expect((await investmentOf(id))?.pending_split).toEqual({
      date: '2026-10-01',
      numerator: 2,
      denominator: 1,
      shares_before: 10,
      shares_after: 20,
    });
    await record(id, 'split', { ...plainSplit(20), date: '2026-10-01' });
    expect(await investmentOf(id)).toMatchObject({
      pending_split: { date: '2026-09-10', shares_before: 10, shares_after: 15 },
    });
    await dismiss(id, { kind: 'split', date: '2026-09-10' });
    expect(await investmentOf(id)).not.toHaveProperty('pending_split');
  });
});
