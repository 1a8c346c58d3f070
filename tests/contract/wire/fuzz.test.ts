// Random bad payloads for every create call: always a 422 naming the spoiled fields, never a
// 500, and nothing created.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createHolding, get, post, registerFresh, startServer, plainSplit } from '../support';

const MISSING = Symbol('missing');
type Bad = unknown;

const html = fc.constantFrom(
  '<script>alert(1)</script>',
  '<b>1</b>',
  '<img src=x onerror=alert(1)>',
);
const junk = fc.oneof(fc.constant(true), fc.constant([]), fc.constant({}), fc.constant([1]));
/** NaN and ±Infinity become null in JSON, as a browser would send them. */
const nonFinite = fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY);
const text = fc.string().filter((s) => !/^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$/.test(s));

const badRequiredNumber = (positive: boolean): fc.Arbitrary<Bad> =>
  fc.oneof(
    fc.constant(MISSING),
    fc.constant(null),
    fc.constant(''),
    text,
    html,
    junk,
    nonFinite,
    fc.constantFrom('12,5', '1 000', '0x10'),
    fc.double({ min: 1e9 + 1, max: 1e300, noNaN: true }),
    positive
      ? fc.double({ min: -1e9, max: 0, noNaN: true })
      : fc.double({ min: -1e9, max: -1e-6, noNaN: true }),
  );
const badOptionalNumber: fc.Arbitrary<Bad> = fc.oneof(
  text.filter((s) => s.trim() !== ''),
  html,
  junk,
  fc.double({ min: 1e9 + 1, max: 1e300, noNaN: true }),
  fc.double({ min: -1e9, max: -1e-6, noNaN: true }),
);
const badCurrency: fc.Arbitrary<Bad> = fc.oneof(
  fc.constant(MISSING),
  fc.constant(''),
  fc.constantFrom('XYZ', 'dkk', 'Dkk ', 'EURO'),
  html,
  junk,
  fc.integer(),
);
const badName: fc.Arbitrary<Bad> = fc.oneof(
  fc.constant(MISSING),
  fc.constant(null),
  fc.constantFrom('', '   ', '\t\n', '\u200B', '\uFEFF\u200D', 'a\u0000b'),
  fc.string({ minLength: 256, maxLength: 300 }).filter((s) => s.trim().length > 255),
  fc.integer(),
  junk,
);

type Spoilers = Record<string, fc.Arbitrary<Bad>>;

/** Sets a dot path (creating objects on the way) or deletes it for MISSING. */
function spoil(body: Record<string, unknown>, path: string, value: Bad): void {
  const parts = path.split('.');
  let target = body;
  for (const part of parts.slice(0, -1)) target = target[part] as Record<string, unknown>;
  const last = parts[parts.length - 1];
  if (value === MISSING) delete target[last];
  else target[last] = value;
}

/** A non-empty subset of the fields, each with a bad value. */
function spoiled(spoilers: Spoilers): fc.Arbitrary<[string, Bad][]> {
  return fc
    .subarray(Object.keys(spoilers), { minLength: 1 })
    .chain((keys) =>
      fc.tuple(...keys.map((key) => spoilers[key].map((bad): [string, Bad] => [key, bad]))),
    );
}

async function expectRefused(
  path: string,
  valid: () => Record<string, unknown>,
  spoilers: Spoilers,
  count: () => Promise<number>,
  /** A field checked only when the other is valid (the identifier needs a known type). */
  dependsOn: Record<string, string> = {},
): Promise<void> {
  const before = await count();
  await fc.assert(
    fc.asyncProperty(spoiled(spoilers), async (fields) => {
      const body = valid();
      for (const [key, bad] of fields) spoil(body, key, bad);
      const answer = await post(path, body);
      expect(answer.status).toBe(422);
      expect(typeof answer.body.message).toBe('string');
      const keys = fields.map(([key]) => key);
      for (const key of keys) {
        if (!keys.includes(dependsOn[key])) expect(Object.keys(answer.body.errors)).toContain(key);
      }
      for (const key of Object.keys(answer.body.errors))
        expect(Object.keys(spoilers)).toContain(key);
    }),
    { numRuns: 60 },
  );
  expect(await count()).toBe(before);
}

const eventCount = async () => ((await get('/investments/events')).body.events as unknown[]).length;

describe('fuzzed create calls', () => {
  it('POST /portfolios', async () => {
    startServer();
    await registerFresh();
    await expectRefused(
      '/portfolios',
      () => ({ name: 'Fine' }),
      { name: badName },
      async () => ((await get('/portfolios')).body.portfolios as unknown[]).length,
    );
  });

  it('POST /investments', async () => {
    startServer();
    await registerFresh();
    const { id } = (await post('/portfolios', { name: 'Fuzz' })).body.data as { id: number };
    await expectRefused(
      '/investments',
      () => ({
        investment: { portfolio_id: id, name: 'Apple' },
        instrument: { type: 'stock', isin: 'US0378331005' },
        buy_event: { shares: 1, share_price: 10, fee: 0, currency_code: 'DKK' },
      }),
      {
        'investment.portfolio_id': fc.oneof(
          fc.constant(MISSING),
          fc.constantFrom('abc', -1, 0, 1.5, 999_999, '<b>1</b>'),
          junk,
        ),
        'investment.name': badName,
        'instrument.type': fc.oneof(
          fc.constant(MISSING),
          fc.constantFrom('bond', 'STOCK', ''),
          fc.integer(),
          junk,
        ),
        'instrument.isin': fc.oneof(
          fc.constant(MISSING),
          fc.constantFrom('US0378331003', 'XX0000000000', '<script>', ''),
          fc.integer(),
        ),
        'buy_event.shares': badRequiredNumber(true),
        'buy_event.share_price': badRequiredNumber(false),
        'buy_event.fee': badOptionalNumber,
        'buy_event.currency_code': badCurrency,
      },
      eventCount,
      { 'instrument.isin': 'instrument.type' },
    );
  });

  it.each(['buy', 'sell'])('POST /investments/{id}/events/%s', async (kind) => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    await expectRefused(
      `/investments/${investmentId}/events/${kind}`,
      () => ({ shares: 1, share_price: 10, fee: 0, currency_code: 'DKK' }),
      {
        shares: badRequiredNumber(true),
        share_price: badRequiredNumber(false),
        fee: badOptionalNumber,
        currency_code: badCurrency,
      },
      eventCount,
    );
  });

  it('POST /investments/{id}/events/dividend', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    await expectRefused(
      `/investments/${investmentId}/events/dividend`,
      () => ({ amount: 5, currency_code: 'DKK' }),
      { amount: badRequiredNumber(true), currency_code: badCurrency },
      eventCount,
    );
  });

  it('POST /investments/{id}/events/split', async () => {
    startServer();
    await registerFresh();
    const { investmentId } = await createHolding();
    await expectRefused(
      `/investments/${investmentId}/events/split`,
      () => plainSplit(20),
      {
        shares_after: badRequiredNumber(true),
        fee: badOptionalNumber,
        currency_code: badCurrency,
        sold_shares: badOptionalNumber,
        sold_share_price: badOptionalNumber,
        hide: fc.oneof(fc.constantFrom('maybe', 2, 'yes', '<b>'), fc.constant([]), fc.constant({})),
      },
      eventCount,
    );
  });
});
