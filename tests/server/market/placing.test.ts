// An instrument a request wants placed without waiting (the default benchmark): the live market
// answers from what it knows, and places the rest in the background at once, asking the
// providers there.
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  MarketDataError,
  type ListingCandidate,
  type QuoteProvider,
} from '../../../src/market/port';
import { liveMarket, type LiveMarket } from '../../../src/server/market/live-market';
import { openDatabase, type OpenedDatabase } from '../../../src/server/sql/connect';
import { priceStore } from '../../../src/server/sql/market';

const MSCI_WORLD = 'IE00B4L5Y983';
const XETRA: ListingCandidate = {
  provider: 'yahoo',
  symbol: 'EUNL.DE',
  name: 'iShares Core MSCI World UCITS ETF',
  exchange: 'XETRA',
  mic: 'XETR',
  currency: 'EUR',
};

let database: OpenedDatabase;
beforeEach(async () => {
  database = await openDatabase('sqlite::memory:');
});
afterEach(() => database.close());

const failing = () => Promise.reject(new MarketDataError('unavailable', 'down'));

/**
 * A live market whose providers record what they are asked; only the ISIN finder may answer
 * (with `found`), the others fail.
 */
function recordingMarket(
  asked: string[],
  found: () => Promise<ListingCandidate[]> = () => Promise.resolve([XETRA]),
): LiveMarket {
  const quotes: QuoteProvider = {
    id: 'yahoo',
    history: (symbol, since) => {
      asked.push(`history ${symbol} ${since}`);
      return failing();
    },
    latest: failing,
  };
  return liveMarket({
    prices: priceStore(database.db, database.dialect),
    now: () => Date.parse('2026-11-24T22:00:00Z'),
    providers: {
      quotes: { yahoo: quotes, coingecko: { ...quotes, id: 'coingecko' } },
      finders: [
        {
          byIsin: (isin) => {
            asked.push(`listings ${isin}`);
            return found();
          },
        },
      ],
      coins: { search: failing, bySymbol: failing },
      names: { byName: () => Promise.resolve([]) },
      fx: { rates: failing },
    },
  });
}

it('places a wanted instrument at once in the background, one placement for requests meanwhile', async () => {
  const asked: string[] = [];
  let answer = (_found: ListingCandidate[]) => {};
  const market = recordingMarket(asked, () => new Promise((resolve) => (answer = resolve)));
  // The answer does not wait for the providers, which have not answered yet.
  expect(await market.placed('stock', MSCI_WORLD, '2024-03-01')).toBeUndefined();
  // A second user's request needs its history from earlier; the first placement is under way.
  expect(await market.placed('stock', MSCI_WORLD, '2023-05-02')).toBeUndefined();
  answer([XETRA]);

  // No round has run: the first request started the placement.
  await market.settled();
  expect(asked).toEqual([`listings ${MSCI_WORLD}`, 'history EUNL.DE 2024-03-01']);
  expect((await market.placed('stock', MSCI_WORLD, '2023-05-02'))?.listing).toBe('yahoo:EUNL.DE');

  // Another process on the same database finds it stored, and asks nothing.
  const other: string[] = [];
  const placed = await recordingMarket(other).placed('stock', MSCI_WORLD, '2023-05-02');
  expect(placed).toMatchObject({ code: MSCI_WORLD, listing: 'yahoo:EUNL.DE' });
  expect(other).toEqual([]);
});

it('asks no provider again while a failed placement is backed off', async () => {
  const asked: string[] = [];
  const market = recordingMarket(asked, failing);
  expect(await market.placed('stock', MSCI_WORLD, '2024-03-01')).toBeUndefined();
  await market.settled();
  expect(asked).toEqual([`listings ${MSCI_WORLD}`]);
  // Still unknown, so wanted again; the failure is backed off, so neither it nor a round asks.
  expect(await market.placed('stock', MSCI_WORLD, '2024-03-01')).toBeUndefined();
  await market.refresh();
  await market.settled();
  expect(asked).toEqual([`listings ${MSCI_WORLD}`]);
});
