// Add investment's suggestions from the listings this server has resolved from an ISIN (stored
// with it, migration 0010), ranked together with the catalogue by its rule: a Danish fund typed
// once by its ISIN is found by name (or ISIN) afterwards, by every user of the server, with no
// provider asked. Providers are not searched by name for them: neither OpenFIGI's search nor
// Yahoo's gives an ISIN, which a suggestion needs (docs/decisions.md).
import { searchInstruments } from '../../domain/instrument-search';
import type { Instrument } from '../../domain/market';
import type { ListingRecord, PriceStore } from '../sql/market';

/** What other processes resolved is read again after this long. */
const KEPT_MS = 60_000;

export interface ResolvedListings {
  /** Stores the listing an ISIN resolved to, with the ISIN (once per process). */
  remember(listing: ListingRecord, isin: string): Promise<void>;
  /** Instruments of the catalogue and of the resolved listings that match, best first. */
  search(catalogue: readonly Instrument[], query: string): Promise<Instrument[]>;
}

const instrumentOf = (listing: ListingRecord, isin: string): Instrument => ({
  type: 'stock',
  code: isin,
  name: listing.name,
  currency: listing.currency,
});

export function resolvedListings(prices: PriceStore, now: () => number): ResolvedListings {
  let kept: { time: number; read: Promise<Instrument[]> } | undefined;
  /** This process's resolutions since the last read began. */
  const added = new Map<string, Instrument>();
  const remembered = new Set<string>();

  function stored(): Promise<Instrument[]> {
    if (!kept || kept.time < now() - KEPT_MS) {
      added.clear();
      const read = prices
        .resolvedListings()
        .then((rows) => rows.map((row) => instrumentOf(row, row.isin)));
      // A failed read is not kept: the next search reads again.
      read.catch(() => {
        if (kept?.read === read) kept = undefined;
      });
      kept = { time: now(), read };
    }
    return kept.read;
  }

  return {
    async remember(listing, isin) {
      const key = `${listing.key} ${isin}`;
      if (remembered.has(key)) return;
      await prices.saveResolved(listing, isin);
      remembered.add(key);
      added.set(isin, instrumentOf(listing, isin));
    },
    async search(catalogue, query) {
      const seen = new Set(catalogue.map((i) => `${i.type}:${i.code}`));
      const others: Instrument[] = [];
      for (const instrument of [...(await stored()), ...added.values()]) {
        const key = `${instrument.type}:${instrument.code}`;
        if (seen.has(key)) continue;
        seen.add(key);
        others.push(instrument);
      }
      return searchInstruments([...catalogue, ...others], query);
    },
  };
}
