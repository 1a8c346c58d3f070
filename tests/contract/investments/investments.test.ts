// Investments: listing, create (and validate-only) with each input rule, and renaming.
import { describe, expect, it } from 'vitest';
import { rateToDkk } from '../../../src/domain/market';
import {
  createHolding,
  get,
  loginAsDemo,
  NOW,
  patch,
  post,
  registerFresh,
  startServer,
} from '../support';

const validCreate = (portfolioId: number) => ({
  investment: { portfolio_id: portfolioId, name: 'Apple' },
  instrument: { type: 'stock', isin: 'US0378331005' },
  buy_event: { shares: 3, share_price: 190.5, fee: 1, currency_code: 'USD' },
});

async function freshPortfolio(): Promise<number> {
  await registerFresh();
  const { id } = (await post('/portfolios', { name: 'Tech' })).body.data as { id: number };
  return id;
}

describe('GET /investments', () => {
  it('lists investments with the spec’s fields and the instrument held', async () => {
    startServer();
    await loginAsDemo();
    const { investments } = (await get('/investments')).body;
    for (const investment of investments) {
      expect(Object.keys(investment).sort()).toEqual(
        [
          'change',
          'changeRatio',
          'change_percentage',
          'id',
          'instrument',
          'name',
          'portfolio_id',
          'positions',
          'quote',
          'shares',
          'value',
        ].sort(),
      );
      // Valued at the demo market's price of now, in the listing currency and in DKK.
      const { quote } = investment;
      expect(quote).toEqual({
        price: expect.any(Number),
        currency: investment.instrument.currency,
        // Prices on the wire may be rounded to 6 decimals, as typed prices are.
        price_dkk: expect.closeTo(quote.price * rateToDkk(quote.currency, NOW), 5),
        date: '2026-11-02',
        source: 'synthetic',
      });
      expect(quote.price).toBeGreaterThan(0);
      expect(investment.value).toBeCloseTo(investment.shares * quote.price_dkk, 2);
    }
    const byName = (name: string): unknown =>
      investments.find((i: { name: string }) => i.name === name)?.instrument;
    expect(byName('Bitcoin')).toEqual({
      type: 'crypto',
      isin: 'BTC',
      asset_class: 'crypto',
      currency: 'USD',
    });
    expect(byName('Apple')).toMatchObject({ asset_class: 'stock', currency: 'USD' });
    expect(byName('iShares Core MSCI World UCITS ETF')).toMatchObject({
      type: 'stock',
      asset_class: 'fund',
      currency: 'EUR',
    });
  });
});

