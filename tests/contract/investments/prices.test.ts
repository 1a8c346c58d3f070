// @vitest-environment jsdom
// Real prices: the quote the investments answer carries, prices typed for a day, the price of
// each day, and the listings an investment's provider prices come from. On the demo's market
// (the mock's and the contract server's), with fixed prices where the figures are checked.
import { describe, expect, it } from 'vitest';
import type { PriceSource } from '../../../src/mock-server';
import { rateToDkk } from '../../../src/domain/market';
import {
  createHolding,
  csrf,
  get,
  loginAsDemo,
  NOW,
  post,
  put,
  registerFresh,
  send,
  startServer,
} from '../support';

/** NOW's UTC day. */
const TODAY = '2026-11-02';
/** Novo's price in DKK, its listing currency, wherever a test does not fix another. */
const PRICE = 120;
const NOVO_LISTING = 'synthetic:DK0062498333';
const APPLE_LISTING = 'synthetic:US0378331005';

const del = (path: string) => send('DELETE', path);

interface WireInvestment {
  id: number;
  value: number;
  quote?: unknown;
}

async function investment(id: number): Promise<WireInvestment> {
  const { investments } = (await get('/investments')).body as { investments: WireInvestment[] };
  const found = investments.find((i) => i.id === id);
  if (!found) throw new Error(`investment ${id} is not listed`);
  return found;
}

/** A fresh user holding 10 Novo bought at 100 DKK, on a market that prices Novo by `prices`. */
async function novo(prices: PriceSource = () => PRICE): Promise<number> {
  startServer({ prices });
  await registerFresh();
  return (await createHolding()).investmentId;
}

/** The market's price: its UTC day of the month × 100 + its UTC hour, so a row says when it was taken. */
const dayAndHour: PriceSource = (_instrument, time) => {
  const at = new Date(time);
  return at.getUTCDate() * 100 + at.getUTCHours();
};

const apple = (portfolioId: number, instrument: Record<string, unknown> = {}) => ({
  investment: { portfolio_id: portfolioId, name: 'Apple' },
  instrument: { type: 'stock', isin: 'US0378331005', ...instrument },
  buy_event: { shares: 3, share_price: 190.5, fee: 1, currency_code: 'USD' },
});

async function freshPortfolio(): Promise<number> {
  await registerFresh();
  return (await post('/portfolios', { name: 'Tech' })).body.data.id as number;
}

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

describe('listings', () => {
  it('an investment on the demo market has its instrument’s one listing, selected', async () => {
    const id = await novo();
    const answer = await get(`/investments/${id}/listings`);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      listings: [
        {
          id: NOVO_LISTING,
          symbol: 'DK0062498333',
          name: 'Novo Nordisk B',
          exchange: 'Formue demo market',
          currency: 'DKK',
          selected: true,
        },
      ],
    });
  });

  it('choosing a listing answers the investment, valued at its prices', async () => {
    const id = await novo();
    const answer = await put(`/investments/${id}/listing`, { listing: NOVO_LISTING });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id,
      name: 'Novo',
      shares: 10,
      value: 10 * PRICE,
      quote: { price: PRICE, currency: 'DKK', price_dkk: PRICE, date: TODAY, source: 'synthetic' },
    });
    const { listings } = (await get(`/investments/${id}/listings`)).body;
    expect(listings).toMatchObject([{ id: NOVO_LISTING, selected: true }]);
  });

  it.each([
    [
      'another instrument’s listing',
      { listing: APPLE_LISTING },
      'The selected listing is invalid.',
    ],
    ['an unknown listing', { listing: 'yahoo:NOVO-B.CO' }, 'The selected listing is invalid.'],
    ['no listing', {}, 'The listing field is required.'],
    ['a listing that is no string', { listing: 7 }, 'The listing field must be a string.'],
  ])('choosing %s is refused with 422', async (_case, body, message) => {
    const id = await novo();
    const answer = await put(`/investments/${id}/listing`, body);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { listing: [message] } });
  });
});

describe('instrument.listing of POST /investments', () => {
  it.each([[APPLE_LISTING], [null], ['']])('accepts %j', async (listing) => {
    startServer();
    const created = await post('/investments', apple(await freshPortfolio(), { listing }));
    expect(created.status).toBe(201);
    const { listings } = (await get(`/investments/${created.body.data.id}/listings`)).body;
    expect(listings).toMatchObject([{ id: APPLE_LISTING, selected: true }]);
  });

  it.each([['yahoo:AAPL'], [NOVO_LISTING], [7]])(
    'refuses %j with 422 and creates nothing',
    async (listing) => {
      startServer();
      const answer = await post('/investments', apple(await freshPortfolio(), { listing }));
      expect(answer.status).toBe(422);
      const message = 'The selected instrument.listing is invalid.';
      expect(answer.body).toEqual({ message, errors: { 'instrument.listing': [message] } });
      expect((await get('/investments')).body.investments).toEqual([]);
    },
  );
});

/** Every new call on investment `id`, each with a body it would accept. */
const calls = (id: number) =>
  [
    () => get(`/investments/${id}/prices`),
    () => post(`/investments/${id}/prices`, { date: TODAY, price: 1, currency_code: 'DKK' }),
    () => del(`/investments/${id}/prices/${TODAY}`),
    () => get(`/investments/${id}/listings`),
    () => put(`/investments/${id}/listing`, { listing: NOVO_LISTING }),
  ] as const;

describe('access', () => {
  it('a guest is answered 401', async () => {
    const id = await novo();
    await post('/auth/logout');
    await csrf();
    for (const call of calls(id)) {
      const answer = await call();
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ message: 'Unauthenticated.' });
    }
  });

  it('another user’s investment is 404, and nothing of it changes', async () => {
    startServer({ prices: () => PRICE });
    await loginAsDemo();
    const [demo] = (await get('/investments')).body.investments as WireInvestment[];
    await post('/auth/logout');
    await registerFresh();
    for (const call of calls(demo.id)) {
      const answer = await call();
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        message: `No query results for model [App\\Models\\Investment] ${demo.id}`,
      });
    }
    await post('/auth/logout');
    await loginAsDemo();
    expect((await investment(demo.id)).quote).toMatchObject({ source: 'synthetic' });
  });

  it('the state-changing calls need the CSRF header', async () => {
    const id = await novo();
    for (const answer of [
      await send('POST', `/investments/${id}/prices`, {
        body: { date: TODAY, price: 1, currency_code: 'DKK' },
        xsrf: false,
      }),
      await send('DELETE', `/investments/${id}/prices/${TODAY}`, { xsrf: false }),
      await send('PUT', `/investments/${id}/listing`, {
        body: { listing: NOVO_LISTING },
        xsrf: false,
      }),
    ]) {
      expect(answer.status).toBe(419);
      expect(answer.body).toEqual({ message: 'CSRF token mismatch.' });
    }
    expect((await investment(id)).quote).toMatchObject({ source: 'synthetic' });
  });
});
