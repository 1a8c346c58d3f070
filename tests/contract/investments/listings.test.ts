// The listings an investment's provider prices come from, the listing a create names, and who may
// read and write an investment's prices.
import { describe, expect, it } from 'vitest';
import { csrf, get, loginAsDemo, post, put, registerFresh, send, startServer } from '../support';
import {
  PRICE,
  TODAY,
  type WireInvestment,
  apple,
  del,
  freshPortfolio,
  investment,
  novo,
} from './priced-holding';

const NOVO_LISTING = 'synthetic:DK0062498333';
const APPLE_LISTING = 'synthetic:US0378331005';

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