describe('POST /investments', () => {
  it('creates the investment with its first buy and answers 201', async () => {
    startServer();
    const portfolioId = await freshPortfolio();
    const answer = await post('/investments', validCreate(portfolioId));
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ name: 'Apple', portfolio_id: portfolioId, shares: 3 });
    const { events } = (await get('/investments/events')).body;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      investment_id: answer.body.data.id,
      type: 'buy',
      stock_name: 'Apple',
      shares: 3,
      date: new Date(NOW).toISOString(),
      from_shares: null,
      to_shares: null,
    });
    // USD converted to DKK at the event's time.
    expect(events[0].stock_price).toBeCloseTo(190.5 * rateToDkk('USD', NOW), 8);
    expect(events[0].total_value).toBeCloseTo(3 * 190.5 * rateToDkk('USD', NOW), 8);
    // And as entered, in USD.
    expect(events[0].entered).toEqual({
      currency_code: 'USD',
      stock_price: 190.5,
      total_value: 3 * 190.5,
    });
  });

  it('accepts numeric strings, a lower-case ISIN and an empty fee', async () => {
    startServer();
    const portfolioId = await freshPortfolio();
    const answer = await post('/investments', {
      investment: { portfolio_id: String(portfolioId), name: 'Apple' },
      instrument: { type: 'stock', isin: ' us0378331005 ' },
      buy_event: { shares: '3', share_price: '0', fee: '', currency_code: 'DKK' },
    });
    expect(answer.status).toBe(201);
  });

  it('accepts a crypto symbol', async () => {
    startServer();
    const portfolioId = await freshPortfolio();
    const answer = await post('/investments', {
      investment: { portfolio_id: portfolioId, name: 'Bitcoin' },
      instrument: { type: 'crypto', isin: 'BTC' },
      buy_event: { shares: 0.05, share_price: 60000, fee: 0, currency_code: 'USD' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body.data.shares).toBe(0.05);
  });

  it('with x-validate-only: 1 answers 200 {data: null} and creates nothing', async () => {
    startServer();
    const portfolioId = await freshPortfolio();
    const answer = await post('/investments', validCreate(portfolioId), { 'x-validate-only': '1' });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: null });
    expect((await get('/investments')).body.investments).toEqual([]);
    expect((await get('/investments/events')).body.events).toEqual([]);
  });

  it('reports every missing field under its dot key', async () => {
    startServer();
    await freshPortfolio();
    const answer = await post('/investments', {});
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors)).toEqual([
      'investment.portfolio_id',
      'investment.name',
      'instrument.type',
      'instrument.isin',
      'buy_event.shares',
      'buy_event.share_price',
      'buy_event.currency_code',
    ]);
    expect(answer.body.errors['buy_event.shares']).toEqual([
      'The buy event.shares field is required.',
    ]);
    expect(answer.body.message).toBe(
      'The investment.portfolio id field is required. (and 6 more errors)',
    );
  });

  type Case = [string, (body: ReturnType<typeof validCreate>) => void, string, string];
  const cases: Case[] = [
    [
      'an unknown portfolio',
      (b) => (b.investment.portfolio_id = 999_999),
      'investment.portfolio_id',
      'The selected investment.portfolio id is invalid.',
    ],
    [
      'a bad type',
      (b) => (b.instrument.type = 'bond'),
      'instrument.type',
      'The selected instrument.type is invalid.',
    ],
    [
      'zero shares',
      (b) => (b.buy_event.shares = 0),
      'buy_event.shares',
      'The buy event.shares field must be greater than 0.',
    ],
    [
      'negative shares',
      (b) => (b.buy_event.shares = -1),
      'buy_event.shares',
      'The buy event.shares field must be greater than 0.',
    ],
    [
      'a negative price',
      (b) => (b.buy_event.share_price = -0.01),
      'buy_event.share_price',
      'The buy event.share price field must be at least 0.',
    ],
    [
      'a negative fee',
      (b) => (b.buy_event.fee = -1),
      'buy_event.fee',
      'The buy event.fee field must be at least 0.',
    ],
    [
      'a huge price',
      (b) => (b.buy_event.share_price = 1e15),
      'buy_event.share_price',
      'The buy event.share price field must not be greater than 1000000000.',
    ],
    [
      'a decimal comma',
      (b) => Object.assign(b.buy_event, { shares: '12,5' }),
      'buy_event.shares',
      'The buy event.shares field must be a number.',
    ],
    [
      'HTML for a number',
      (b) => Object.assign(b.buy_event, { fee: '<b>1</b>' }),
      'buy_event.fee',
      'The buy event.fee field must be a number.',
    ],
    [
      'an unknown currency',
      (b) => (b.buy_event.currency_code = 'XYZ'),
      'buy_event.currency_code',
      'The selected buy event.currency code is invalid.',
    ],
    [
      'a long name',
      (b) => (b.investment.name = 'n'.repeat(256)),
      'investment.name',
      'The investment.name field must not be greater than 255 characters.',
    ],
  ];
  it.each(cases)('refuses %s with 422 and creates nothing', async (_case, spoil, key, message) => {
    startServer();
    const portfolioId = await freshPortfolio();
    const body = validCreate(portfolioId);
    spoil(body);
    const answer = await post('/investments', body);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ message, errors: { [key]: [message] } });
    expect((await get('/investments')).body.investments).toEqual([]);
  });

  // The first line is the rule's, the second says what is wrong (src/domain/isin.ts).
  it.each([
    ['a wrong check digit', 'stock', 'US0378331003', 'The check digit is wrong: expected 5.'],
    ['too short an ISIN', 'stock', 'US037833100', 'An ISIN has 12 characters; this has 11.'],
    [
      'digits for a country',
      'stock',
      'U50378331005',
      'It must start with a two-letter country code, such as DK or US.',
    ],
    [
      'an ISIN outside the catalogue',
      'stock',
      'AU0000XVGZA3',
      'No instrument with this ISIN is known.',
    ],
    [
      'an unknown crypto symbol',
      'crypto',
      'NOSUCHCOIN',
      'No crypto currency with this symbol is known.',
    ],
  ])('refuses %s and says why', async (_case, type, isin, detail) => {
    startServer();
    const body = validCreate(await freshPortfolio());
    Object.assign(body.instrument, { type, isin });
    const answer = await post('/investments', body);
    expect(answer.status).toBe(422);
    const rule =
      type === 'stock'
        ? 'The instrument.isin field must be a valid ISIN code.'
        : 'The instrument.isin field must be a valid crypto symbol.';
    expect(answer.body).toEqual({
      message: `${rule} (and 1 more error)`,
      errors: { 'instrument.isin': [rule, detail] },
    });
  });

  it('refuses another user’s portfolio', async () => {
    startServer();
    await loginAsDemo();
    const [demoPortfolio] = (await get('/portfolios')).body.portfolios;
    await post('/auth/logout');
    await freshPortfolio();
    const answer = await post('/investments', validCreate(demoPortfolio.id));
    expect(answer.body.errors).toEqual({
      'investment.portfolio_id': ['The selected investment.portfolio id is invalid.'],
    });
  });
});

describe('PATCH /investments/{id}', () => {
  it('renames', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    const answer = await patch(`/investments/${investmentId}`, { name: 'Novo B' });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ id: investmentId, name: 'Novo B', shares: 10 });
    const { events } = (await get('/investments/events')).body;
    expect(events[0].stock_name).toBe('Novo B');
  });
});
