// @vitest-environment jsdom
// The API client against a tiny Mirage server per test: the boundary decoders, and real prices.
import { Response } from 'miragejs';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors';
import {
  BUY,
  EVENT,
  PORTFOLIO,
  api,
  header,
  json,
  paths,
  requests,
  serve,
  server,
  setToken,
  fakeApiPerTest,
} from './fake-api';

fakeApiPerTest();

describe('decoding', () => {
  it('turns numeric strings into numbers and ids into strings', async () => {
    serve({ 'get /api/v1/portfolios': () => json(200, { portfolios: [PORTFOLIO] }) });
    const [portfolio] = await api.getPortfolios();
    expect(portfolio).toEqual({
      id: '7',
      name: 'Pension',
      value: 1234.5,
      change: -1.25,
      changeRatio: 0.01,
      change_percentage: 1,
      investments: 3,
      positions: { lifetime: 10.5, realised: 0, unrealised: 10.5 },
    });
  });

  it('decodes the instrument an investment holds, and an investment without one', async () => {
    const bare = { ...PORTFOLIO, id: 1, portfolio_id: 7, shares: '2' };
    const instrument = {
      type: 'stock',
      isin: 'IE00B4L5Y983',
      asset_class: 'fund',
      currency: 'EUR',
    };
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...bare, id: 2, instrument }, bare] }),
    });
    const [held, without] = await api.getInvestments();
    expect(held.instrument).toEqual(instrument);
    expect(without).not.toHaveProperty('instrument');
  });

  it('refuses an instrument of an unknown class', async () => {
    const instrument = { type: 'stock', isin: 'X', asset_class: 'bond', currency: 'EUR' };
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...PORTFOLIO, portfolio_id: 7, shares: 1, instrument }] }),
    });
    await expect(api.getInvestments()).rejects.toMatchObject({ kind: 'decode' });
  });

  it('matches event types case-insensitively', async () => {
    const event = {
      id: '3',
      investment_id: 2,
      type: 'BUY',
      stock_name: 'Apple',
      total_value: '100',
      stock_price: 50,
      shares: 2,
      date: '2026-01-01T00:00:00Z',
      from_shares: null,
      to_shares: null,
    };
    serve({ 'get /api/v1/investments/events': () => json(200, { events: [event] }) });
    const [decoded] = await api.getEvents();
    expect(decoded).toMatchObject({ id: '3', investment_id: '2', type: 'buy', total_value: 100 });
  });

  it('an unknown event type is NO SUCH TRANSACTION', async () => {
    serve({
      'post /api/v1/investments/2/events/buy': () =>
        json(201, { data: { ...EVENT, type: 'gift' } }),
    });
    await expect(api.createEvent('2', 'buy', BUY)).rejects.toMatchObject({
      kind: 'decode',
      message: 'NO SUCH TRANSACTION',
    });
  });

  it('a malformed answer is a decode error naming the field, never NaN', async () => {
    serve({
      'get /api/v1/portfolios': () => json(200, { portfolios: [{ ...PORTFOLIO, value: 'lots' }] }),
    });
    const error = (await api.getPortfolios().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('decode');
    expect(error.message).toContain('portfolios[0].value');
  });

  it('an answer without its key is a decode error', async () => {
    serve({ 'get /api/v1/user/chart': () => json(200, { points: [] }) });
    await expect(api.getChart('user')).rejects.toMatchObject({ kind: 'decode' });
  });

  it('chart paths follow the chart type', async () => {
    serve({
      'get /api/v1/user/chart': () =>
        json(200, { chart: [{ time: '2026-01-01T00:00:00Z', value: '5.5' }] }),
      'get /api/v1/portfolios/4/chart': () => json(200, { chart: [] }),
      'get /api/v1/investments/5/chart': () => json(200, { chart: [] }),
    });
    expect(await api.getChart('user')).toEqual({
      points: [{ time: '2026-01-01T00:00:00Z', value: 5.5 }],
    });
    await api.getChart('portfolio', '4');
    await api.getChart('investment', '5');
    expect(paths()).toEqual([
      'GET /api/v1/user/chart',
      'GET /api/v1/portfolios/4/chart',
      'GET /api/v1/investments/5/chart',
    ]);
  });

  it('an unknown chart type is an error before any request', async () => {
    serve({});
    // @ts-expect-error -- an untyped caller's chart type
    await expect(api.getChart('planet', '1')).rejects.toThrow('Unknown valuable type');
    expect(requests).toHaveLength(0);
  });

  it('validateInstrument posts isin and type under /api/v1', async () => {
    serve({ 'post /api/v1/instruments/validate': () => json(200, { valid: false }) });
    expect(await api.validateInstrument('BTC', 'crypto')).toBe(false);
    expect(JSON.parse(requests[0].requestBody)).toEqual({ isin: 'BTC', type: 'crypto' });
  });

  it('updateUser sends PUT /user and decodes the user', async () => {
    serve({
      'put /api/v1/user': (request) =>
        json(200, { user: JSON.parse(request.requestBody) as object }),
    });
    expect(await api.updateUser({ name: 'A', email: 'a@b.c' })).toEqual({
      name: 'A',
      email: 'a@b.c',
    });
  });
});

