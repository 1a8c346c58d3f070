// @vitest-environment jsdom
// The demo's first figures (src/demo-first-figures.ts), computed when the demo is built: they are
// the figures the demo server answers a device logged in to its untouched account, and the digest
// they carry tells such a device's stored tables from any other.
import { afterEach, beforeEach, expect, test } from 'vitest';
import { createApi, createHttp, type Api } from '../../src/api';
import { demoFirstFigures } from '../../src/demo-first-figures';
import { browserStorage } from '../../src/machines/app/platform';
import { FIGURES_KEY, readFigures } from '../../src/machines/data/remembered-figures';
import { makeServer, STORAGE_KEY, type MockServer } from '../../src/mock-server';
import { load } from '../../src/mock-server/memory/stored';
import { tablesDigest } from '../../src/mock-server/memory/tables-digest';

const NOW = Date.UTC(2026, 10, 2, 12);
const DEMO = { email: 'demo@example.com', password: 'demo1234' };

let server: MockServer;
let api: Api;

beforeEach(async () => {
  localStorage.clear();
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  server = makeServer({ environment: 'test', storage: localStorage, now: () => NOW });
  api = createApi(createHttp({ origin: '' }));
  await api.initCsrf();
  await api.login(DEMO);
});

afterEach(() => {
  server.shutdown();
});

/** The digest of the demo's tables as this device keeps them. */
function storedDigest(): string {
  const stored = load(localStorage);
  if (stored.kind !== 'loaded') throw new Error('The demo kept no tables');
  return tablesDigest(stored.tables);
}

test("are the demo server's answers to home's first calls, as a visit keeps them", async () => {
  const first = await demoFirstFigures(NOW);
  const kept = readFigures({
    get: (key) => (key === first.figuresKey ? first.figures : null),
    set: () => undefined,
    remove: () => undefined,
  });
  expect(first).toMatchObject({ tablesKey: STORAGE_KEY, figuresKey: FIGURES_KEY, period: 'Day' });
  expect(kept).toEqual({
    user: { data: await api.getUser(), period: 'Day' },
    valuation: { data: await api.getValuation(), period: 'Day' },
    portfolios: { data: await api.getPortfolios(), period: 'Day' },
    investments: { data: await api.getInvestments(), period: 'Day' },
  });
  expect(browserStorage.get(FIGURES_KEY)).toBeNull();
});

test("a device logged in to the seeded account after home's reads has their tables' digest", async () => {
  await Promise.all([api.getUser(), api.getValuation(), api.getPerformance({ type: 'user' })]);
  expect(storedDigest()).toBe((await demoFirstFigures(NOW)).digest);
});

test('an event added, or another account registered, changes the digest', async () => {
  const { digest } = await demoFirstFigures(NOW);
  const [investment] = await api.getInvestments();
  await api.createEvent(investment.id, 'sell', {
    shares: 1,
    share_price: 1,
    fee: 0,
    currency_code: 'DKK',
  });
  const edited = storedDigest();
  expect(edited).not.toBe(digest);

  await server.resetDemoData();
  expect(storedDigest()).toBe(digest);
  await api.logout();
  await api.register({
    name: 'Other',
    email: 'other@example.com',
    password: 'another password 7',
  });
  expect(storedDigest()).not.toBe(digest);
});
