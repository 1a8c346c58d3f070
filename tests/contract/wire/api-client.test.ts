// Every call of the app's real HTTP client (src/api) against the mock: answers decode, and each
// failure arrives as the ApiError the machines expect. The wire-level details (status codes,
// exact bodies) are pinned by the other contract tests through a raw client.
import { expect, it, vi } from 'vitest';
import { ApiError, createApi, createHttp, type Api } from '../../../src/api';
import { DEMO, NOW, setCookie, startServer, plainSplit, describeMock } from '../support';

function client(): Api {
  return createApi(createHttp({ origin: '' }));
}

async function demoClient(): Promise<Api> {
  const api = client();
  await api.initCsrf();
  await api.login(DEMO);
  return api;
}

async function freshClient(): Promise<Api> {
  const api = client();
  await api.initCsrf();
  await api.register({
    name: 'Client',
    email: `client${Math.random()}@example.com`,
    password: 'long-enough',
  });
  return api;
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as ApiError,
  );

describeMock('the API client against the mock', () => {
  it('auth: check, login, user, logout', async () => {
    startServer();
    const api = client();
    await api.initCsrf();
    expect(await api.checkAuth()).toBe(false);
    expect(await api.login(DEMO)).toEqual({ name: 'Demo', email: 'demo@example.com' });
    expect(await api.checkAuth()).toBe(true);
    expect(await api.getUser()).toEqual({ name: 'Demo', email: 'demo@example.com' });
    await api.logout();
    expect(await api.checkAuth()).toBe(false);
  });

  it('login after logout works without a new cookie fetch: the token is read per call', async () => {
    startServer();
    const api = await demoClient();
    await api.logout();
    expect(await api.login(DEMO)).toEqual({ name: 'Demo', email: 'demo@example.com' });
  });

  it('a 422 carries the field errors', async () => {
    startServer();
    const api = client();
    await api.initCsrf();
    const error = await rejection(api.login({ email: DEMO.email, password: 'nope-nope' }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.status).toBe(422);
    expect(error?.fieldErrors).toEqual({ email: ['These credentials do not match our records.'] });
  });

  it('register and update the profile', async () => {
    startServer();
    const api = await freshClient();
    expect(await api.getPortfolios()).toEqual([]);
    expect(
      await api.updateUser({
        name: 'New',
        email: 'new@example.com',
        current_password: 'long-enough',
      }),
    ).toEqual({
      name: 'New',
      email: 'new@example.com',
    });
  });

  it('reads every list and figure of the demo account', async () => {
    startServer();
    const api = await demoClient();
    const portfolios = await api.getPortfolios();
    const investments = await api.getInvestments();
    const events = await api.getEvents();
    expect(portfolios.length).toBeGreaterThanOrEqual(3);
    expect(investments.length).toBeGreaterThanOrEqual(12);
    expect(events.length).toBeGreaterThan(20);
    expect(typeof portfolios[0].id).toBe('string');
    expect(investments.map((i) => i.portfolio_id)).toContain(portfolios[0].id);
    const valuation = await api.getValuation();
    expect(valuation.value.value).toBeCloseTo(
      investments.reduce((sum, i) => sum + i.value, 0),
      6,
    );
    expect((await api.getChart('user')).points.length).toBeGreaterThan(200);
    expect((await api.getChart('portfolio', portfolios[0].id)).points.length).toBeGreaterThan(200);
    expect((await api.getChart('investment', investments[0].id)).points.length).toBeGreaterThan(
      200,
    );
    const stats = await api.getPortfolioStats(portfolios[0].id);
    expect(stats.shares).toBeGreaterThan(0);
    expect((await api.getInvestmentStats(investments[0].id)).shares).toBe(investments[0].shares);
    expect(await api.getCurrencies()).toContain('DKK');
    expect(await api.validateInstrument('US0378331005', 'stock')).toBe(true);
    expect(await api.validateInstrument('NOSUCHCOIN', 'crypto')).toBe(false);
  });

  it('creates portfolios, investments and each kind of event', async () => {
    startServer({ prices: () => 120 });
    const api = await freshClient();
    expect(await api.createPortfolio({ name: 'Checked' }, { validateOnly: true })).toBeNull();
    expect(await api.getPortfolios()).toEqual([]);
    const portfolio = await api.createPortfolio({ name: 'Pension' }, { validateOnly: false });
    expect(portfolio?.name).toBe('Pension');
    const payload = {
      investment: { portfolio_id: portfolio?.id ?? '', name: 'Novo' },
      instrument: { type: 'stock' as const, isin: 'DK0062498333' },
      buy_event: { shares: 10, share_price: 100, fee: 0, currency_code: 'DKK' },
    };
    expect(await api.createInvestment(payload, { validateOnly: true })).toBeNull();
    const investment = await api.createInvestment(payload, { validateOnly: false });
    expect(investment).toMatchObject({ name: 'Novo', shares: 10, portfolio_id: portfolio?.id });
    const id = investment?.id ?? '';
    const trade = { shares: 2, share_price: 110, fee: 1, currency_code: 'DKK' };
    expect((await api.createEvent(id, 'buy', trade)).type).toBe('buy');
    expect((await api.createEvent(id, 'sell', trade)).type).toBe('sell');
    expect((await api.createEvent(id, 'dividend', { amount: 5, currency_code: 'DKK' })).type).toBe(
      'div',
    );
    const split = await api.createEvent(id, 'split', plainSplit(20));
    expect(split).toMatchObject({ type: 'split', from_shares: 10, to_shares: 20 });
    expect((await api.renamePortfolio(portfolio?.id ?? '', 'Renamed')).name).toBe('Renamed');
    expect((await api.renameInvestment(id, 'Novo B')).name).toBe('Novo B');
    expect((await api.getEvents()).map((e) => e.type).sort()).toEqual([
      'buy',
      'buy',
      'div',
      'sell',
      'split',
    ]);
  });

  it('selling more than held is a 422 on shares', async () => {
    startServer();
    const api = await demoClient();
    const [investment] = await api.getInvestments();
    const error = await rejection(
      api.createEvent(investment.id, 'sell', {
        shares: 1e8,
        share_price: 1,
        fee: 0,
        currency_code: 'DKK',
      }),
    );
    expect(error?.status).toBe(422);
    expect(error?.fieldErrors.shares?.[0]).toMatch(/held/);
  });

  it('another user’s id is a 404', async () => {
    startServer();
    const demo = await demoClient();
    const [investment] = await demo.getInvestments();
    await demo.logout();
    const other = await freshClient();
    const error = await rejection(other.getInvestmentStats(investment.id));
    expect(error?.status).toBe(404);
  });

  it('an expired session: a GET reports 401 to the listener', async () => {
    const server = startServer();
    const api = await demoClient();
    const listener = vi.fn();
    api.onUnauthenticated(listener);
    server.faults.expireSession();
    const error = await rejection(api.getPortfolios());
    expect(error?.status).toBe(401);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('an expired session: a POST gets 419, fetches a new cookie, retries once, then 401', async () => {
    const server = startServer();
    const api = await demoClient();
    const listener = vi.fn();
    api.onUnauthenticated(listener);
    server.faults.expireSession();
    const error = await rejection(api.createPortfolio({ name: 'Lost' }, { validateOnly: false }));
    expect(error?.status).toBe(401);
    expect(listener).toHaveBeenCalledTimes(1);
    await api.login(DEMO);
    expect((await api.getPortfolios()).map((p) => p.name)).not.toContain('Lost');
  });

  it('a stale token (419) is cured by the retry and creates exactly once', async () => {
    startServer();
    const api = await demoClient();
    setCookie('XSRF-TOKEN', 'stale');
    await api.createPortfolio({ name: 'Once' }, { validateOnly: false });
    expect((await api.getPortfolios()).filter((p) => p.name === 'Once')).toHaveLength(1);
  });

  it('throttling, a server error and going offline arrive as ApiErrors', async () => {
    let now = NOW;
    const server = startServer({ now: () => now });
    const api = await demoClient();
    server.faults.throttle(30);
    const throttled = await rejection(api.getPortfolios());
    expect(throttled?.status).toBe(429);
    expect(throttled?.retryAfter).toBe(30);
    now += 30_000;
    server.faults.fail();
    const failed = await rejection(api.getPortfolios());
    expect(failed?.status).toBe(500);
    server.faults.clear();
    server.faults.offline();
    const offline = await rejection(api.getPortfolios());
    expect(offline?.kind).toBe('network');
    server.faults.clear();
    expect((await api.getPortfolios()).length).toBeGreaterThan(0);
  });

  it('resetDemo restores the seeded data', async () => {
    startServer();
    const api = await demoClient();
    const before = await api.getPortfolios();
    await api.createPortfolio({ name: 'Temporary' }, { validateOnly: false });
    await api.resetDemo();
    expect(await api.getPortfolios()).toEqual(before);
  });
});
