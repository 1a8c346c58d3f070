// The default benchmark on a live server (issue 37): placed at start or as soon as a chart wants it,
// never waited for by a request, on the offline fake market.
import { describe, expect, it } from 'vitest';
import { postgresUrl } from '../databases';
import {
  quoteRequests,
  benchmarkHistories,
  benchmarkFinds,
  chartWithBenchmark,
  serve,
  loggedIn,
  logIn,
  portfolio,
  account,
  create,
  oneApple,
  oneBitcoin,
  live,
  providersDown,
  running,
  withLiveServers,
} from './live-servers';

withLiveServers();
describe('a live server’s default benchmark', () => {
  it('places the default benchmark at start, so a new user’s chart has its line', async () => {
    const { origin } = await serve(undefined, true);
    // No request has asked for it: the server's start places it on its own.
    expect(await benchmarkHistories()).toBeGreaterThan(0);
    const browser = await loggedIn(origin);
    await oneBitcoin(browser, await portfolio(browser));
    browser.cookies.set('selected_period', 'Year');
    const chart = await chartWithBenchmark(browser);
    expect(chart.benchmark).toMatchObject({ isin: 'IE00B4L5Y983', type: 'stock' });
    expect(chart.benchmark.chart).toHaveLength(chart.chart.length);
  });

  it('answers a cold home while the default benchmark cannot be placed, asking no provider again', async () => {
    // No source can place the default benchmark at start: the failure is backed off.
    providersDown();
    const { browser, portfolioId } = await account(true);
    expect(await benchmarkFinds(2)).toBe(2);
    // Apple is placed as it is added; the default benchmark's placement is still backed off.
    live.fake.reset();
    await oneApple(browser, portfolioId);
    await quoteRequests('AAPL', 1);
    providersDown();
    browser.cookies.set('selected_period', 'Year');
    const before = live.fake.requests().length;
    for (let visit = 0; visit < 3; visit++) {
      expect((await browser.json('GET', '/api/v1/user/valuation')).status).toBe(200);
      const chart = await browser.json('GET', '/api/v1/user/chart');
      expect(chart.status).toBe(200);
      // The line waits until the market knows where the benchmark trades.
      expect(chart.body).not.toHaveProperty('benchmark');
    }
    // Closing waits for the market's background work: none of it may have asked either.
    await Promise.all(running.splice(0).map((app) => app.close()));
    expect(
      live.fake
        .requests()
        .slice(before)
        .map((r) => `${r.provider} ${r.path}`),
    ).toEqual([]);
  });

  it('places the default benchmark as soon as a chart wants it, not at the next round', async () => {
    // The start's placement finds no source, and waits out its back-off.
    providersDown();
    const { browser, portfolioId } = await account(true);
    expect(await benchmarkFinds(2)).toBe(2);
    live.fake.reset();
    await oneBitcoin(browser, portfolioId);
    browser.cookies.set('selected_period', 'Year');
    // Past the back-off; the next round (every 10 minutes) is not due. Sessions last two hours.
    live.clock += 5 * 60_000;
    await logIn(browser);
    const chart = await chartWithBenchmark(browser);
    expect(chart.benchmark.isin).toBe('IE00B4L5Y983');
  });

  it.runIf(postgresUrl)(
    'loads a listing once when two processes on one PostgreSQL take it up at once',
    async () => {
      const first = await serve();
      const second = await serve(first.databaseUrl);
      const [ida, bo] = await Promise.all([
        loggedIn(first.origin, 'ida@example.com'),
        loggedIn(second.origin, 'bo@example.com'),
      ]);
      const [idaPortfolio, boPortfolio] = await Promise.all([portfolio(ida), portfolio(bo)]);
      const buy = { shares: 1, share_price: 300, currency_code: 'NOK', date: '2026-05-04' };
      // The first process's load is still under way when the second asks for the same listing.
      live.fake.setMode('yahoo', 'slow');
      const created = await Promise.all([
        create(ida, idaPortfolio, 'NO0010096985', buy),
        create(bo, boPortfolio, 'NO0010096985', buy),
      ]);
      expect(created.map((c): unknown => c.body.data.quote.source)).toEqual(['yahoo', 'yahoo']);
      const histories = live.fake
        .requests()
        .filter((r) => r.path === '/v8/finance/chart/EQNR.OL' && r.query.interval === '1d');
      expect(histories).toHaveLength(1);
    },
  );
});
