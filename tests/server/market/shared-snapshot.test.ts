// A home's calls come together after a start: their snapshots share each read of the stored
// prices instead of each reading every listing and the rates again.
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { InvestmentRow } from '../../../src/contract/store';
import { MarketDataError, type QuoteProvider } from '../../../src/market/port';
import { liveMarket } from '../../../src/server/market/live-market';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import { PriceStore } from '../../../src/server/sql/price-store';
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

it('reads each listing and the rates once for snapshots asked together', async () => {
  const prices = new PriceStore(database.db, database.dialect);
  for (const symbol of ['NOVO-B.CO', 'ORSTED.CO'])
    await prices.saveListing(copenhagenListing(symbol));
  const reads: string[] = [];
  const closes = prices.closeSeries.bind(prices);
  prices.closeSeries = (key) => {
    reads.push(key);
    return closes(key);
  };
  const euroRates = prices.euroRates.bind(prices);
  prices.euroRates = (currencies) => {
    reads.push('rates');
    return euroRates(currencies);
  };
  const market = liveMarket({
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
  await Promise.all([1, 2, 3].map(() => market.snapshot(investments)));
  expect(reads.sort()).toEqual(['rates', 'yahoo:NOVO-B.CO', 'yahoo:ORSTED.CO']);
});
