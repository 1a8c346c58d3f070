// An instrument's identifier resolved to its listings: an ISIN through every listing finder (its
// home exchange's listing first), a coin's symbol through CoinGecko; kept a day.
import { findInstrument } from '../../domain/market';
import {
  diagnoseIsin,
  describeIsinProblem,
  normaliseIdentifier,
  UNKNOWN_SYMBOL,
} from '../../domain/isin';
import type { InstrumentType } from '../../domain/types';
import type { Accepted, ListingOption, Refused } from '../../contract/market/market';
import { homeExchanges } from '../../market/exchanges';
import { majorUnits } from '../../market/ingest';
import type { ListingCandidate } from '../../market/port';
import type { ListingRecord } from '../sql/market';
import type { Providers } from './providers';
import type { ResolvedListings } from './resolved-listings';
import { exchangeOf, HOUR } from './sync';

/** The catalogue's coins, for when CoinGecko cannot be asked: their ids never change. */
const KNOWN_COINS: Readonly<Record<string, string>> = {
  BTC: 'bitcoin',
  ETH: 'ethereum',
  SOL: 'solana',
  XRP: 'ripple',
  BNB: 'binancecoin',
  ADA: 'cardano',
  DOGE: 'dogecoin',
};

/** Listings of an ISIN are kept this long before providers are asked again. */
const RESOLUTION_TTL_MS = 24 * HOUR;

export const UNREACHABLE = 'The price sources cannot be reached now; try again in a minute.';

export interface ListingResolutionOptions {
  providers: Providers;
  now: () => number;
  log?: { warn(details: object, message: string): void };
  /** Candidates seen, by listing key: what a listing row is made of before its history. */
  candidates: Map<string, ListingCandidate>;
  resolved: ResolvedListings;
  /** The listing's row, from what is known of it. */
  recordOf: (key: string) => ListingRecord;
}

export function listingResolution(options: ListingResolutionOptions) {
  const { providers, now, log, candidates, resolved, recordOf } = options;
  const resolutions = new Map<string, { time: number; candidates: ListingCandidate[] }>();

  /** Listings of an ISIN from every finder, the first finder's first; undefined if none could be asked. */
  async function findListings(isin: string): Promise<ListingCandidate[] | undefined> {
    const known = resolutions.get(isin);
    if (known && known.time > now() - RESOLUTION_TTL_MS) return known.candidates;
    const answers = await Promise.allSettled(providers.finders.map((f) => f.byIsin(isin)));
    if (answers.every((a) => a.status === 'rejected')) {
      log?.warn({ isin }, 'no listing source could be asked');
      return undefined;
    }
    const seen = new Set<string>();
    const found: ListingCandidate[] = [];
    for (const answer of answers) {
      if (answer.status !== 'fulfilled') continue;
      for (const candidate of answer.value) {
        const key = `${candidate.provider}:${candidate.symbol}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(candidate);
        candidates.set(key, candidate);
      }
    }
    resolutions.set(isin, { time: now(), candidates: found });
    return found;
  }

  /** A candidate's quoted currency: the finder's, else its exchange's (OpenFIGI names none). */
  const quotedCurrency = (candidate: ListingCandidate): string | undefined =>
    candidate.currency ?? exchangeOf(candidate.provider, candidate.symbol, candidate.mic)?.currency;

  const optionOf = (candidate: ListingCandidate): ListingOption => {
    const quoted = quotedCurrency(candidate);
    return {
      id: `${candidate.provider}:${candidate.symbol}`,
      symbol: candidate.symbol,
      name: candidate.name,
      exchange: candidate.exchange,
      currency: quoted ? majorUnits(quoted).currency : null,
    };
  };

  /** The listing on an exchange of the ISIN's country, else the first found. */
  function homeListing(isin: string, found: readonly ListingCandidate[]) {
    const home = new Set(homeExchanges(isin.slice(0, 2)).map((e) => e.mic));
    return found.find((c) => c.mic !== undefined && home.has(c.mic)) ?? found[0];
  }

  /**
   * An ISIN's listings and its home one, with its currency as quoted. `stored` is done once a
   * home listing whose currency is known is stored with the ISIN, so that a search by name finds
   * it from then on.
   */
  async function homeOf(isin: string) {
    const found = (await findListings(isin)) ?? [];
    const home = found.length > 0 ? homeListing(isin, found) : undefined;
    const quoted = home && quotedCurrency(home);
    const stored =
      home && quoted ? resolved.remember(recordOf(optionOf(home).id), isin) : Promise.resolve();
    return { found, home, quoted, stored };
  }

  async function resolveCoin(symbol: string): Promise<Accepted | Refused> {
    const known = resolutions.get(`crypto:${symbol}`);
    let coin: ListingCandidate | undefined =
      known && known.time > now() - RESOLUTION_TTL_MS ? known.candidates[0] : undefined;
    let unreachable = false;
    if (!known || known.time <= now() - RESOLUTION_TTL_MS) {
      try {
        coin = await providers.coins.bySymbol(symbol);
        resolutions.set(`crypto:${symbol}`, { time: now(), candidates: coin ? [coin] : [] });
      } catch {
        unreachable = true;
      }
    }
    if (!coin && KNOWN_COINS[symbol])
      coin = {
        provider: 'coingecko',
        symbol: KNOWN_COINS[symbol],
        name: findInstrument('crypto', symbol)?.name ?? symbol,
        exchange: 'CoinGecko',
        currency: 'USD',
        kind: 'crypto',
      };
    if (!coin) return { refusal: unreachable ? UNREACHABLE : UNKNOWN_SYMBOL };
    candidates.set(optionOf(coin).id, coin);
    return acceptedCoin(symbol, coin);
  }

  function acceptedCoin(symbol: string, coin: ListingCandidate): Accepted {
    const option = optionOf(coin);
    return { code: symbol, name: coin.name, listing: option.id, listings: [option] };
  }

  function acceptedIsin(isin: string, found: readonly ListingCandidate[]): Accepted {
    const home = found.length > 0 ? homeListing(isin, found) : undefined;
    return {
      code: isin,
      name: home?.name ?? findInstrument('stock', isin)?.name,
      listing: home ? optionOf(home).id : null,
      listings: found.map(optionOf),
    };
  }

  /** What `resolve` found for an identifier while it is kept, asking no provider. */
  function known(type: InstrumentType, raw: string): Accepted | undefined {
    const code = normaliseIdentifier(raw);
    const kept = resolutions.get(type === 'crypto' ? `crypto:${code}` : code);
    if (!kept || kept.time <= now() - RESOLUTION_TTL_MS) return undefined;
    if (type !== 'crypto') return acceptedIsin(code, kept.candidates);
    const coin = kept.candidates.at(0);
    return coin && acceptedCoin(code, coin);
  }

  async function resolve(type: InstrumentType, raw: string): Promise<Accepted | Refused> {
    const code = normaliseIdentifier(raw);
    if (type === 'crypto') {
      if (!/^[A-Z0-9]{1,20}$/.test(code)) return { refusal: UNKNOWN_SYMBOL };
      return resolveCoin(code);
    }
    const problem = diagnoseIsin(code);
    if (problem) return { refusal: describeIsinProblem(problem) };
    // An ISIN no source knows (or none can be asked now) is still taken: typed prices value it.
    const { found, stored } = await homeOf(code);
    await stored;
    return acceptedIsin(code, found);
  }

  return { resolve, known, homeOf };
}

export type ListingResolution = ReturnType<typeof listingResolution>;
