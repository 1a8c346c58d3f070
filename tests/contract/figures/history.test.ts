// @vitest-environment jsdom
// Real history: events dated in the past, corrections and deletions that replay the ledger, and
// deleting investments and portfolios; on both backends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  get,
  NOW,
  post,
  put,
  registerFresh,
  send,
  setCookie,
  startServer,
  BACKEND,
} from '../support';

const TODAY = new Date(NOW).toISOString().slice(0, 10);
const del = (path: string) => send('DELETE', path);
const trade = (shares: number, share_price: number, date?: string) => ({
  shares,
  share_price,
  fee: 0,
  currency_code: 'DKK',
  ...(date ? { date } : {}),
});

/** A fresh account with one Novo Nordisk B investment whose first buy is `first`. */
async function holding(first = trade(10, 100)): Promise<number> {
  startServer({ prices: () => 150 });
  await registerFresh();
  setCookie('selected_period', 'Forever');
  const portfolio = await post('/portfolios', { name: 'History' });
  const investment = await post('/investments', {
    investment: { portfolio_id: portfolio.body.data.id, name: 'Novo' },
    instrument: { type: 'stock', isin: 'DK0062498333' },
    buy_event: first,
  });
  expect(investment.status).toBe(201);
  return Number(investment.body.data.id);
}

interface Listed {
  id: number;
  investment_id: number;
  type: string;
  date: string;
}
const stats = async (id: number): Promise<Record<string, number>> =>
  (await get(`/investments/${id}/stats`)).body.statistics as Record<string, number>;
const events = async (): Promise<Listed[]> =>
  (await get('/investments/events')).body.events as Listed[];

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

/** A split to 5 shares that sold 1 at 30 EUR, with a 2 EUR fee. */
const SPLIT_WITH_SALE = {
  shares_after: 5,
  fee: 2,
  currency_code: 'EUR',
  sold_shares: 1,
  sold_share_price: 30,
  hide: false,
};

