// The provider's dividends an investment has not recorded, offered as suggestions, and dismissing
// one (POST …/suggestions/dismiss). The mock's market reports what a test gives it as `actions`;
// the Node server's synthetic market reports none, so there every investment gets no suggestions.
import { describe, expect, it } from 'vitest';
import {
  csrf,
  get,
  itMock,
  loginAsDemo,
  plainSplit,
  post,
  put,
  registerFresh,
  startServer,
} from '../support';
import {
  NOVO,
  dismiss,
  dividend,
  holding,
  record,
  reporting,
  split,
  suggestionsOf,
  trade,
} from './reported-actions';

describe('suggested dividends', () => {
  itMock('amount is per share × the shares held on the ex-day, rounded to cents', async () => {
    await reporting(dividend('2026-09-15', 1.2345, 'USD'), dividend('2026-10-15', 0.8355));
    const id = await holding('2026-09-01', 12);
    await record(id, 'sell', trade('2026-10-01', 9));
    expect(await suggestionsOf(id)).toEqual([
      {
        kind: 'dividend',
        date: '2026-10-15',
        per_share: 0.8355,
        currency_code: 'DKK',
        shares: 3,
        amount: 2.51, // 2.5065
      },
      {
        kind: 'dividend',
        date: '2026-09-15',
        per_share: 1.2345,
        currency_code: 'USD',
        shares: 12,
        amount: 14.81, // 14.814
      },
    ]);
  });

  itMock('is not offered for an ex-day still to come', async () => {
    await reporting(dividend('2026-11-02', 1), dividend('2026-11-03', 1));
    const id = await holding('2026-09-01', 10);
    expect(await suggestionsOf(id)).toEqual([
      expect.objectContaining({ kind: 'dividend', date: '2026-11-02' }),
    ]);
  });

  itMock(
    'is gone once a dividend is recorded from the day before the ex-day to 60 days after',
    async () => {
      // Ex-day 2026-08-10: 59 days after is 2026-10-08, 61 days after 2026-10-10.
      await reporting(dividend('2026-08-10', 2));
      const offeredAfter = async (date: string) => {
        const id = await holding('2026-08-01', 10);
        await record(id, 'dividend', { date, amount: 20, currency_code: 'DKK' });
        return suggestionsOf(id);
      };
      const suggested = [expect.objectContaining({ kind: 'dividend', date: '2026-08-10' })];
      expect(await offeredAfter('2026-08-08')).toEqual(suggested);
      expect(await offeredAfter('2026-08-09')).toEqual([]);
      expect(await offeredAfter('2026-08-10')).toEqual([]);
      expect(await offeredAfter('2026-10-08')).toEqual([]);
      expect(await offeredAfter('2026-10-10')).toEqual(suggested);
      // A split is not a dividend.
      const id = await holding('2026-08-01', 10);
      await record(id, 'split', { ...plainSplit(20), date: '2026-08-12' });
      expect(await suggestionsOf(id)).toEqual([
        expect.objectContaining({ kind: 'dividend', shares: 10, amount: 20 }),
      ]);
    },
  );

  itMock(
    'counts a dividend recorded on the 60th day after the ex-day as the provider’s',
    async () => {
      await reporting(dividend('2026-08-10', 2));
      const id = await holding('2026-08-01', 10);
      await record(id, 'dividend', { date: '2026-10-09', amount: 20, currency_code: 'DKK' });
      expect(await suggestionsOf(id)).toEqual([]);
    },
  );
});

describe('suggestions of any backend', () => {
  it('are none where the market reports no splits or dividends', async () => {
    startServer();
    await registerFresh();
    const id = await holding('2026-01-05', 10);
    const answer = await get(`/investments/${id}/suggestions`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ suggestions: [] });
  });

  itMock('are none for an investment without a listing, until one is chosen', async () => {
    startServer({ actions: () => [split('2026-10-01', 2, 1)] });
    await loginAsDemo();
    const { investments } = (await get('/investments')).body as {
      investments: Array<{ id: number; name: string }>;
    };
    // The demo's investments name no listing; its Novo has never sold or split.
    const novo = investments.find((i) => i.name === 'Novo Nordisk B');
    if (!novo) throw new Error('the demo has no Novo Nordisk B');
    expect(await suggestionsOf(novo.id)).toEqual([]);
    const listings = (await get(`/investments/${novo.id}/listings`)).body.listings;
    expect(listings).toEqual([expect.objectContaining({ id: `synthetic:${NOVO}` })]);
    expect((await put(`/investments/${novo.id}/listing`, { listing: listings[0].id })).status).toBe(
      200,
    );
    expect(await suggestionsOf(novo.id)).toEqual([
      expect.objectContaining({ kind: 'split', date: '2026-10-01' }),
    ]);
  });

  it('dismissing answers 422 with Laravel’s messages', async () => {
    startServer();
    await registerFresh();
    const id = await holding('2026-09-01', 10);
    const cases: Array<[unknown, Record<string, string[]>]> = [
      [{}, { kind: ['The kind field is required.'], date: ['The date field is required.'] }],
      [
        { kind: '', date: '   ' },
        { kind: ['The kind field is required.'], date: ['The date field is required.'] },
      ],
      [
        { kind: 'Split', date: '2026-02-30' },
        {
          kind: ['The selected kind is invalid.'],
          date: ['The date field must match the format Y-m-d.'],
        },
      ],
      [{ kind: 'div', date: '2026-10-01' }, { kind: ['The selected kind is invalid.'] }],
      [
        { kind: 'split', date: '01-10-2026' },
        { date: ['The date field must match the format Y-m-d.'] },
      ],
      [{ kind: 'split', date: 20261001 }, { date: ['The date field must be a string.'] }],
      [
        { kind: 'dividend', date: '2026-10-01T00:00:00Z' },
        { date: ['The date field must not be greater than 10 characters.'] },
      ],
    ];
    for (const [body, errors] of cases) {
      const answer = await dismiss(id, body);
      expect(answer.status, JSON.stringify(body)).toBe(422);
      const messages = Object.values(errors).flat();
      const more = messages.length - 1;
      expect(answer.body, JSON.stringify(body)).toEqual({
        message: more === 0 ? messages[0] : `${messages[0]} (and ${more} more error)`,
        errors,
      });
    }
  });

  it('answers 404 for an investment that is not the user’s', async () => {
    startServer();
    await loginAsDemo();
    const demoId = (await get('/investments')).body.investments[0].id as number;
    await post('/auth/logout');
    await registerFresh();
    for (const id of [String(demoId), '999999', 'x7']) {
      const notFound = { message: `No query results for model [App\\Models\\Investment] ${id}` };
      const listed = await get(`/investments/${id}/suggestions`);
      expect(listed.status).toBe(404);
      expect(listed.body).toEqual(notFound);
      const dismissed = await dismiss(id, { kind: 'split', date: '2026-10-01' });
      expect(dismissed.status).toBe(404);
      expect(dismissed.body).toEqual(notFound);
    }
  });

  it('answers 401 without a session', async () => {
    startServer();
    await csrf();
    const unauthenticated = { message: 'Unauthenticated.' };
    const listed = await get('/investments/1/suggestions');
    expect(listed.status).toBe(401);
    expect(listed.body).toEqual(unauthenticated);
    const dismissed = await dismiss(1, { kind: 'split', date: '2026-10-01' });
    expect(dismissed.status).toBe(401);
    expect(dismissed.body).toEqual(unauthenticated);
  });
});
