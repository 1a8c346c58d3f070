// Add investment's suggestions on a live server: the catalogue answers at once, and CoinGecko's
// coins join a later answer when its request had to queue (behind a login's history loads, say);
// an ISIN outside the catalogue is named by its listing.
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  MarketDataError,
  type ListingCandidate,
  type ListingFound,
  type QuoteProvider,
} from '../../../src/market/port';
import { liveMarket, type LiveMarket } from '../../../src/server/market/live-market';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import { priceStore } from '../../../src/server/sql/market';

const PEPE: ListingFound = {
  provider: 'coingecko',
  symbol: 'pepe',
  name: 'Pepe',
  exchange: 'CoinGecko',
};

let database: OpenedDatabase;
beforeEach(async () => {
  database = await openDatabase('sqlite::memory:');
});
afterEach(() => database.close());

const notAsked = () => Promise.reject(new MarketDataError('unavailable', 'not asked here'));
const quotes: QuoteProvider = { id: 'yahoo', history: notAsked, latest: notAsked };

/**
 * A live market whose CoinGecko search is `search`, and whose ISIN lookups find `listings`;
 * nothing else may be asked.
 */
function marketSearching(
  search: (query: string) => Promise<ListingFound[]>,
  listings: ListingCandidate[] = [],
): LiveMarket {
  return liveMarket({
    prices: priceStore(database.db, database.dialect),
    providers: {
      quotes: { yahoo: quotes, coingecko: { ...quotes, id: 'coingecko' } },
      finders: [{ byIsin: () => Promise.resolve(listings) }],
      coins: { search, bySymbol: notAsked },
      // OpenFIGI's names are name-search.test.ts's: none here.
      names: { byName: () => Promise.resolve([]) },
      fx: { rates: notAsked },
    },
    coinSearchWaitMs: 10,
  });
}

it('answers from the catalogue while CoinGecko is still to answer, and adds its coins later', async () => {
  const asked: string[] = [];
  let answer: (coins: ListingFound[]) => void = () => undefined;
  const market = marketSearching((query) => {
    asked.push(query);
    return new Promise((resolve) => (answer = resolve));
  });
  expect((await market.search('pe')).map((s) => s.isin)).not.toContain('PEPE');
  answer([PEPE]);
  expect(await market.search('pe')).toContainEqual({
    type: 'crypto',
    isin: 'PEPE',
    name: 'Pepe',
    currency: 'USD',
  });
  expect(asked).toEqual(['pe']);
});

it('a failed search leaves the catalogue', async () => {
  const market = marketSearching(notAsked);
  const found = await market.search('novo');
  expect(found.map((s) => s.name)).toEqual(['Novo Nordisk B', 'Novonesis B']);
});

it('names an ISIN outside the catalogue by its home listing, OpenFIGI’s having no currency', async () => {
  // A made-up ISIN (its check digit right): what matters is that no catalogue knows it.
  const market = marketSearching(notAsked, [
    { provider: 'yahoo', symbol: 'FUNDX.DE', name: 'FUND X', exchange: 'XETRA', mic: 'XETR' },
    {
      provider: 'yahoo',
      symbol: 'FUNDX.CO',
      name: 'FUND X KL',
      exchange: 'Copenhagen',
      mic: 'XCSE',
    },
  ]);
  expect(await market.search('dk0016000003')).toEqual([
    { type: 'stock', isin: 'DK0016000003', name: 'FUND X KL', currency: 'DKK' },
  ]);
  expect(await market.search('DK0016000004')).toEqual([]);
});
