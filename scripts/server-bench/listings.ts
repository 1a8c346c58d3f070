// bench:server's listings, without the database: which listing number n is (a coin, or a Yahoo
// listing of a venue) and which numbers a run of `count` listings stores.
import { exchangeByMic, type Exchange } from '../../src/market/exchanges';
import { majorUnits } from '../../src/market/ingest';
import type { ListingRecord } from '../../src/server/sql/market';

/** Listings 0 to COINS - 1 are coins (CoinGecko: a close every UTC day); the rest Yahoo's. */
export const COINS = 10;
/** Where Yahoo listing n trades, by n % 10: Copenhagen most, then the US, the euro, London. */
const VENUES = ['XCSE', 'XCSE', 'XCSE', 'XCSE', 'XNAS', 'XNYS', 'XETR', 'XPAR', 'XLON', 'XSTO'];

/** Listing n's record, and its exchange (none for a coin). */
export function listingAt(n: number): { record: ListingRecord; exchange: Exchange | undefined } {
  if (n < COINS) {
    const symbol = `coin-${n}`;
    return {
      record: {
        key: `coingecko:${symbol}`,
        provider: 'coingecko',
        symbol,
        name: `Coin ${n}`,
        exchange: 'CoinGecko',
        mic: null,
        assetClass: 'crypto',
        currency: 'USD',
        quoteCurrency: 'USD',
        timezone: 'UTC',
      },
      exchange: undefined,
    };
  }
  // Every other Nordic listing is Oslo's; every other Xetra listing a fund, and one Copenhagen
  // listing in 20 a Danish fund (investeringsforening).
  const mic = n % 20 === 19 ? 'XOSL' : VENUES[n % 10];
  const exchange = exchangeByMic(mic);
  if (!exchange) throw new Error(`no exchange ${mic}`);
  const symbol = `SYM${n}${exchange.yahooSuffix}`;
  return {
    record: {
      key: `yahoo:${symbol}`,
      provider: 'yahoo',
      symbol,
      name: `Listing ${n}`,
      exchange: exchange.name,
      mic: exchange.mic,
      assetClass:
        (mic === 'XETR' && n % 20 === 16) || (mic === 'XCSE' && n % 20 === 13) ? 'fund' : 'stock',
      currency: majorUnits(exchange.currency).currency,
      quoteCurrency: exchange.currency,
      timezone: exchange.timezone,
    },
    exchange,
  };
}

/** Listings to this number are one of every currency and asset class `listingAt` makes. */
const POOLS_WITHIN = COINS + 20;

/**
 * Which listings `count` stored listings are, in order: the first `count`, or below
 * `POOLS_WITHIN` the first of each currency and asset class and then the first of the rest, so
 * that every investment finds a listing of its currency and class (account.ts's `listingsFor`)
 * at any count of at least one per pool (`POOLS_WITHIN` and more: the first `count` alike).
 */
export function listingNumbers(count: number): number[] {
  if (count >= POOLS_WITHIN) return Array.from({ length: count }, (_, n) => n);
  const pools = new Set<string>();
  const firsts: number[] = [];
  const rest: number[] = [];
  for (let n = 0; n < POOLS_WITHIN; n++) {
    const { record } = listingAt(n);
    const pool = `${record.currency}:${record.assetClass}`;
    (pools.has(pool) ? rest : firsts).push(n);
    pools.add(pool);
  }
  if (count < firsts.length)
    throw new Error(`--listings=${count}: at least ${firsts.length}, one per currency and class`);
  return [...firsts, ...rest].slice(0, count).sort((a, b) => a - b);
}