describe('corrections', () => {
  it('an edited price changes the statistics', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    const [first] = await events();
    const answer = await put(`/investments/events/${first.id}`, trade(10, 90, '2024-01-01'));
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: first.id, stock_price: 90, shares: 10 });
    expect(await stats(id)).toMatchObject({ costs: 900, unrealised: 600 });
  });

  it('an edit that would break a later event is refused and changes nothing', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    await post(`/investments/${id}/events/sell`, trade(8, 120, '2025-01-01'));
    const buy = (await events()).find((e) => e.type === 'buy')!;
    const answer = await put(`/investments/events/${buy.id}`, trade(5, 100, '2024-01-01'));
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      date: ['This would leave 5 shares for the sale of 2025-01-01, which sells 8.'],
    });
    expect(await stats(id)).toMatchObject({ shares: 2, costs: 200 });
  });

  it('a deleted event disappears and its figures revert', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    const before = await stats(id);
    const sell = await post(`/investments/${id}/events/sell`, trade(4, 120, '2025-01-01'));
    expect(await stats(id)).toMatchObject({ shares: 6 });
    expect((await del(`/investments/events/${sell.body.data.id}`)).status).toBe(204);
    expect(await stats(id)).toEqual(before);
    expect((await events()).map((e: { id: number }) => e.id)).not.toContain(sell.body.data.id);
  });

  it('a deletion that would break a later event is refused, says why and keeps the data', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    await post(`/investments/${id}/events/sell`, trade(8, 120, '2025-01-01'));
    const buy = (await events()).find((e) => e.type === 'buy')!;
    const answer = await del(`/investments/events/${buy.id}`);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'This would leave 0 shares for the sale of 2025-01-01, which sells 8.',
      errors: { event: ['This would leave 0 shares for the sale of 2025-01-01, which sells 8.'] },
    });
    expect(await events()).toHaveLength(2);
  });

  it('a split replayed after an earlier edit keeps its shares before in step', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    const split = await post(`/investments/${id}/events/split`, {
      shares_after: 40,
      fee: 0,
      currency_code: 'DKK',
      sold_shares: 0,
      sold_share_price: 0,
      hide: false,
      date: '2025-01-01',
    });
    expect(split.body.data).toMatchObject({ from_shares: 10, to_shares: 40 });
    await post(`/investments/${id}/events/buy`, trade(10, 100, '2024-06-01'));
    const listed = (await events()).find((e) => e.type === 'split');
    expect(listed).toMatchObject({ from_shares: 20, to_shares: 40 });
  });

  it('an event reads back as entered: its currency, fee and own amounts', async () => {
    await holding(trade(10, 100, '2024-01-01'));
    const [first] = await events();
    const id = first.investment_id;
    const entered = { shares: 2, share_price: 185.5, fee: 1.25, currency_code: 'USD' };
    const bought = await post(`/investments/${id}/events/buy`, { ...entered, date: '2024-02-01' });
    const split = await post(`/investments/${id}/events/split`, SPLIT_WITH_SALE);
    const shown = await get(`/investments/events/${bought.body.data.id}`);
    expect(shown.body).toEqual({
      event: {
        id: bought.body.data.id,
        investment_id: id,
        type: 'buy',
        date: '2024-02-01T12:00:00.000Z',
        ...entered,
        exchange_rate: null,
      },
    });
    expect((await get(`/investments/events/${split.body.data.id}`)).body.event).toMatchObject({
      type: 'split',
      ...SPLIT_WITH_SALE,
    });
  });

  it('the list gives each event as entered beside its DKK figures, not converted', async () => {
    const id = await holding(trade(10, 100, '2024-01-01'));
    await post(`/investments/${id}/events/buy`, {
      shares: 0.25,
      share_price: 17300,
      fee: 5,
      currency_code: 'USD',
      date: '2024-02-01',
    });
    await post(`/investments/${id}/events/dividend`, { amount: 20, currency_code: 'EUR' });
    await post(`/investments/${id}/events/split`, SPLIT_WITH_SALE);
    const listed = (await get('/investments/events')).body.events as Array<
      Record<string, unknown> & { total_value: number; entered: unknown }
    >;
    const byType = (type: string) => listed.find((e) => e.type === type);
    expect(byType('split')?.entered).toEqual({
      currency_code: 'EUR',
      stock_price: 30,
      total_value: 30,
    });
    expect(byType('div')?.entered).toEqual({
      currency_code: 'EUR',
      stock_price: 0,
      total_value: 20,
    });
    const buys = listed.filter((e) => e.type === 'buy');
    expect(buys.map((e) => e.entered)).toEqual([
      { currency_code: 'USD', stock_price: 17300, total_value: 4325 },
      { currency_code: 'DKK', stock_price: 100, total_value: 1000 },
    ]);
    // The DKK figures are the converted ones: the same amounts, not the same numbers.
    expect(buys[0].total_value).not.toBe(4325);
    expect(buys[1].total_value).toBe(1000);
  });

  it("a foreign trade with the broker's rate costs in DKK what the broker charged", async () => {
    const id = await holding(trade(1, 100, '2024-01-01'));
    const bought = await post(`/investments/${id}/events/buy`, {
      shares: 1,
      share_price: 100,
      fee: 1,
      currency_code: 'USD',
      exchange_rate: 7,
      date: '2024-02-01',
    });
    expect(bought.status).toBe(201);
    // 100 + 1 USD at 7 DKK, whatever the reference rate of that day was.
    expect(bought.body.data).toMatchObject({
      stock_price: 700,
      total_value: 700,
      entered: { currency_code: 'USD', stock_price: 100, total_value: 100 },
    });
    expect((await get(`/investments/${id}/stats`)).body.statistics.costs).toBe(100 + 700);
    const shown = await get(`/investments/events/${bought.body.data.id}`);
    expect(shown.body.event).toMatchObject({ currency_code: 'USD', exchange_rate: 7 });
    // A correction without the field keeps the rate; null clears it.
    await put(`/investments/events/${bought.body.data.id}`, {
      shares: 2,
      share_price: 100,
      currency_code: 'USD',
    });
    expect((await get(`/investments/events/${bought.body.data.id}`)).body.event.exchange_rate).toBe(
      7,
    );
    const refused = await post(`/investments/${id}/events/buy`, {
      ...trade(1, 1),
      currency_code: 'USD',
      exchange_rate: 0,
    });
    expect(refused.body.errors).toEqual({
      exchange_rate: ['The exchange rate field must be greater than 0.'],
    });
  });

  it("another user's event, investment and portfolio are unknown (404)", async () => {
    const id = await holding();
    const [event] = await events();
    const { portfolio_id: portfolioId } = (await get('/investments')).body.investments[0];
    await post('/auth/logout');
    await registerFresh();
    expect((await put(`/investments/events/${event.id}`, trade(1, 1))).status).toBe(404);
    expect((await get(`/investments/events/${event.id}`)).status).toBe(404);
    expect((await del(`/investments/events/${event.id}`)).body).toEqual({
      message: `No query results for model [App\\Models\\Event] ${event.id}`,
    });
    expect((await del(`/investments/${id}`)).status).toBe(404);
    expect((await del(`/portfolios/${portfolioId}`)).status).toBe(404);
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
