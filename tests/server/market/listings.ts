// A stored Copenhagen listing, as a provider's search would have placed it.
import type { ListingRecord } from '../../../src/server/sql/market';

export const copenhagenListing = (symbol: string): ListingRecord => ({
  key: `yahoo:${symbol}`,
  provider: 'yahoo',
  symbol,
  name: symbol,
  exchange: 'Copenhagen',
  mic: 'XCSE',
  assetClass: 'stock',
  currency: 'DKK',
  quoteCurrency: 'DKK',
  timezone: 'Europe/Copenhagen',
});
