// Real prices: the quote the investments answer carries, prices typed for a day, and the price of
// each day. On the demo's market (the mock's and the contract server's), with fixed prices where
// the figures are checked.
import { describe, expect, it } from 'vitest';
import type { PriceSource } from '../../../src/mock-server';
import { rateToDkk } from '../../../src/domain/market';
import { get, NOW, post, startServer } from '../support';
import { PRICE, TODAY, apple, del, freshPortfolio, investment, novo } from './priced-holding';

/** The market's price: its UTC day of the month × 100 + its UTC hour, so a row says when it was taken. */
const dayAndHour: PriceSource = (_instrument, time) => {
  const at = new Date(time);
  return at.getUTCDate() * 100 + at.getUTCHours();
};

describe('the quote of an investment', () => {
  it('a new investment is valued at the market’s price of today, converted to DKK', async () => {
    startServer({ prices: () => 200 });
    const created = await post('/investments', apple(await freshPortfolio()));
    expect(created.status).toBe(201);
    const usd = rateToDkk('USD', NOW);
    // The wire may round a price to 6 decimals, as typed prices have.
    const quote = {
      price: 200,
      currency: 'USD',
      price_dkk: expect.closeTo(200 * usd, 5),
      date: TODAY,
      source: 'synthetic',
    };
    expect(created.body.data.quote).toEqual(quote);
    expect(created.body.data.value).toBeCloseTo(3 * 200 * usd, 8);
    expect((await investment(created.body.data.id)).quote).toEqual(quote);
  });

  it('a price typed for today wins, and deleting it brings the market’s back', async () => {
    const id = await novo();
    const typed = await post(`/investments/${id}/prices`, {
      date: TODAY,
      price: 150,
      currency_code: 'DKK',
    });
    expect(typed.status).toBe(201);
    expect(typed.body).toEqual({
      data: { date: TODAY, price: 150, currency_code: 'DKK', source: 'manual' },
    });
    const held = await investment(id);
    expect(held.quote).toEqual({
      price: 150,
      currency: 'DKK',
      price_dkk: 150,
      date: TODAY,
      source: 'manual',
    });
    expect(held.value).toBe(1500);
    expect((await get('/user/valuation')).body.valuation.value.value).toBe(1500);

    const deleted = await del(`/investments/${id}/prices/${TODAY}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBeUndefined();
    const back = await investment(id);
    expect(back.quote).toEqual({
      price: PRICE,
      currency: 'DKK',
      price_dkk: PRICE,
      date: TODAY,
      source: 'synthetic',
    });
    expect(back.value).toBe(10 * PRICE);
  });

  it('a price typed in another currency is kept as typed and valued at the rate of now', async () => {
    const id = await novo();
    await post(`/investments/${id}/prices`, { date: TODAY, price: 20, currency_code: 'EUR' });
    const eur = rateToDkk('EUR', NOW);
    const held = await investment(id);
    expect(held.quote).toEqual({
      price: 20,
      currency: 'EUR',
      price_dkk: expect.closeTo(20 * eur, 5),
      date: TODAY,
      source: 'manual',
    });
    expect(held.value).toBeCloseTo(10 * 20 * eur, 8);
  });

  it('typing a day again replaces its price', async () => {
    const id = await novo();
    for (const price of [150, 160])
      await post(`/investments/${id}/prices`, { date: TODAY, price, currency_code: 'DKK' });
    expect((await get(`/investments/${id}/prices?from=${TODAY}`)).body.prices).toEqual([
      { date: TODAY, price: 160, currency_code: 'DKK', source: 'manual' },
    ]);
    expect((await investment(id)).value).toBe(1600);
  });
});

describe('GET /investments/{id}/prices', () => {
  it('lists the price in force at the end of each day, newest first, today’s at now', async () => {
    const id = await novo(dayAndHour);
    const answer = await get(`/investments/${id}/prices?from=2026-10-30`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      prices: [
        { date: '2026-11-02', price: 212, currency_code: 'DKK', source: 'synthetic' },
        { date: '2026-11-01', price: 123, currency_code: 'DKK', source: 'synthetic' },
        { date: '2026-10-31', price: 3123, currency_code: 'DKK', source: 'synthetic' },
        { date: '2026-10-30', price: 3023, currency_code: 'DKK', source: 'synthetic' },
      ],
    });
  });

  it('a typed price holds its day only: the next day is the market’s again', async () => {
    const id = await novo();
    const day = '2026-10-30';
    await post(`/investments/${id}/prices`, { date: day, price: 90.5, currency_code: 'EUR' });
    const { prices } = (await get(`/investments/${id}/prices?from=2026-10-29&to=2026-10-31`)).body;
    expect(prices).toEqual([
      { date: '2026-10-31', price: PRICE, currency_code: 'DKK', source: 'synthetic' },
      { date: day, price: 90.5, currency_code: 'EUR', source: 'manual' },
      { date: '2026-10-29', price: PRICE, currency_code: 'DKK', source: 'synthetic' },
    ]);
    expect((await investment(id)).quote).toMatchObject({ price: PRICE, source: 'synthetic' });
    expect((await investment(id)).value).toBe(10 * PRICE);
  });

  it('without from or to: one row a day, newest first, from today back', async () => {
    const id = await novo();
    const { prices } = (await get(`/investments/${id}/prices`)).body as {
      prices: { date: string }[];
    };
    expect(prices.length).toBeGreaterThanOrEqual(31);
    expect(prices[0].date).toBe(TODAY);
    prices.forEach(({ date }, i) =>
      expect(date).toBe(
        new Date(Date.parse(`${TODAY}T00:00:00Z`) - i * 86_400_000).toISOString().slice(0, 10),
      ),
    );
    // Empty parameters are absent ones, as Laravel reads them.
    expect((await get(`/investments/${id}/prices?from=&to=`)).body.prices).toEqual(prices);
  });

  it('without from: the 31 days up to to', async () => {
    const id = await novo();
    const dates = async (query: string) =>
      ((await get(`/investments/${id}/prices?${query}`)).body.prices as { date: string }[]).map(
        (p) => p.date,
      );
    const latest = await dates('');
    expect(latest).toHaveLength(31);
    expect(latest.at(-1)).toBe('2026-10-03');
    const earlier = await dates('to=2026-10-20');
    expect(earlier).toHaveLength(31);
    expect([earlier[0], earlier.at(-1)]).toEqual(['2026-10-20', '2026-09-20']);
  });

  it('lists at most 1100 days in one answer', async () => {
    const id = await novo();
    const { prices } = (await get(`/investments/${id}/prices?from=1900-01-01`)).body as {
      prices: { date: string }[];
    };
    expect(prices).toHaveLength(1100);
    expect(prices[0].date).toBe(TODAY);
  });

  it('from and to are both included, and the list stops at today', async () => {
    const id = await novo();
    const dates = async (query: string) =>
      ((await get(`/investments/${id}/prices?${query}`)).body.prices as { date: string }[]).map(
        (p) => p.date,
      );
    expect(await dates('from=2026-10-01&to=2026-10-03')).toEqual([
      '2026-10-03',
      '2026-10-02',
      '2026-10-01',
    ]);
    expect(await dates('from=2026-11-01&to=2027-01-31')).toEqual([TODAY, '2026-11-01']);
    expect(await dates(`from=${TODAY}&to=${TODAY}`)).toEqual([TODAY]);
  });

  it.each([
    ['from=2026-13-01', 'from'],
    ['from=yesterday', 'from'],
    ['from=2026-10-1', 'from'],
    ['to=2026-10-31&from=2026-02-30', 'from'],
  ])('refuses %s: 422 on %s', async (query, key) => {
    const id = await novo();
    const answer = await get(`/investments/${id}/prices?${query}`);
    expect(answer.status).toBe(422);
    const message = `The ${key} field must match the format Y-m-d.`;
    expect(answer.body).toEqual({ message, errors: { [key]: [message] } });
  });

  it('refuses a bad to alone with 422 on to only', async () => {
    const id = await novo();
    const answer = await get(`/investments/${id}/prices?to=2026-10-32`);
    expect(answer.status).toBe(422);
    const message = 'The to field must match the format Y-m-d.';
    expect(answer.body).toEqual({ message, errors: { to: [message] } });
  });

  it('refuses a bad from and to with 422 on both', async () => {
    const id = await novo();
    const answer = await get(`/investments/${id}/prices?from=2026-10-32&to=today`);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      from: ['The from field must match the format Y-m-d.'],
      to: ['The to field must match the format Y-m-d.'],
    });
    expect(answer.body.message).toMatch(/ \(and 1 more error\)$/);
  });
});

describe('POST /investments/{id}/prices', () => {
  it('accepts a numeric string and the earliest day', async () => {
    const id = await novo();
    const answer = await post(`/investments/${id}/prices`, {
      date: '1970-01-01',
      price: '12.50',
      currency_code: 'DKK',
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      data: { date: '1970-01-01', price: 12.5, currency_code: 'DKK', source: 'manual' },
    });
  });

  it('reports every missing field', async () => {
    const id = await novo();
    const answer = await post(`/investments/${id}/prices`, {});
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      message: 'The date field is required. (and 2 more errors)',
      errors: {
        date: ['The date field is required.'],
        price: ['The price field is required.'],
        currency_code: ['The currency code field is required.'],
      },
    });
  });

  const valid = { date: TODAY, price: 150, currency_code: 'DKK' };
  it.each([
    ['no date', { date: undefined }, 'date', 'The date field is required.'],
    ['an empty date', { date: ' ' }, 'date', 'The date field is required.'],
    [
      'a day without its zero',
      { date: '2026-11-2' },
      'date',
      'The date field must match the format Y-m-d.',
    ],
    [
      'a day that does not exist',
      { date: '2026-02-30' },
      'date',
      'The date field must match the format Y-m-d.',
    ],
    [
      'a date as a number',
      { date: 20261102 },
      'date',
      'The date field must match the format Y-m-d.',
    ],
    [
      'a day before 1970',
      { date: '1969-12-31' },
      'date',
      'The date field must be a date after or equal to 1970-01-01.',
    ],
    [
      'a day after today',
      { date: '2026-11-04' },
      'date',
      'The date field must be a date before or equal to today.',
    ],
    ['no price', { price: undefined }, 'price', 'The price field is required.'],
    ['a price of 0', { price: 0 }, 'price', 'The price field must be greater than 0.'],
    ['a negative price', { price: '-1' }, 'price', 'The price field must be greater than 0.'],
    ['a price that is no number', { price: '12,5' }, 'price', 'The price field must be a number.'],
    [
      'a price with 7 decimals',
      { price: 1.1234567 },
      'price',
      'The price field must have 0-6 decimal places.',
    ],
    [
      'a price over the maximum',
      { price: 1_000_000_001 },
      'price',
      'The price field must not be greater than 1000000000.',
    ],
    [
      'no currency',
      { currency_code: undefined },
      'currency_code',
      'The currency code field is required.',
    ],
    [
      'an unknown currency',
      { currency_code: 'XYZ' },
      'currency_code',
      'The selected currency code is invalid.',
    ],
  ])('refuses %s with 422 and keeps nothing', async (_case, change, key, message) => {
    const id = await novo();
    const answer = await post(`/investments/${id}/prices`, { ...valid, ...change });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { [key]: [message] } });
    expect((await investment(id)).quote).toMatchObject({ source: 'synthetic' });
  });
});

describe('DELETE /investments/{id}/prices/{date}', () => {
  it('is 404 for a day without a typed price, saying so', async () => {
    const id = await novo();
    await post(`/investments/${id}/prices`, { date: TODAY, price: 150, currency_code: 'DKK' });
    expect((await del(`/investments/${id}/prices/2026-11-01`)).body).toEqual({
      message: 'No typed price on 2026-11-01.',
    });
    expect((await del(`/investments/${id}/prices/${TODAY}`)).status).toBe(204);
    const again = await del(`/investments/${id}/prices/${TODAY}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ message: `No typed price on ${TODAY}.` });
    const notADay = await del(`/investments/${id}/prices/yesterday`);
    expect(notADay.status).toBe(404);
    expect(notADay.body).toEqual({ message: 'No typed price on yesterday.' });
  });
});
