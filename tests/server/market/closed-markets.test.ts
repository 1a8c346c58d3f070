// Day on a weekend, on the server with stored prices (MARKET_DATA=live against the offline fake,
// whose exchanges trade on weekdays only): the change is the last session's, and says from when.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeMarket, type FakeMarket } from '../../fake-market/server';
import { Browser, type NewHolding } from '../browser';
import { freshDatabase, keepDatabasesPerFile } from '../databases';
import { liveMarketAt, startQuietServer } from '../quiet-server';

/** Sunday noon; Friday 2026-11-27 was the last session, Thursday's close is before it. */
const SUNDAY = Date.parse('2026-11-29T12:00:00Z');

let fake: FakeMarket;
const running: FastifyInstance[] = [];

beforeAll(async () => {
  fake = await startFakeMarket({ now: () => SUNDAY, ratesFrom: '2026-01-02' });
});
afterAll(() => fake.close());
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
});
keepDatabasesPerFile();

async function holding(...buys: NewHolding[]): Promise<Browser> {
  const market = liveMarketAt(fake.url);
  const { url, database } = await freshDatabase();
  const { app, origin } = await startQuietServer(url, { market }, { now: () => SUNDAY, database });
  running.push(app);
  const browser = new Browser(origin);
  expect((await browser.register()).status).toBe(200);
  const created = await browser.json('POST', '/api/v1/portfolios', { name: 'Real' });
  for (const buy of buys)
    expect((await browser.buyNew(created.body.data.id, buy)).status).toBe(201);
  return browser;
}

const novo = { isin: 'DK0062498333', type: 'stock', currency: 'DKK', price: 400 };

describe('Day while the markets are closed', () => {
  it('is the move since the close before the last session, and says so', async () => {
    const browser = await holding(novo);
    const { body } = await browser.json('GET', '/api/v1/user/valuation');
    const since: string = body.valuation.since;
    expect(since.slice(0, 10)).toBe('2026-11-26');
    // Friday's session moved the price: no flat 0.00.
    expect(body.valuation.value.change).not.toBe(0);
    const chart = await browser.json('GET', '/api/v1/user/chart');
    expect(chart.body.since).toBe(since);
    expect(chart.body.chart[0].time).toBe(since);
    expect(chart.body.chart.at(-1).value).toBeCloseTo(body.valuation.value.value, 6);
  });

  it('values each portfolio and investment from its own closed markets, and says so', async () => {
    const browser = await holding(novo);
    const { body } = await browser.json('GET', '/api/v1/user/valuation');
    const since: string = body.valuation.since;
    const [portfolio] = (await browser.json('GET', '/api/v1/portfolios')).body.portfolios;
    const [investment] = (await browser.json('GET', '/api/v1/investments')).body.investments;
    for (const listed of [portfolio, investment]) {
      expect(listed.since).toBe(since);
      expect(listed.change).toBeCloseTo(body.valuation.value.change, 6);
    }
    const chart = await browser.json('GET', `/api/v1/investments/${investment.id}/chart`);
    expect(chart.body.since).toBe(since);
  });

  it('keeps a coin’s own portfolio on the past 24 hours, a stock’s beside it from the close', async () => {
    const browser = await holding(novo);
    const coins = await browser.json('POST', '/api/v1/portfolios', { name: 'Coins' });
    const coin = await browser.buyNew(coins.body.data.id, {
      isin: 'BTC',
      type: 'crypto',
      currency: 'USD',
      price: 60000,
      shares: 1,
    });
    expect(coin.status).toBe(201);
    const { body } = await browser.json('GET', '/api/v1/portfolios');
    const byName = new Map(body.portfolios.map((p: { name: string }) => [p.name, p]));
    expect(byName.get('Real')).toHaveProperty('since');
    expect(byName.get('Coins')).not.toHaveProperty('since');
    const valuation = await browser.json('GET', '/api/v1/user/valuation');
    expect(valuation.body.valuation.since).toBeUndefined();
  });

  it('stays the past 24 hours with a coin, which trades every day', async () => {
    const browser = await holding(novo, {
      isin: 'BTC',
      type: 'crypto',
      currency: 'USD',
      price: 60000,
    });
    const { body } = await browser.json('GET', '/api/v1/user/valuation');
    expect(body.valuation.since).toBeUndefined();
    const chart = await browser.json('GET', '/api/v1/user/chart');
    expect(chart.body.chart[0].time).toBe(new Date(SUNDAY - 86_400_000).toISOString());
  });
});
