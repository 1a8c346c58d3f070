// Danish funds outside the catalogue in Add investment's suggestions (issue 34, defect 7), on a
// live server with the providers' fakes, on SQLite or DATABASE_URL's PostgreSQL: a fund's ISIN
// typed once is named by its listing and stored with it; from then on its name finds it, for
// every user of the server and after a restart, without resolving anything. Before, OpenFIGI's
// search finds it by name, with no ISIN: its ticker and exchange, for the ISIN to be typed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startFakeMarket, type FakeMarket } from '../../fake-market/server';
import { Browser } from '../browser';
import { freshDatabaseUrl } from '../databases';
import { liveMarketAt, startQuietServer } from '../quiet-server';

const TODAY = '2026-11-24';

/** Funds of the fake market that the catalogue does not have. */
const SPARINVEST = {
  type: 'stock',
  isin: 'DK0060300762',
  // Only OpenFIGI knows it: Bloomberg's name, the currency of its exchange.
  name: 'SPARINVEST INDEX EMERGING MARKETS KL',
  currency: 'DKK',
};
const HOJT_UDBYTTE = {
  type: 'stock',
  isin: 'DK0060682375',
  name: 'Danske Invest Europa Højt Udbytte KL',
  currency: 'DKK',
};

/** What OpenFIGI's search says of SPARINVEST: no ISIN. */
const SPARINVEST_BY_NAME = {
  type: 'stock',
  isin: null,
  name: SPARINVEST.name,
  currency: 'DKK',
  ticker: 'SPIEM',
  exchange: 'Copenhagen',
};

let fake: FakeMarket;
let folder: string;
const running: FastifyInstance[] = [];

beforeAll(async () => {
  fake = await startFakeMarket({ today: TODAY, ratesFrom: '2026-01-02' });
  folder = await mkdtemp(join(tmpdir(), 'formue-name-search-'));
});
afterAll(async () => {
  await fake.close();
  await rm(folder, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((app) => app.close()));
  fake.reset();
});

/** A database that outlives its server: PostgreSQL's, else an SQLite file. */
async function database(): Promise<string> {
  const url = await freshDatabaseUrl();
  return url === 'sqlite::memory:' ? `sqlite:${join(folder, `${Date.now()}.sqlite`)}` : url;
}

async function serve(databaseUrl: string): Promise<string> {
  const { app, origin } = await startQuietServer(databaseUrl, { market: liveMarketAt(fake.url) });
  running.push(app);
  return origin;
}

async function loggedIn(origin: string, email: string): Promise<Browser> {
  const browser = new Browser(origin);
  expect((await browser.register(email)).status).toBe(200);
  return browser;
}

async function search(browser: Browser, text: string): Promise<unknown[]> {
  const answer = await browser.json(
    'GET',
    `/api/v1/instruments?search=${encodeURIComponent(text)}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.instruments as unknown[];
}

/** Add investment's check of a typed ISIN, which resolves it. */
async function validate(browser: Browser, isin: string): Promise<void> {
  const answer = await browser.json('POST', '/api/v1/instruments/validate', {
    type: 'stock',
    isin,
  });
  expect(answer.body).toEqual({ valid: true });
}

it('a typed ISIN of a Danish fund only OpenFIGI knows is named by its listing', async () => {
  const ida = await loggedIn(await serve(await database()), 'ida@example.com');
  await validate(ida, SPARINVEST.isin);
  expect(await search(ida, SPARINVEST.isin.toLowerCase())).toEqual([SPARINVEST]);
});

it('finds a fund resolved once by its name, for every user and after a restart, from what is stored', async () => {
  const url = await database();
  const ida = await loggedIn(await serve(url), 'ida@example.com');
  expect(await search(ida, 'sparinvest')).toEqual([SPARINVEST_BY_NAME]);
  await validate(ida, SPARINVEST.isin);
  await validate(ida, HOJT_UDBYTTE.isin);
  expect(await search(ida, 'Sparinvest')).toEqual([SPARINVEST]);

  await Promise.all(running.splice(0).map((app) => app.close()));
  fake.reset();
  // Failing providers cost the search nothing: what is stored answers.
  for (const provider of ['yahoo', 'openfigi', 'coingecko'] as const) fake.setMode(provider, '503');
  const bo = await loggedIn(await serve(url), 'bo@example.com');
  // Case, accents and Danish letters folded, as the catalogue's search does.
  expect(await search(bo, 'sparinvest index')).toEqual([SPARINVEST]);
  expect(await search(bo, 'hojt udbytte')).toEqual([HOJT_UDBYTTE]);
  expect(await search(bo, 'HØJT')).toEqual([HOJT_UDBYTTE]);
  expect(await search(bo, HOJT_UDBYTTE.isin)).toEqual([HOJT_UDBYTTE]);
  // Beside the catalogue's matches, ranked by the same rule.
  const danske = (await search(bo, 'danske')).map((found) => (found as { name: string }).name);
  expect(danske).toEqual(['Danske Bank', HOJT_UDBYTTE.name]);
  // Nothing resolved: OpenFIGI's search only was asked (and failed).
  const asked = fake.requests().filter((r) => r.provider === 'yahoo' || r.path === '/v3/mapping');
  expect(asked).toEqual([]);
});

it("offers a name only OpenFIGI's search knows with its ticker and exchange, and no ISIN", async () => {
  const ida = await loggedIn(await serve(await database()), 'ida@example.com');
  expect(await search(ida, 'Sparinvest Emerging')).toEqual([SPARINVEST_BY_NAME]);
  // A name the catalogue knows does not ask OpenFIGI, whose hits would offer it again without
  // its ISIN ("NOVO NORDISK A/S-B" beside "Novo Nordisk B").
  const sparindex = await search(ida, 'sparindex');
  expect(sparindex).toEqual([
    {
      type: 'stock',
      isin: 'DK0060005254',
      name: 'Sparindex INDEX Globale Aktier KL',
      currency: 'DKK',
    },
  ]);
  // Asked once an hour per query, restricted to what Formue can price.
  await search(ida, 'Sparinvest Emerging');
  const searches = fake.requests().filter((r) => r.path === '/v3/search');
  expect(searches.map((r) => JSON.parse(r.body) as unknown)).toEqual([
    { query: 'sparinvest emerging', marketSecDes: 'Equity' },
  ]);
});

it("answers the catalogue's matches when OpenFIGI's search fails", async () => {
  fake.setMode('openfigi', '503');
  const ida = await loggedIn(await serve(await database()), 'ida@example.com');
  expect(await search(ida, 'Sparinvest')).toEqual([]);
  const novo = (await search(ida, 'novo')).map((found) => (found as { name: string }).name);
  expect(novo).toContain('Novo Nordisk B');
});
