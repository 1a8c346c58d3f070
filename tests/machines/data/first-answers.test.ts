// The data actor on the real API client, given the answers the page came with (issue 37): it
// takes them as its first answers, decoded as the server's, without asking; each once, and none
// after a change, a lost session, or once the first screen has asked.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { createApi, createHttp, type Http } from '../../../src/api';
import { dataMachine, type ResourceKey } from '../../../src/machines/data/data.machine';
import { flush } from '../support';
import { USER_CHART } from './start-data';

const USER = { user: { name: 'Ida', email: 'ida@example.com' } };
const VALUATION = {
  valuation: {
    value: { value: 1200.5, change: 12.25, changeRatio: 0.0103 },
    positions: { lifetime: 200.5, realised: 0, unrealised: 200.5 },
  },
};
const PORTFOLIOS = {
  portfolios: [
    {
      id: 7,
      name: 'Pension',
      kind: 'free',
      investments: 1,
      value: 1200.5,
      change: 12.25,
      changeRatio: 0.0103,
      change_percentage: 1.03,
      positions: { lifetime: 200.5, realised: 0, unrealised: 200.5 },
    },
  ],
};
const CHART = {
  chart: [
    { time: '2026-11-28T12:00:00.000Z', value: 1188.25 },
    { time: '2026-11-29T12:00:00.000Z', value: 1200.5 },
  ],
};
/** What the server answers, by path under /api/v1. */
const SERVER: Record<string, object> = {
  '/user': USER,
  '/user/valuation': VALUATION,
  '/portfolios': PORTFOLIOS,
  '/user/chart': CHART,
  '/auth/login': USER,
};
const HOME: ResourceKey[] = ['user', 'valuation', 'portfolios', USER_CHART];

/** The paths asked of the server, in order. */
let asked: string[];

beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const path = new URL(input).pathname.replace('/api/v1', '');
      asked.push(path);
      const body = SERVER[path];
      return Promise.resolve(
        body
          ? Response.json(body)
          : Response.json({ message: 'Unauthenticated.' }, { status: 401 }),
      );
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/**
 * A data actor in a session (unless `session` is false: then `open` starts it), its HTTP given
 * `firstAnswers` as the page's.
 */
function start(firstAnswers: Record<string, unknown> = {}, { session = true } = {}) {
  const http = createHttp({
    origin: 'http://formue.test',
    readCookie: () => undefined,
    firstAnswers: new Map(Object.entries(firstAnswers)),
  });
  const api = createApi(http);
  const data = createActor(dataMachine, { input: { api } }).start();
  const open = () => data.send({ type: 'refresh.all' });
  if (session) open();
  const need = (...keys: ResourceKey[]) => data.send({ type: 'resource.needed', keys });
  return { http, api, data, open, need };
}

const held = ({ data }: { data: ReturnType<typeof start>['data'] }) => {
  const { user, valuation, portfolios, charts, entries } = data.getSnapshot().context;
  return { user, valuation, portfolios, charts, entries };
};

describe("the page's answers", () => {
  it("are the first answers: nothing is asked, and they read as the server's own", async () => {
    const page = start({
      '/user': USER,
      '/user/valuation': VALUATION,
      '/portfolios': PORTFOLIOS,
      '/user/chart': CHART,
    });
    page.need(...HOME);
    await flush();
    expect(asked).toEqual([]);
    const fromPage = held(page);
    for (const key of HOME) expect(fromPage.entries[key]?.status).toBe('loaded');

    const server = start();
    server.need(...HOME);
    await flush();
    expect(asked).toEqual(['/user', '/user/valuation', '/portfolios', '/user/chart']);
    expect(fromPage).toEqual(held(server));
    expect(fromPage.portfolios?.[0]?.name).toBe('Pension');
  });

  it('are taken when the session starts, before a screen needs them, so it renders with them', async () => {
    const page = start({ '/user': USER, '/portfolios': PORTFOLIOS, '/user/chart': CHART });
    await flush();
    const taken = held(page);
    expect(taken.portfolios?.[0]?.name).toBe('Pension');
    expect(taken.charts[USER_CHART]).toHaveLength(2);
    for (const key of ['user', 'portfolios', USER_CHART])
      expect(taken.entries[key]?.status).toBe('loaded');
    // What the page did not carry waits for a screen to need it.
    expect(taken.entries.valuation).toBeUndefined();
    page.need(...HOME);
    await flush();
    expect(asked).toEqual(['/user/valuation']);
  });

  it('are checked as an answer of the server is: one of the wrong shape fails alike', async () => {
    const wrong = { valuation: { value: 'a lot' } };
    const page = start({ '/user/valuation': wrong });
    page.need('valuation');
    await flush();
    SERVER['/user/valuation'] = wrong;
    try {
      const server = start();
      server.need('valuation');
      await flush();
      expect(held(page).entries.valuation?.status).toBe('failed');
      expect(held(page).entries.valuation).toEqual(held(server).entries.valuation);
    } finally {
      SERVER['/user/valuation'] = VALUATION;
    }
  });

  it('answer each call once: the next load of the same asks the server', async () => {
    const page = start({ '/user/valuation': VALUATION });
    page.need('valuation');
    await flush();
    expect(asked).toEqual([]);
    page.data.send({ type: 'refresh.valuation' });
    await flush();
    expect(asked).toEqual(['/user/valuation']);
  });

  it("are dropped by a change: after a login, the session's own figures come from the server", async () => {
    const page = start(
      { '/user': { user: { name: 'Before', email: 'before@example.com' } } },
      { session: false },
    );
    await page.api.login({ email: 'ida@example.com', password: 'secret-password' });
    page.open();
    page.need('user');
    await flush();
    expect(asked).toEqual(['/auth/login', '/user']);
    expect(page.data.getSnapshot().context.user?.name).toBe('Ida');
  });

  it('are dropped when the session is lost', async () => {
    const page = start({ '/portfolios': PORTFOLIOS }, { session: false });
    await expect(page.api.getInvestments()).rejects.toThrow();
    expect(asked).toEqual(['/investments']);
    page.open();
    page.need('portfolios');
    await flush();
    expect(asked).toEqual(['/investments', '/portfolios']);
  });

  it('are dropped once the first screen has asked: a screen opened later asks the server', async () => {
    const page = start({ '/user/chart': CHART }, { session: false });
    (page.http satisfies Http).forgetFirstAnswers();
    page.open();
    page.need(USER_CHART);
    await flush();
    expect(asked).toEqual(['/user/chart']);
  });
});
