// @vitest-environment jsdom
// The API client against the real mock server: every answer it gives decodes, and the Sanctum
// protocol (CSRF cookie, 419 retry, 401) works end to end.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, createHttp, type Api } from '../../src/api';
import type { ApiError } from '../../src/api/errors';
import { makeServer, type MockServer } from '../../src/mock-server';

const NOW = Date.UTC(2026, 10, 2, 12);
const DEMO = { email: 'demo@example.com', password: 'demo1234' };

let server: MockServer;
let api: Api;

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  server = makeServer({ environment: 'test', now: () => NOW });
  api = createApi(createHttp({ origin: '' }));
});

afterEach(() => {
  server.shutdown();
});

async function login(): Promise<void> {
  await api.initCsrf();
  await api.login(DEMO);
}

describe('session', () => {
  it('logs in after the CSRF cookie and reports logged in', async () => {
    await api.initCsrf();
    expect(await api.checkAuth()).toBe(false);
    expect(await api.login(DEMO)).toEqual({ name: expect.any(String), email: DEMO.email });
    expect(await api.checkAuth()).toBe(true);
    await api.logout();
    expect(await api.checkAuth()).toBe(false);
  });

  it('a login without the cookie first gets 419, fetches it and succeeds on the retry', async () => {
    expect(await api.login(DEMO)).toMatchObject({ email: DEMO.email });
  });

  it('bad credentials are a 422 on email', async () => {
    await api.initCsrf();
    const error = (await api
      .login({ ...DEMO, password: 'wrong' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.fieldErrors.email).toEqual(['These credentials do not match our records.']);
  });

  it('an expired session: the GET is 401 and the listener hears it', async () => {
    await login();
    const listener = vi.fn();
    api.onUnauthenticated(listener);
    server.faults.expireSession();
    await expect(api.getPortfolios()).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledOnce();
  });
});

describe('every read decodes', () => {
  it('user, valuation, lists, charts, statistics and currencies', async () => {
    await login();
    expect((await api.getUser()).email).toBe(DEMO.email);
    const valuation = await api.getValuation();
    expect(Number.isFinite(valuation.value.value)).toBe(true);
    const portfolios = await api.getPortfolios();
    const investments = await api.getInvestments();
    expect(portfolios.length).toBeGreaterThan(0);
    expect(investments.length).toBeGreaterThan(0);
    const events = await api.getEvents();
    expect(events.some((e) => e.type === 'split')).toBe(true);
    expect(events.some((e) => e.type === 'div')).toBe(true);
    expect((await api.getChart('user')).points.length).toBeGreaterThan(0);
    await api.getChart('portfolio', portfolios[0].id);
    await api.getChart('investment', investments[0].id);
    const stats = await api.getPortfolioStats(portfolios[0].id);
    expect(Number.isFinite(stats.costs)).toBe(true);
    await api.getInvestmentStats(investments[0].id);
    expect(await api.getCurrencies()).toContain('DKK');
  });

  it('an unknown id is a 404 with its message', async () => {
    await login();
    await expect(api.getInvestmentStats('999999')).rejects.toMatchObject({
      status: 404,
      message: 'Not found. It may have been deleted.',
    });
  });
});

describe('writes', () => {
  it('validate-only creates nothing; the real create does, and an event can be added', async () => {
    await login();
    const before = (await api.getPortfolios()).length;
    expect(await api.createPortfolio({ name: 'Tech' }, { validateOnly: true })).toBeNull();
    expect(await api.getPortfolios()).toHaveLength(before);
    const created = await api.createPortfolio({ name: 'Tech' }, { validateOnly: false });
    expect(created?.name).toBe('Tech');

    const payload = {
      investment: { portfolio_id: created!.id, name: 'Apple' },
      instrument: { type: 'stock' as const, isin: 'US0378331005' },
      buy_event: { shares: 3, share_price: 190.5, fee: 0, currency_code: 'USD' },
    };
    expect(await api.createInvestment(payload, { validateOnly: true })).toBeNull();
    const apple = await api.createInvestment(payload, { validateOnly: false });
    expect(apple?.shares).toBe(3);

    const sale = await api.createEvent(apple!.id, 'sell', {
      shares: 1,
      share_price: 200,
      fee: 1,
      currency_code: 'USD',
    });
    expect(sale).toMatchObject({ type: 'sell', investment_id: apple!.id, shares: 1 });

    const renamed = await api.renameInvestment(apple!.id, 'Apple Inc');
    expect(renamed.name).toBe('Apple Inc');
  });

  it('selling more than held is a 422 on shares', async () => {
    await login();
    const [first] = await api.getInvestments();
    const error = (await api
      .createEvent(first.id, 'sell', { shares: 1e9, share_price: 1, fee: 0, currency_code: 'DKK' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(422);
    expect(error.fieldErrors.shares?.length).toBeGreaterThan(0);
  });

  it('validateInstrument knows the catalogue', async () => {
    await login();
    expect(await api.validateInstrument('US0378331005', 'stock')).toBe(true);
    expect(await api.validateInstrument('ETH', 'crypto')).toBe(true);
    expect(await api.validateInstrument('NOSUCHCOIN', 'crypto')).toBe(false);
  });

  it('updateUser saves the profile', async () => {
    await login();
    expect(await api.updateUser({ name: 'Renamed', email: DEMO.email })).toEqual({
      name: 'Renamed',
      email: DEMO.email,
    });
  });
});

describe('faults', () => {
  it('throttled: 429 with retryAfter', async () => {
    await login();
    server.faults.throttle(20);
    await expect(api.getPortfolios()).rejects.toMatchObject({ status: 429, retryAfter: 20 });
  });

  it('one CSRF mismatch: the client fetches a fresh cookie and the retry creates once', async () => {
    await login();
    const before = (await api.getPortfolios()).length;
    const listener = vi.fn();
    api.onUnauthenticated(listener);
    server.faults.csrfMismatch();
    expect(await api.createPortfolio({ name: 'Once' }, { validateOnly: false })).toMatchObject({
      name: 'Once',
    });
    expect(await api.getPortfolios()).toHaveLength(before + 1);
    expect(listener).not.toHaveBeenCalled();
  });

  it('two CSRF mismatches: unauthenticated, nothing created; the next change goes through', async () => {
    await login();
    const before = (await api.getPortfolios()).length;
    const listener = vi.fn();
    api.onUnauthenticated(listener);
    server.faults.csrfMismatch(2);
    await expect(
      api.createPortfolio({ name: 'Twice' }, { validateOnly: false }),
    ).rejects.toMatchObject({ status: 419 });
    expect(listener).toHaveBeenCalledOnce();
    expect(await api.getPortfolios()).toHaveLength(before);
    await api.createPortfolio({ name: 'Twice' }, { validateOnly: false });
    expect(await api.getPortfolios()).toHaveLength(before + 1);
  });

  it('offline: a network error', async () => {
    await login();
    server.faults.offline();
    await expect(api.getPortfolios()).rejects.toMatchObject({ kind: 'network' });
  });

  it('failing: a generic 5xx message', async () => {
    await login();
    server.faults.fail();
    await expect(api.getPortfolios()).rejects.toMatchObject({
      status: 500,
      message: 'The server had a problem. Please try again in a moment.',
    });
  });
});

describe('what the mock answers', () => {
  it('leaves requests outside /api and /sanctum to the network', async () => {
    // jsdom has no server behind it: a request that reaches the network fails there, not in Mirage.
    const failure = await fetch('/manifest.webmanifest').then(
      () => 'answered',
      (error: unknown) => String(error),
    );
    expect(failure).not.toMatch(/Mirage/);
  });
});

describe('the demo', () => {
  it('writes nothing to the console for its requests', async () => {
    // The demo runs Mirage in its development environment, where Mirage logged every request and
    // answer as a console group: hundreds per visit, which the browser serialised for DevTools.
    server.shutdown();
    server = makeServer({ environment: 'development', timing: 0, now: () => NOW });
    const written = (['log', 'info', 'debug', 'group', 'groupCollapsed'] as const).map((method) =>
      vi.spyOn(console, method).mockImplementation(() => undefined),
    );
    try {
      await login();
      await api.getPortfolios();
      for (const spy of written) expect(spy).not.toHaveBeenCalled();
    } finally {
      for (const spy of written) spy.mockRestore();
    }
  });
});
