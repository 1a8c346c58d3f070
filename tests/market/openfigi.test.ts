// The OpenFIGI adapter: an ISIN's Bloomberg listings as Yahoo symbols, unknown ISINs, errors,
// and the API key header sent only when there is a key; its search by name, which gives no ISIN.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpClient } from '../../src/market/port';
import { openFigi, openFigiSearch } from '../../src/market/providers/openfigi';
import { startFakeMarket, type FakeMarket } from '../fake-market/server';
import { NOW, client, marketError } from './provider-contract';

let market: FakeMarket;
beforeAll(async () => {
  market = await startFakeMarket({ now: () => NOW });
});
afterEach(() => market.reset());
afterAll(() => market.close());

const figi = (apiKey?: string, http: HttpClient = client('openfigi')) =>
  openFigi({ baseUrl: market.url, http, apiKey, now: () => NOW });

describe('OpenFIGI mapping', () => {
  it('maps an ISIN to Yahoo symbols of the table’s exchanges, skipping venues outside it', async () => {
    expect(await figi().byIsin('DK0062498333')).toEqual([
      {
        provider: 'yahoo',
        symbol: 'NOVO-B.CO',
        name: 'NOVO NORDISK A/S-B',
        exchange: 'Copenhagen',
        mic: 'XCSE',
      },
      {
        provider: 'yahoo',
        symbol: 'NOVC.DE',
        name: 'NOVO NORDISK A/S-B',
        exchange: 'Xetra',
        mic: 'XETR',
      },
    ]);
  });

  it.each([
    ['DK0060005254', ['SPIGA.CO']],
    ['DK0010244508', ['MAERSK-B.CO']],
    ['SE0000108656', ['ERIC-B.ST']],
    ['GB0009895292', ['AZN.L']],
    ['DE0007164600', ['SAP.DE', 'SAP.F']],
    ['NL0000235190', ['AIR.PA', 'AIR.DE']],
  ])('%s is %j', async (isin, symbols) => {
    expect((await figi().byIsin(isin)).map((c) => c.symbol)).toEqual(symbols);
  });

  it('lists a US share once, by its venue rather than the US composite', async () => {
    expect(await figi().byIsin('US0378331005')).toEqual([
      { provider: 'yahoo', symbol: 'AAPL', name: 'APPLE INC', exchange: 'NASDAQ', mic: 'XNAS' },
    ]);
    expect((await figi().byIsin('US4781601046')).map((c) => c.exchange)).toEqual(['NYSE']);
  });

  it('an ISIN nobody lists ("No identifier found.") gives no listings', async () => {
    expect(await figi().byIsin('DK0000000019')).toEqual([]);
  });

  it('a job OpenFIGI refuses is a bad response', async () => {
    expect((await marketError(figi().byIsin('not-an-isin'))).kind).toBe('bad-response');
  });

  it('posts one ISIN job as JSON, without a key header when there is no key', async () => {
    await figi().byIsin('DK0062498333');
    const [request] = market.requests();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v3/mapping');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual([{ idType: 'ID_ISIN', idValue: 'DK0062498333' }]);
    expect(request.headers).not.toHaveProperty('x-openfigi-apikey');
  });

  it('sends X-OPENFIGI-APIKEY when a key is set', async () => {
    await figi('secret-key').byIsin('DK0062498333');
    expect(market.requests()[0].headers['x-openfigi-apikey']).toBe('secret-key');
  });

  it.each([
    ['429', 'rate-limited'],
    ['503', 'unavailable'],
  ] as const)('a %s is %s', async (mode, kind) => {
    market.setMode('openfigi', mode);
    expect((await marketError(figi().byIsin('DK0062498333'))).kind).toBe(kind);
  });

  it('an answer of another shape is a bad response', async () => {
    const http: HttpClient = () =>
      Promise.resolve({ status: 200, header: () => undefined, text: '{"data": []}' });
    expect((await marketError(figi(undefined, http).byIsin('DK0062498333'))).kind).toBe(
      'bad-response',
    );
  });
});

describe('OpenFIGI search', () => {
  const search = (http: HttpClient = client('openfigi')) =>
    openFigiSearch({ baseUrl: market.url, http, now: () => NOW });

  it('finds listings by name with ticker, exchange and kind, never an ISIN', async () => {
    expect(await search().byName('sparinvest emerging')).toEqual([
      {
        provider: 'yahoo',
        symbol: 'SPIEM.CO',
        ticker: 'SPIEM',
        name: 'SPARINVEST INDEX EMERGING MARKETS KL',
        exchange: 'Copenhagen',
        mic: 'XCSE',
        kind: 'fund',
      },
    ]);
    const [request] = market.requests();
    expect(request.path).toBe('/v3/search');
    expect(JSON.parse(request.body)).toEqual({
      query: 'sparinvest emerging',
      marketSecDes: 'Equity',
    });
  });

  it('an error answer is a bad response', async () => {
    const http: HttpClient = () =>
      Promise.resolve({ status: 200, header: () => undefined, text: '{"error": "Bad query"}' });
    expect((await marketError(search(http).byName('x'))).kind).toBe('bad-response');
  });
});
