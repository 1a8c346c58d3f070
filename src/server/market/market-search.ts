// Suggestions for a search: the catalogue and the listings this server has resolved first, no
// provider asked; then a typed ISIN's home listing, CoinGecko's coins and OpenFIGI's names, each
// asked at most once an hour per query and waited for only a little.
import { diagnoseIsin, normaliseIdentifier } from '../../domain/isin';
import { CATALOGUE } from '../../domain/market';
import { foldSearchText } from '../../domain/instrument-search';
import type { InstrumentSuggestion } from '../../contract/market/market';
import { exchangeByMic } from '../../market/exchanges';
import { majorUnits } from '../../market/ingest';
import type { ListingFound, NamedListing } from '../../market/port';
import type { ListingResolution } from './listing-resolution';
import type { Providers } from './providers';
import type { ResolvedListings } from './resolved-listings';
import { HOUR } from './sync';
import { within } from './within';

/** Shorter names match too much of OpenFIGI's listings to be worth one of its few searches. */
const MIN_NAME_SEARCH = 3;

export interface MarketSearchOptions {
  providers: Providers;
  now: () => number;
  log?: { warn(details: object, message: string): void };
  /** How long a search waits for a provider before answering without. */
  coinSearchWaitMs: number;
  resolved: ResolvedListings;
  homeOf: ListingResolution['homeOf'];
}

export function marketSearch(options: MarketSearchOptions) {
  const { providers, now, log, coinSearchWaitMs, resolved, homeOf } = options;

  /** A provider's answers by query, asked at most once an hour; kept while still on their way. */
  function askedHourly(
    kept: Map<string, { time: number; found: Promise<InstrumentSuggestion[]> }>,
    query: string,
    ask: (query: string) => Promise<InstrumentSuggestion[]>,
  ): Promise<InstrumentSuggestion[]> {
    let asked = kept.get(query);
    if (!asked || asked.time < now() - HOUR) {
      // A failure only leaves the other suggestions.
      asked = { time: now(), found: ask(query).catch(() => []) };
      kept.set(query, asked);
    }
    return within(asked.found, coinSearchWaitMs, []);
  }
  const coinSearches = new Map<string, { time: number; found: Promise<InstrumentSuggestion[]> }>();
  const nameSearches = new Map<string, { time: number; found: Promise<InstrumentSuggestion[]> }>();
  const coinSuggestions = (coins: readonly ListingFound[]): InstrumentSuggestion[] =>
    coins.slice(0, 5).flatMap((coin) => {
      const ticker = (coin.isin ?? coin.symbol).toUpperCase();
      return /^[A-Z0-9]{1,20}$/.test(ticker)
        ? [{ type: 'crypto' as const, isin: ticker, name: coin.name, currency: 'USD' }]
        : [];
    });
  /** OpenFIGI's listings by name: no ISIN, so offered by ticker and exchange for one to be typed. */
  const nameSuggestions = (listings: readonly NamedListing[]): InstrumentSuggestion[] =>
    listings.slice(0, 5).flatMap((listing) => {
      const exchange = exchangeByMic(listing.mic ?? '');
      if (!exchange) return [];
      const { currency } = majorUnits(exchange.currency);
      const { name, ticker } = listing;
      return [
        { type: 'stock' as const, isin: null, name, currency, ticker, exchange: exchange.name },
      ];
    });

  /**
   * A well-formed ISIN neither the catalogue nor the resolved listings know, named by its home
   * listing (as Add investment's check has just resolved it): a Danish fund only OpenFIGI knows.
   */
  async function identified(query: string): Promise<InstrumentSuggestion[]> {
    const code = normaliseIdentifier(query);
    if (diagnoseIsin(code)) return [];
    const { home, quoted, stored } = await homeOf(code);
    // The suggestion does not wait for the write (the identifier's check has usually made it).
    stored.catch((error: unknown) => log?.warn({ isin: code, err: error }, 'listing not stored'));
    if (!home || !quoted) return [];
    const currency = majorUnits(quoted).currency;
    return [{ type: 'stock', isin: code, name: home.name, currency }];
  }

  async function search(query: string): Promise<InstrumentSuggestion[]> {
    // The catalogue and what this server has resolved from an ISIN: no provider is asked.
    const known = (await resolved.search(CATALOGUE, query)).map((i) => ({
      type: i.type,
      isin: i.code,
      name: i.name,
      currency: i.currency,
    }));
    if (known.length === 0) {
      // Resolved for the identifier's check just before, so usually at once; else a later search.
      const byIsin = await within(identified(query), coinSearchWaitMs, []);
      if (byIsin.length > 0) return byIsin;
    }
    const folded = query.trim().toLowerCase();
    if (folded.length < 2) return known;
    const coinsAsked = askedHourly(coinSearches, folded, (q) =>
      providers.coins.search(q).then(coinSuggestions),
    );
    // Names only when what is known is short of a few: each search costs OpenFIGI's low limit.
    const namesAsked =
      // Only when nothing known matches: its hits name the known instruments again without an ISIN.
      known.length === 0 && folded.length >= MIN_NAME_SEARCH
        ? askedHourly(nameSearches, folded, (q) => providers.names.byName(q).then(nameSuggestions))
        : Promise.resolve([]);
    const [coins, names] = await Promise.all([coinsAsked, namesAsked]);
    const seen = new Set(known.map((s) => `${s.type}:${s.isin}`));
    const knownNames = new Set(known.map((s) => foldSearchText(s.name)));
    return [
      ...known,
      ...coins.filter((s) => !seen.has(`${s.type}:${s.isin}`)),
      // A listing whose ISIN is known is offered with it.
      ...names.filter((s) => !knownNames.has(foldSearchText(s.name))),
    ].slice(0, 8);
  }

  return search;
}