describe('real prices', () => {
  const INVESTMENT = { ...PORTFOLIO, id: 5, portfolio_id: 7, shares: '10' };
  const QUOTE = {
    price: '190.12',
    currency: 'USD',
    price_dkk: 1301.55,
    date: '2026-11-24',
    source: 'yahoo',
  };

  it('decodes the quote an investment is valued at; without one there is none', async () => {
    serve({
      'get /api/v1/investments': () =>
        json(200, {
          investments: [
            { ...INVESTMENT, quote: QUOTE },
            { ...INVESTMENT, id: 6 },
          ],
        }),
    });
    const [quoted, bare] = await api.getInvestments();
    expect(quoted.quote).toEqual({ ...QUOTE, price: 190.12 });
    expect(bare).not.toHaveProperty('quote');
  });

  it('keeps a source it does not know, and refuses a quote that is no quote', async () => {
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...INVESTMENT, quote: { ...QUOTE, source: 'ecb' } }] }),
    });
    expect((await api.getInvestments())[0].quote?.source).toBe('ecb');
    server?.shutdown();
    serve({
      'get /api/v1/investments': () =>
        json(200, { investments: [{ ...INVESTMENT, quote: { ...QUOTE, date: '24.11.2026' } }] }),
    });
    await expect(api.getInvestments()).rejects.toMatchObject({
      kind: 'decode',
      message: expect.stringContaining('investments[0].quote.date') as string,
    });
  });

  it('lists the prices of a range, newest first, with numbers from numeric strings', async () => {
    serve({
      'get /api/v1/investments/5/prices': () =>
        json(200, {
          prices: [
            { date: '2026-11-24', price: '612.4', currency_code: 'DKK', source: 'manual' },
            { date: '2026-11-23', price: 610, currency_code: 'DKK', source: 'yahoo' },
          ],
        }),
    });
    const calls = await api.prices();
    expect(await calls.getPrices('5', { from: '2026-10-25', to: '2026-11-24' })).toEqual([
      { date: '2026-11-24', price: 612.4, currency_code: 'DKK', source: 'manual' },
      { date: '2026-11-23', price: 610, currency_code: 'DKK', source: 'yahoo' },
    ]);
    expect(requests[0].url).toBe('/api/v1/investments/5/prices?from=2026-10-25&to=2026-11-24');
    await calls.getPrices('5');
    expect(requests[1].url).toBe('/api/v1/investments/5/prices');
  });

  it('types a price with the CSRF token; a refusal keeps its field errors', async () => {
    setToken('tok');
    const refusal = {
      message: 'The price field must be greater than 0.',
      errors: { price: ['The price field must be greater than 0.'] },
    };
    let refuse = false;
    serve({
      'post /api/v1/investments/5/prices': (request) =>
        refuse
          ? json(422, refusal)
          : json(201, {
              data: { ...(JSON.parse(request.requestBody) as object), source: 'manual' },
            }),
    });
    const calls = await api.prices();
    const payload = { date: '2026-11-24', price: 612.4, currency_code: 'DKK' };
    expect(await calls.addPrice('5', payload)).toEqual({ ...payload, source: 'manual' });
    expect(header(requests[0], 'x-xsrf-token')).toBe('tok');
    expect(JSON.parse(requests[0].requestBody)).toEqual(payload);
    refuse = true;
    await expect(calls.addPrice('5', { ...payload, price: 0 })).rejects.toMatchObject({
      status: 422,
      fieldErrors: refusal.errors,
    });
  });

  it('deletes the typed price of a day', async () => {
    serve({ 'delete /api/v1/investments/5/prices/:date': () => new Response(204, {}, '') });
    await (await api.prices()).deletePrice('5', '2026-11-24');
    expect(paths()).toEqual(['DELETE /api/v1/investments/5/prices/2026-11-24']);
  });

  it('lists the listings and chooses one, decoding the investment it answers with', async () => {
    const listing = {
      id: 'yahoo:NOVO-B.CO',
      symbol: 'NOVO-B.CO',
      name: 'Novo Nordisk B',
      exchange: 'Copenhagen',
      currency: null,
      selected: true,
    };
    serve({
      'get /api/v1/investments/5/listings': () => json(200, { listings: [listing] }),
      'put /api/v1/investments/5/listing': () =>
        json(200, { data: { ...INVESTMENT, quote: QUOTE } }),
    });
    const calls = await api.prices();
    expect(await calls.getListings('5')).toEqual([listing]);
    const changed = await calls.chooseListing('5', 'yahoo:NOVO-B.CO');
    expect(changed).toMatchObject({ id: '5', shares: 10, quote: { price: 190.12 } });
    expect(JSON.parse(requests[1].requestBody)).toEqual({ listing: 'yahoo:NOVO-B.CO' });
  });

  it('decodes both kinds of suggestion, refuses another, and dismisses one', async () => {
    const split = {
      kind: 'split',
      date: '2024-06-10',
      numerator: 10,
      denominator: 1,
      shares_before: '10',
      shares_after: 100,
    };
    const dividend = {
      kind: 'dividend',
      date: '2024-08-12',
      per_share: '0.25',
      currency_code: 'USD',
      shares: 100,
      amount: 25,
    };
    let suggestions: object[] = [split, dividend];
    serve({
      'get /api/v1/investments/5/suggestions': () => json(200, { suggestions }),
      'post /api/v1/investments/5/suggestions/dismiss': () => new Response(204, {}, ''),
    });
    const calls = await api.prices();
    expect(await calls.getSuggestions('5')).toEqual([
      { ...split, shares_before: 10 },
      { ...dividend, per_share: 0.25 },
    ]);
    await calls.dismissSuggestion('5', { kind: 'dividend', date: '2024-08-12' });
    expect(JSON.parse(requests[1].requestBody)).toEqual({ kind: 'dividend', date: '2024-08-12' });
    suggestions = [{ ...split, kind: 'merger' }];
    await expect(calls.getSuggestions('5')).rejects.toMatchObject({
      kind: 'decode',
      message: expect.stringContaining('suggestions[0].kind') as string,
    });
  });

  it('a backend without these calls answers 404, which stays a 404', async () => {
    serve({
      'get /api/v1/investments/5/prices': () => json(404, { message: 'Not Found' }),
    });
    await expect((await api.prices()).getPrices('5')).rejects.toMatchObject({ status: 404 });
  });
});
