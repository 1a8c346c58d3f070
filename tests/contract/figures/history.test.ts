// Real history: events dated in the past, number limits, deleting investments and portfolios, and
// the ledger replayed after any change; on both backends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { get, NOW, post, put, registerFresh, startServer, BACKEND } from '../support';
import { del, events, holding, stats, trade } from './holding';

const TODAY = new Date(NOW).toISOString().slice(0, 10);

describe('dated events', () => {
  it('books a back-dated buy on its day, listed under its date and counted in Forever', async () => {
    const id = await holding(trade(10, 100, '2024-01-15'));
    const buy = await post(`/investments/${id}/events/buy`, trade(5, 120, '2025-03-01'));
    expect(buy.status).toBe(201);
    expect(buy.body.data.date.slice(0, 10)).toBe('2025-03-01');
    const dates = (await events()).map((e: { date: string }) => e.date.slice(0, 10));
    expect(dates).toEqual(['2025-03-01', '2024-01-15']);
    expect(await stats(id)).toMatchObject({ shares: 15, costs: 1600 });
  });

  it('without a date books the event now', async () => {
    const id = await holding();
    const buy = await post(`/investments/${id}/events/buy`, trade(1, 100));
    expect(buy.body.data.date).toBe(new Date(NOW).toISOString());
  });

  it.each([
    ['15/01/2024', 'The date field must match the format Y-m-d.'],
    ['2024-02-30', 'The date field must match the format Y-m-d.'],
    ['1969-12-31', 'The date field must be a date after or equal to 1970-01-01.'],
    ['2099-01-01', 'The date field must be a date before or equal to today.'],
  ])('refuses the date %s', async (date, message) => {
    const id = await holding();
    const answer = await post(`/investments/${id}/events/buy`, trade(1, 100, date));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ date: [message] });
  });

  it('refuses a sell before the shares were bought, naming the date', async () => {
    const id = await holding(trade(10, 100, TODAY));
    const answer = await post(`/investments/${id}/events/sell`, trade(1, 100, '2024-01-01'));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      shares: ['The shares field must not be greater than 0, the shares held on 2024-01-01.'],
    });
  });

  it('refuses a back-dated sell that would break a later one, naming it', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    expect((await post(`/investments/${id}/events/sell`, trade(8, 120))).status).toBe(201);
    const answer = await post(`/investments/${id}/events/sell`, trade(5, 110, '2025-01-01'));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      date: [`This would leave 5 shares for the sale of ${TODAY}, which sells 8.`],
    });
    expect(await stats(id)).toMatchObject({ shares: 2 });
  });

  it('keeps the order of entry for events of one day', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    await post(`/investments/${id}/events/sell`, trade(4, 110, '2024-06-01'));
    await post(`/investments/${id}/events/sell`, trade(6, 120, '2024-06-01'));
    // The second sell of the day sold what was left: a later buy starts a fresh average.
    await post(`/investments/${id}/events/buy`, trade(1, 90, '2024-06-01'));
    expect(await stats(id)).toMatchObject({ shares: 1, costs: 90 });
  });
});

describe('number limits', () => {
  it.each([
    ['shares', { ...trade(0.123456789, 100) }, 'The shares field must have 0-8 decimal places.'],
    [
      'share_price',
      { ...trade(1, 12.1234567) },
      'The share price field must have 0-6 decimal places.',
    ],
    ['fee', { ...trade(1, 12), fee: '0.0000001' }, 'The fee field must have 0-6 decimal places.'],
  ])('refuses too many decimals in %s', async (field, body, message) => {
    const id = await holding();
    const answer = await post(`/investments/${id}/events/buy`, body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ [field]: [message] });
  });

  it('refuses a share count a double cannot hold as sent, not storing it rounded', async () => {
    const id = await holding();
    const buy = (shares: string) =>
      post(
        `/investments/${id}/events/buy`,
        `{"shares":${shares},"share_price":1,"fee":0,"currency_code":"DKK"}`,
      );
    const refused = await buy('999999999.99999999');
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      shares: ['The shares field must not have more than 15 significant digits.'],
    });
    const quoted = await buy('"999999999.99999999"');
    expect(quoted.body.errors).toEqual(refused.body.errors);
    const kept = await buy('9999999.99999999');
    expect(kept.status).toBe(201);
    expect(kept.body.data.shares).toBe(9999999.99999999);
  });

  it('refuses an absurd split instead of showing Infinity:1', async () => {
    const id = await holding();
    const answer = await post(`/investments/${id}/events/split`, {
      shares_after: 1e-307,
      currency_code: 'DKK',
    });
    expect(answer.body.errors).toEqual({
      shares_after: ['The shares after field must have 0-8 decimal places.'],
    });
  });

  it('keeps 8 decimals of crypto units exactly', async () => {
    startServer();
    await registerFresh();
    const portfolio = await post('/portfolios', { name: 'Crypto' });
    const created = await post('/investments', {
      investment: { portfolio_id: portfolio.body.data.id, name: 'Bitcoin' },
      instrument: { type: 'crypto', isin: 'BTC' },
      buy_event: { shares: 0.00412345, share_price: 368356.85, currency_code: 'DKK' },
    });
    expect(created.status).toBe(201);
    expect(created.body.data.shares).toBe(0.00412345);
  });
});

