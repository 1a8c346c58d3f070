// Corrections and deletions of events, which replay the ledger; on both backends.
import { describe, expect, it } from 'vitest';
import { get, post, put, registerFresh } from '../support';
import { del, events, holding, stats, trade } from './holding';

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
