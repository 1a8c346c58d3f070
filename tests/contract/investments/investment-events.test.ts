// Investments' events: ledger refusals, currency conversion at the event's time, hidden splits;
// other users' ids; currencies and the identifier's check.
import { describe, expect, it } from 'vitest';
import { rateToDkk } from '../../../src/domain/market';
import {
  createHolding,
  get,
  loginAsDemo,
  NOW,
  patch,
  post,
  put,
  registerFresh,
  startServer,
} from '../support';

describe('events', () => {
  it('buy answers 201 with the transaction', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/buy`, {
      shares: 2,
      share_price: 10.5,
      fee: 1,
      currency_code: 'DKK',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toEqual({
      id: expect.any(Number),
      investment_id: investmentId,
      type: 'buy',
      stock_name: 'Novo',
      total_value: 21,
      stock_price: 10.5,
      shares: 2,
      date: new Date(NOW).toISOString(),
      from_shares: null,
      to_shares: null,
      entered: { currency_code: 'DKK', stock_price: 10.5, total_value: 21 },
    });
    expect((await get('/investments')).body.investments[0].shares).toBe(12);
  });

  it('with x-validate-only: 1 an event is checked (same refusals) and not created', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const sell = (shares: number) =>
      post(
        `/investments/${investmentId}/events/sell`,
        { shares, share_price: 1, currency_code: 'DKK' },
        { 'x-validate-only': '1' },
      );
    expect((await sell(11)).status).toBe(422);
    const answer = await sell(4);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: null });
    expect((await get('/investments')).body.investments[0].shares).toBe(10);
    expect((await get('/investments/events')).body.events).toHaveLength(1);
  });

  it('selling more than held is a 422 on shares that says how many are held', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/sell`, {
      shares: 11,
      share_price: 1,
      fee: 0,
      currency_code: 'DKK',
    });
    expect(answer.status).toBe(422);
    expect(answer.body.errors.shares[0]).toMatch(/10\b.*held/);
    expect((await get('/investments/events')).body.events).toHaveLength(1);
  });

  it('selling everything leaves zero shares', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/sell`, {
      shares: 10,
      share_price: 120,
      fee: 0,
      currency_code: 'DKK',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ type: 'sell', shares: 10, total_value: 1200 });
    expect((await get('/investments')).body.investments[0].shares).toBe(0);
  });

  it('a dividend is a "div" transaction of the amount in DKK', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/dividend`, {
      amount: 20,
      currency_code: 'EUR',
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ type: 'div', shares: 0, stock_price: 0 });
    expect(answer.body.data.total_value).toBeCloseTo(20 * rateToDkk('EUR', NOW), 8);
    const stats = (await get(`/investments/${investmentId}/stats`)).body.statistics;
    expect(stats.dividends).toBeCloseTo(20 * rateToDkk('EUR', NOW), 8);
  });

  it.each([
    [{ amount: 0, currency_code: 'DKK' }, 'amount', 'The amount field must be greater than 0.'],
    [{ amount: 5 }, 'currency_code', 'The currency code field is required.'],
  ])('a dividend refuses %j', async (body, key, message) => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/dividend`, body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ [key]: [message] });
  });

  it('a dividend keeps its tax withheld beside the gross amount, listed and as entered', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/dividend`, {
      amount: 100,
      currency_code: 'USD',
      exchange_rate: 7,
      withholding_tax: 15,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: 'div',
      total_value: 700,
      withholding_tax: 105,
      entered: { currency_code: 'USD', total_value: 100, withholding_tax: 15 },
    });
    const id = answer.body.data.id as number;
    expect((await get(`/investments/events/${id}`)).body.event).toMatchObject({
      type: 'div',
      amount: 100,
      withholding_tax: 15,
      currency_code: 'USD',
    });
    const { events } = (await get('/investments/events')).body;
    expect(events.find((e: { id: number }) => e.id === answer.body.data.id)).toMatchObject({
      withholding_tax: 105,
    });
    // Dividends received stay gross.
    const stats = (await get(`/investments/${investmentId}/stats`)).body.statistics;
    expect(stats.dividends).toBeCloseTo(700, 8);

    // A correction changes it, and one without it has none.
    const edited = await put(`/investments/events/${id}`, {
      amount: 100,
      currency_code: 'USD',
      withholding_tax: 27,
    });
    expect(edited.status).toBe(200);
    expect((await get(`/investments/events/${id}`)).body.event.withholding_tax).toBe(27);
    await put(`/investments/events/${id}`, { amount: 100, currency_code: 'USD' });
    const plain = (await get(`/investments/events/${id}`)).body.event;
    expect(plain).not.toHaveProperty('withholding_tax');
  });

  it.each([
    [-1, 'The withholding tax field must be at least 0.'],
    ['x', 'The withholding tax field must be a number.'],
    [0.1234567, 'The withholding tax field must have 0-6 decimal places.'],
    [20.01, 'The withholding tax field must be less than or equal to 20.'],
  ])('a dividend refuses withholding_tax %j', async (tax, message) => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const body = { amount: 20, currency_code: 'DKK', withholding_tax: tax };
    const answer = await post(`/investments/${investmentId}/events/dividend`, body);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({ withholding_tax: [message] });
    const { id } = (
      await post(`/investments/${investmentId}/events/dividend`, {
        amount: 20,
        currency_code: 'DKK',
      })
    ).body.data as { id: number };
    const edit = await put(`/investments/events/${id}`, body);
    expect(edit.status).toBe(422);
    expect(edit.body.errors).toEqual({ withholding_tax: [message] });
  });

  it('a reverse split with sold shares pays cash for them', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/split`, {
      shares_after: 4,
      fee: 0,
      currency_code: 'DKK',
      sold_shares: 1,
      sold_share_price: 50,
      hide: false,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      type: 'split',
      from_shares: 10,
      to_shares: 4,
      shares: 1,
      stock_price: 50,
      total_value: 50,
    });
    expect((await get('/investments')).body.investments[0].shares).toBe(4);
  });

  it('sold shares need shares after below the holding', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/split`, {
      shares_after: 20,
      fee: 0,
      currency_code: 'DKK',
      sold_shares: 1,
      sold_share_price: 5,
      hide: false,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['sold_shares']);
    expect(answer.body.errors.sold_shares[0]).toMatch(/10 shares held/);
  });

  it.each([
    [{ shares_after: 0, currency_code: 'DKK' }, 'shares_after'],
    [{ shares_after: 20, currency_code: 'DKK', hide: 'maybe' }, 'hide'],
    [{ shares_after: 20, currency_code: 'DKK', sold_shares: -1 }, 'sold_shares'],
    [{ shares_after: 20, currency_code: 'DKK', fee: 'free' }, 'fee'],
  ])('a split refuses %j', async (body, key) => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/split`, body);
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([key]);
  });

  it('a split with hide: true changes the holding but stays out of the list', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await post(`/investments/${investmentId}/events/split`, {
      shares_after: 30,
      fee: 0,
      currency_code: 'DKK',
      sold_shares: 0,
      sold_share_price: 0,
      hide: true,
    });
    expect(answer.status).toBe(201);
    expect((await get('/investments')).body.investments[0].shares).toBe(30);
    const { events } = (await get('/investments/events')).body;
    expect(events.map((e: { type: string }) => e.type)).toEqual(['buy']);
  });

  it('lists events newest first', async () => {
    startServer();
    await loginAsDemo();
    const { events } = (await get('/investments/events')).body;
    const times = events.map((e: { date: string }) => Date.parse(e.date));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });
});

describe('another user’s investment', () => {
  it('is 404 for stats, chart, rename and every event', async () => {
    startServer();
    await loginAsDemo();
    const [demoInvestment] = (await get('/investments')).body.investments;
    await post('/auth/logout');
    await registerFresh();
    const id = demoInvestment.id;
    const trade = { shares: 1, share_price: 1, fee: 0, currency_code: 'DKK' };
    for (const answer of [
      await get(`/investments/${id}/stats`),
      await get(`/investments/${id}/chart`),
      await patch(`/investments/${id}`, { name: 'Mine' }),
      await post(`/investments/${id}/events/buy`, trade),
      await post(`/investments/${id}/events/sell`, trade),
      await post(`/investments/${id}/events/dividend`, { amount: 1, currency_code: 'DKK' }),
      await post(`/investments/${id}/events/split`, { shares_after: 1, currency_code: 'DKK' }),
    ]) {
      expect(answer.status).toBe(404);
    }
    expect((await get('/investments/events')).body.events).toEqual([]);
  });
});

describe('GET /currencies and POST /instruments/validate', () => {
  it('lists the currency codes', async () => {
    startServer();
    await registerFresh();
    const answer = await get('/currencies');
    expect(answer.body.currency_codes).toEqual(expect.arrayContaining(['DKK', 'EUR', 'USD']));
  });

  it.each([
    ['US0378331005', 'stock', true],
    ['DK0062498333', 'stock', true],
    ['IE00B4L5Y983', 'stock', true],
    ['US0378331003', 'stock', false],
    ['AU0000XVGZA3', 'stock', false],
    ['BTC', 'crypto', true],
    ['eth', 'crypto', true],
    ['NOSUCHCOIN', 'crypto', false],
    ['BTC', 'stock', false],
  ])('%s as %s is valid: %s', async (isin, type, valid) => {
    startServer();
    await registerFresh();
    const answer = await post('/instruments/validate', { isin, type });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ valid });
  });

  it('needs isin and a known type', async () => {
    startServer();
    await registerFresh();
    const answer = await post('/instruments/validate', { type: 'bond' });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual(['isin', 'type']);
  });
});