describe('deleting investments and portfolios', () => {
  it('an investment goes with its events', async () => {
    const id = await holding();
    expect((await del(`/investments/${id}`)).status).toBe(204);
    expect((await get('/investments')).body.investments).toEqual([]);
    expect(await events()).toEqual([]);
    expect((await get('/user/valuation')).body.valuation.value.value).toBe(0);
  });

  it('a portfolio goes with its investments and their events', async () => {
    await holding();
    const [portfolio] = (await get('/portfolios')).body.portfolios;
    expect((await del(`/portfolios/${portfolio.id}`)).status).toBe(204);
    expect((await get('/portfolios')).body.portfolios).toEqual([]);
    expect((await get('/investments')).body.investments).toEqual([]);
    expect(await events()).toEqual([]);
  });
});

describe('replaying after any change', () => {
  type Step = ReturnType<typeof trade> & { kind: 'buy' | 'sell' };
  // Buys and sells on distinct days; a sell never sells more than held at its day.
  const ledger = fc
    .array(fc.record({ buy: fc.boolean(), shares: fc.integer({ min: 1, max: 5 }) }), {
      minLength: 2,
      maxLength: 6,
    })
    .map((steps) => {
      let held = 0;
      return steps.map(({ buy, shares }, day): Step => {
        const date = `2024-0${1 + Math.floor(day / 2)}-${10 + (day % 2) * 10}`;
        if (buy || held === 0) {
          held += shares;
          return { kind: 'buy', ...trade(shares, 100 + day, date) };
        }
        const sold = Math.min(shares, held);
        held -= sold;
        return { kind: 'sell', ...trade(sold, 110 + day, date) };
      });
    });

  async function enter(history: Step[]) {
    const [first, ...rest] = history;
    const { kind: _first, ...firstBuy } = first;
    const id = await holding(firstBuy);
    for (const { kind, ...event } of rest)
      expect((await post(`/investments/${id}/events/${kind}`, event)).status).toBe(201);
    return id;
  }

  it('editing an event gives the figures of the edited history entered from scratch', async () => {
    await fc.assert(
      fc.asyncProperty(
        ledger,
        fc.nat(),
        fc.integer({ min: -2, max: 2 }),
        fc.integer({ min: 1, max: 20 }),
        async (history, pick, moreShares, newPrice) => {
          const id = await enter(history);
          // Figures read first, so a kept replay of the old history must be noticed as stale.
          await stats(id);
          const listed = await events();
          const victim = listed[pick % listed.length];
          const index = history.findIndex((e) => e.date === victim.date.slice(0, 10));
          const { kind, ...old } = history[index];
          const edited = trade(Math.max(1, old.shares + moreShares), newPrice, old.date);
          const answer = await put(`/investments/events/${victim.id}`, edited);
          // Refused: a later sale would sell more than the edited history holds.
          if (answer.status === 422) return;
          expect(answer.status).toBe(200);
          const after = await stats(id);
          const fresh = await enter(history.with(index, { kind, ...edited }));
          expect(await stats(fresh)).toEqual(after);
        },
      ),
      { numRuns: BACKEND === 'server' ? 6 : 20 },
    );
  });

  it('reading the figures after each new event gives those of the history read once at its end', async () => {
    await fc.assert(
      fc.asyncProperty(ledger, async (history) => {
        const [first, ...rest] = history;
        const { kind: _first, ...firstBuy } = first;
        const id = await holding(firstBuy);
        for (const { kind, ...event } of rest) {
          // Each read keeps a replay, which the next event extends.
          await stats(id);
          expect((await post(`/investments/${id}/events/${kind}`, event)).status).toBe(201);
        }
        const after = await stats(id);
        const fresh = await enter(history);
        expect(await stats(fresh)).toEqual(after);
      }),
      { numRuns: BACKEND === 'server' ? 6 : 20 },
    );
  });

  it('deleting an event gives the figures of the history entered without it', async () => {
    await fc.assert(
      fc.asyncProperty(ledger, fc.nat(), async (history, pick) => {
        const id = await enter(history);
        await stats(id);
        const listed = await events();
        const victim = listed[pick % listed.length];
        const deleted = await del(`/investments/events/${victim.id}`);
        const remaining = history.filter((e) => e.date !== victim.date.slice(0, 10));
        if (deleted.status === 422 || remaining.length === 0 || remaining[0].kind !== 'buy') return; // refused: the history it would leave does not replay
        expect(deleted.status).toBe(204);
        const after = await stats(id);
        const fresh = await enter(remaining);
        expect(await stats(fresh)).toEqual(after);
      }),
      { numRuns: BACKEND === 'server' ? 6 : 20 },
    );
  });
});
