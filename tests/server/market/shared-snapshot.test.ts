// A home's calls come together after a start: their snapshots share each read of the stored
// prices instead of each reading every listing and the rates again; a snapshot reads its listings
// in one read, and a server's start (preload) reads them before any snapshot asks.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { InvestmentRow } from '../../../src/contract/store';
import { MarketDataError, type QuoteProvider } from '../../../src/market/port';
import { liveMarket } from '../../../src/server/market/live-market';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import { priceStore, type PriceStore } from '../../../src/server/sql/market';
import { copenhagenListing } from './listings';

let database: OpenedDatabase;
beforeEach(async () => {
  database = await openDatabase('sqlite::memory:');
});
afterEach(() => database.close());

const notAsked = () => Promise.reject(new MarketDataError('unavailable', 'not asked here'));
const quotes: QuoteProvider = { id: 'yahoo', history: notAsked, latest: notAsked };

const held = (id: number, listing: string): InvestmentRow => ({
  id,
  userId: 1,
  portfolioId: 1,
  name: listing,
  type: 'stock',
  code: 'DK0062498333',
  listing,
  version: 1,
});

function counted(prices: PriceStore): string[] {
  const reads: string[] = [];
  const closes = prices.closeSeriesOf.bind(prices);
  prices.closeSeriesOf = (keys) => {
    reads.push(`closes of ${keys.join(' and ')}`);
    return closes(keys);
  };
  const euroRates = prices.euroRates.bind(prices);
  prices.euroRates = (currencies) => {
    reads.push('rates');
    return euroRates(currencies);
  };
  return reads;
}

async function twoListings(): Promise<PriceStore> {
  const prices = priceStore(database.db, database.dialect);
  for (const symbol of ['NOVO-B.CO', 'ORSTED.CO'])
    await prices.saveListing(copenhagenListing(symbol));
  return prices;
}

const marketOf = (prices: PriceStore) =>
  liveMarket({
    prices,
    providers: {
      quotes: { yahoo: quotes, coingecko: { ...quotes, id: 'coingecko' } },
      finders: [],
      coins: { search: notAsked, bySymbol: notAsked },
      names: { byName: notAsked },
      fx: { rates: notAsked },
    },
  });

const investments = [held(1, 'yahoo:NOVO-B.CO'), held(2, 'yahoo:ORSTED.CO')];

it('reads the listings once, in one read, and the rates once for snapshots asked together', async () => {
  const prices = await twoListings();
  const reads = counted(prices);
  const market = marketOf(prices);
  await Promise.all([1, 2, 3].map(() => market.snapshot(investments)));
  expect(reads.sort()).toEqual(['closes of yahoo:NOVO-B.CO and yahoo:ORSTED.CO', 'rates']);
});

it('reads nothing more for a snapshot after the held listings were read at start', async () => {
  const prices = await twoListings();
  await database.db
    .insertInto('users')
    .values({ id: 1, name: 'A', email: 'a@example.com', password_hash: 'x' })
    .execute();
  await database.db.insertInto('portfolios').values({ id: 1, user_id: 1, name: 'P' }).execute();
  await database.db
    .insertInto('investments')
    .values(
      investments.map((i) => ({
        id: i.id,
        user_id: 1,
        portfolio_id: 1,
        name: i.name,
        type: i.type,
        code: i.code,
        listing: i.listing,
      })),
    )
    .execute();
  const reads = counted(prices);
  const market = marketOf(prices);
  await market.preload();
  expect(reads.sort()).toEqual(['closes of yahoo:NOVO-B.CO and yahoo:ORSTED.CO', 'rates']);
  await market.snapshot(investments);
  expect(reads).toHaveLength(2);
});
