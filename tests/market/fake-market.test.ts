// The fake market itself: steered over HTTP from another process, a price for every instrument
// of the demo's catalogue, consistent answers across endpoints, and its standalone entry point.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE } from '../../src/domain/market';
import { coinGecko } from '../../src/market/providers/coingecko';
import { openFigi } from '../../src/market/providers/openfigi';
import { yahooListings, yahooQuotes } from '../../src/market/providers/yahoo';
import { startFakeMarket, type FakeMarket } from '../fake-market/server';
import { NOW, TODAY, client } from './provider-contract';

let market: FakeMarket;
beforeAll(async () => {
  market = await startFakeMarket({ now: () => NOW });
});
afterEach(() => market.reset());
afterAll(() => market.close());

const post = (path: string, body?: unknown) =>
  fetch(`${market.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

describe('steering over HTTP', () => {
  it('sets a provider’s mode, lists the requests, and resets', async () => {
    expect((await post('/__fake/mode', { provider: 'yahoo', mode: '503' })).status).toBe(200);
    const refused = await fetch(`${market.url}/v8/finance/chart/AAPL?interval=5m&range=1d`);
    expect(refused.status).toBe(503);
    // Other providers are untouched.
    expect(
      (await fetch(`${market.url}/api/v3/simple/price?ids=bitcoin&vs_currencies=usd`)).status,
    ).toBe(200);
    const log = await (await fetch(`${market.url}/__fake/requests`)).json();
    expect(log.map((r: { provider: string; path: string }) => [r.provider, r.path])).toEqual([
      ['yahoo', '/v8/finance/chart/AAPL'],
      ['coingecko', '/api/v3/simple/price'],
    ]);
    expect(log[0].query).toEqual({ interval: '5m', range: '1d' });
    expect((await post('/__fake/reset')).status).toBe(200);
    expect(await (await fetch(`${market.url}/__fake/requests`)).json()).toEqual([]);
    expect((await fetch(`${market.url}/v8/finance/chart/AAPL?interval=5m&range=1d`)).status).toBe(
      200,
    );
  });

  it('refuses an unknown provider or mode', async () => {
    expect((await post('/__fake/mode', { provider: 'bloomberg', mode: '503' })).status).toBe(400);
    expect((await post('/__fake/mode', { provider: 'ecb', mode: 'flaky' })).status).toBe(400);
  });

  it('answers in the services’ content types', async () => {
    const chart = await fetch(`${market.url}/v8/finance/chart/AAPL?interval=1d&range=5d`);
    expect(chart.headers.get('content-type')).toBe('application/json;charset=utf-8');
    const ecb = await fetch(`${market.url}/stats/eurofxref/eurofxref-daily.xml`);
    expect(ecb.headers.get('content-type')).toBe('text/xml');
    const limited =
      (market.setMode('ecb', '429'),
      await fetch(`${market.url}/stats/eurofxref/eurofxref-daily.xml`));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('30');
  });

  it('answers one OpenFIGI result per job, in order', async () => {
    const answer = await post('/v3/mapping', [
      { idType: 'ID_ISIN', idValue: 'DK0000000019' },
      { idType: 'ID_ISIN', idValue: 'US0378331005' },
      { idType: 'ID_CUSIP', idValue: '037833100' },
    ]);
    const [unknown, apple, cusip] = await answer.json();
    expect(unknown).toEqual({ warning: 'No identifier found.' });
    expect(apple.data.map((r: { exchCode: string }) => r.exchCode)).toEqual(['US', 'UW']);
    expect(cusip).toHaveProperty('error');
  });
});

describe('the demo catalogue is priced', () => {
  const stocks = CATALOGUE.filter((i) => i.type === 'stock');
  const coins = CATALOGUE.filter((i) => i.type === 'crypto');

  it.each(stocks.map((i) => [i.code, i.name, i.currency]))(
    '%s (%s) has a listing quoted in %s, with closes',
    async (isin, _name, currency) => {
      const options = { baseUrl: market.url, http: client('fake'), now: () => NOW };
      const fromYahoo = await yahooListings(options).byIsin(isin);
      const candidates = fromYahoo.length > 0 ? fromYahoo : await openFigi(options).byIsin(isin);
      expect(candidates.length).toBeGreaterThan(0);
      const history = await yahooQuotes(options).history(candidates[0].symbol, '2025-03-03', TODAY);
      expect(history.closes.length).toBeGreaterThanOrEqual(8);
      // London's pence are the catalogue's pounds.
      expect(history.currency === 'GBp' ? 'GBP' : history.currency).toBe(currency);
    },
  );

  it.each(coins.map((i) => [i.code]))('crypto %s has a coin with prices', async (ticker) => {
    const gecko = coinGecko({ baseUrl: market.url, http: client('fake'), now: () => NOW });
    const coin = await gecko.bySymbol(ticker);
    expect(coin).toBeDefined();
    expect((await gecko.latest(coin?.symbol ?? '')).price).toMatch(/^\d+(\.\d+)?$/);
  });

  it('a day’s close and the latest price after the close agree', async () => {
    const quotes = yahooQuotes({ baseUrl: market.url, http: client('fake') });
    const history = await quotes.history('NOVO-B.CO', TODAY, TODAY);
    const latest = await quotes.latest('NOVO-B.CO');
    expect(latest.day).toBe(TODAY);
    expect(history.closes).toEqual([{ day: TODAY, close: latest.price }]);
  });
});

describe('standalone', () => {
  it('prints its URL and answers there until stopped', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/fake-market/main.ts'], {
      env: { ...process.env, FAKE_MARKET_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let printed = '';
      child.stdout.setEncoding('utf8');
      while (!/fake market on (http:\S+)/.test(printed)) {
        const [chunk] = (await once(child.stdout, 'data')) as [string];
        printed += chunk;
      }
      const url = /fake market on (http:\/\/127\.0\.0\.1:\d+)/.exec(printed)?.[1];
      expect(url).toBeDefined();
      const answer = await fetch(`${url}/api/v3/search?query=eth`);
      expect((await answer.json()).coins[0].id).toBe('ethereum');
    } finally {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    }
  });
});
