// The server's real market: instruments found through the providers, prices and rates read from
// the database (never from a provider while valuing), and kept fresh in the background: a
// listing's history when it is first held, its closes after each exchange close, its latest
// quote when a request finds it older than the TTL (one refresh per listing at a time, across
// processes on PostgreSQL), the ECB's rates once a day (sync.ts). A provider that fails costs the
// user nothing: figures come from what is stored, and the listing is tried again later, less often.
import { CURRENCIES, findInstrument, rateToDkk } from '../../domain/market';
import {
  diagnoseIsin,
  describeIsinProblem,
  normaliseIdentifier,
  UNKNOWN_SYMBOL,
} from '../../domain/isin';
import { CATALOGUE } from '../../domain/market';
import type { AssetClass, InstrumentType } from '../../domain/types';
import type {
  Accepted,
  InstrumentSuggestion,
  ListingOption,
  Market,
  ProviderAction,
  Refused,
} from '../../contract/market';
import { foldSearchText } from '../../domain/instrument-search';
import { phaseEnd, phaseSpent, phaseStart } from '../../contract/phases';
import type { MarketSnapshot, ProviderPricing, RateSource } from '../../contract/pricing';
import type { InvestmentRow } from '../../contract/store';
import { exchangeByMic, homeExchanges } from '../../market/exchanges';
import { majorUnits } from '../../market/ingest';
import type {
  CoinFinder,
  Day,
  FxProvider,
  ListingCandidate,
  ListingFinder,
  ListingFound,
  ListingSearch,
  NamedListing,
  NameSearch,
  QuoteProvider,
} from '../../market/port';
import { euroRateTable, storedPricing } from '../../market/stored-prices';
import { FX_KEY, type ListingRecord, type PriceStore } from '../sql/price-store';
import { resolvedListings } from './resolved-listings';
import { exchangeOf, HOUR, lacksHistory, marketSync, MINUTE, parseKey } from './sync';

export interface Providers {
  quotes: { yahoo: QuoteProvider; coingecko: QuoteProvider };
  /** Ways from an ISIN to listings, asked together; the first's listings come first. */
  finders: ListingFinder[];
  coins: CoinFinder & ListingSearch;
  /** Listings by name where no ISIN is given (OpenFIGI's search). */
  names: NameSearch;
  fx: FxProvider;
}

export interface LiveMarketOptions {
  prices: PriceStore;
  providers: Providers;
  now?: () => number;
  log?: {
    warn(details: object, message: string): void;
    info(details: object, message: string): void;
  };
  /** How long creating an investment waits for its first history before answering anyway. */
  firstLoadWaitMs?: number;
  /** A latest quote older than this is refreshed in the background when a request reads it. */
  quoteTtlMs?: number;
  /**
   * How long a search waits for a provider (CoinGecko's coins, OpenFIGI's names, a typed ISIN's
   * listings) before
   * answering without: its requests may queue behind a backlog (a login's history loads); what
   * it finds comes with a later search.
   */
  coinSearchWaitMs?: number;
}

/** What `work` gives within `ms`, or else `fallback`; the work goes on either way. */
async function within<T>(work: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The demo market's rate of a currency it knows; NaN for others. */
function syntheticRate(currency: string, time: number): number {
  return CURRENCIES.includes(currency) ? rateToDkk(currency, time) : NaN;
}

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

/** Shorter names match too much of OpenFIGI's listings to be worth one of its few searches. */
const MIN_NAME_SEARCH = 3;

/** Listings of an ISIN are kept this long before providers are asked again. */
const RESOLUTION_TTL_MS = 24 * HOUR;

export const UNREACHABLE = 'The price sources cannot be reached now; try again in a minute.';

export interface LiveMarket extends Market {
  /** One round of the scheduler: rates, and closes of listings whose exchange has closed. */
  refresh(): Promise<void>;
  /** Waits for background refreshes in flight (tests, shutdown). */
  settled(): Promise<void>;
  /** No more refreshes: what is in flight ends at its next step, storing nothing. */
  stop(): void;
}

interface KeptListing {
  version: number;
  record: ListingRecord | undefined;
  pricing: ProviderPricing | undefined;
}

export function liveMarket(options: LiveMarketOptions): LiveMarket {
  const { prices, providers } = options;
  const now = options.now ?? Date.now;
  const log = options.log;
  const firstLoadWaitMs = options.firstLoadWaitMs ?? 8_000;
  const quoteTtlMs = options.quoteTtlMs ?? 15 * MINUTE;
  const coinSearchWaitMs = options.coinSearchWaitMs ?? 2_000;

  const kept = new Map<string, KeptListing>();
  const resolved = resolvedListings(prices, now);
  /** Kept from its read on, so that concurrent snapshots share one. */
  let rates: { version: number; currencies: string; table: Promise<RateSource> } | undefined;
  const resolutions = new Map<string, { time: number; candidates: ListingCandidate[] }>();
  /** Candidates seen, by listing key: what a listing row is made of before its history. */
  const candidates = new Map<string, ListingCandidate>();
  const sync = marketSync({
    prices,
    quotes: providers.quotes,
    fx: providers.fx,
    now,
    log,
    quoteTtlMs,
    candidates,
    resolve,
  });
  const { singleFlight, loadHistory, refreshRates } = sync;

  /** The rates of every currency an investment may need, as stored. */
  function rateTable(version: number, listingCurrencies: string[]): Promise<RateSource> {
    const currencies = [...new Set([...CURRENCIES, ...listingCurrencies, 'DKK'])].sort().join();
    if (rates?.version === version && rates.currencies === currencies) return rates.table;
    const read = { version, currencies, table: readRates(currencies) };
    rates = read;
    // A failed read is not kept: the next snapshot reads again.
    read.table.catch(() => {
      if (rates === read) rates = undefined;
    });
    return read.table;
  }

  async function readRates(currencies: string): Promise<RateSource> {
    const reading = phaseStart();
    const euroRates = await prices.euroRates(currencies.split(','));
    phaseEnd('prices read', reading);
    const building = phaseStart();
    const stored = euroRateTable(euroRates);
    phaseEnd('price functions', building);
    // Until the ECB's rates are first loaded (a first start without a network), the demo
    // market's typical rates stand in, so figures are approximate rather than missing.
    return (currency, time) => {
      const rate = stored(currency, time);
      return Number.isNaN(rate) ? syntheticRate(currency, time) : rate;
    };
  }

  /** Listings being read, by key: concurrent snapshots (a home's calls) share one read. */
  const loading = new Map<string, { version: number; listing: Promise<KeptListing> }>();

  function keptListing(key: string, version: number): Promise<KeptListing> {
    const known = kept.get(key);
    if (known && known.version === version) return Promise.resolve(known);
    const inFlight = loading.get(key);
    if (inFlight?.version === version) return inFlight.listing;
    const listing = readListing(key, version);
    loading.set(key, { version, listing });
    const done = () => {
      if (loading.get(key)?.listing === listing) loading.delete(key);
    };
    void listing.then(done, done);
    return listing;
  }

  async function readListing(key: string, version: number): Promise<KeptListing> {
    const source = parseKey(key).provider;
    const priced = source === 'yahoo' || source === 'coingecko';
    // Together: PostgreSQL pays a round trip for each.
    const [record, closes, quote] = await Promise.all([
      prices.listing(key),
      priced ? prices.closes(key) : [],
      priced ? prices.quote(key) : undefined,
    ]);
    let pricing: ProviderPricing | undefined;
    if (record && priced) {
      const exchange = exchangeOf(record.provider, record.symbol, record.mic);
      const building = phaseStart();
      pricing = storedPricing({
        source,
        currency: record.currency,
        timezone: exchange?.timezone ?? record.timezone,
        close: exchange?.close,
        closes,
        quote,
      });
      phaseEnd('price functions', building);
    }
    const fresh = { version, record, pricing };
    kept.set(key, fresh);
    return fresh;
  }

  function facts(investment: InvestmentRow) {
    const record = investment.listing ? kept.get(investment.listing)?.record : undefined;
    const instrument = findInstrument(investment.type, investment.code);
    const fallback: AssetClass =
      investment.type === 'crypto' ? 'crypto' : /^(IE|LU)/.test(investment.code) ? 'fund' : 'stock';
    return {
      type: investment.type,
      code: investment.code,
      asset_class: record?.assetClass ?? fallback,
      currency: record?.currency ?? instrument?.currency,
    };
  }

  async function snapshot(investments: readonly InvestmentRow[]): Promise<MarketSnapshot> {
    const keys = [...new Set(investments.flatMap((i) => (i.listing ? [i.listing] : [])))];
    const states = await prices.syncStates([...keys, FX_KEY]);
    // In parallel: PostgreSQL pays a round trip per listing.
    const reading = phaseStart();
    const builtBefore = phaseSpent('price functions');
    const read = await Promise.all(
      keys.map((key) => keptListing(key, states.get(key)?.version ?? 0)),
    );
    phaseEnd('prices read', reading + phaseSpent('price functions') - builtBefore);
    const listings = new Map(keys.map((key, index) => [key, read[index]]));
    const fxVersion = states.get(FX_KEY)?.version ?? 0;
    const rate = await rateTable(
      fxVersion,
      [...listings.values()].flatMap((l) => (l.record ? [l.record.currency] : [])),
    );
    // Stale quotes are refreshed behind the answer, which is made from what is stored.
    for (const key of keys) {
      const state = states.get(key);
      if (
        sync.due(state) &&
        sync.quoteDue(state) &&
        !sync.closedNow(key, listings.get(key)?.record, state)
      )
        void sync.refreshQuote(key);
    }
    if (!states.get(FX_KEY)?.lastSuccess && sync.due(states.get(FX_KEY)))
      void singleFlight(FX_KEY, refreshRates);
    return {
      rate,
      versionOf: (investment) =>
        `${investment.listing ? (listings.get(investment.listing)?.version ?? 0) : '-'}:${fxVersion}`,
      provider: (investment) =>
        investment.listing ? listings.get(investment.listing)?.pricing : undefined,
      facts,
    };
  }

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
      home && quoted
        ? resolved.remember(sync.recordOf(optionOf(home).id), isin)
        : Promise.resolve();
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
    const option = optionOf(coin);
    candidates.set(option.id, coin);
    return { code: symbol, name: coin.name, listing: option.id, listings: [option] };
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
    const { found, home, stored } = await homeOf(code);
    await stored;
    return {
      code,
      name: home?.name ?? findInstrument('stock', code)?.name,
      listing: home ? optionOf(home).id : null,
      listings: found.map(optionOf),
    };
  }

  async function held(listing: string, since: Day): Promise<void> {
    const state = (await prices.syncStates([listing, FX_KEY])).get(listing);
    const work: Promise<void>[] = [];
    if (lacksHistory(state, since))
      work.push(
        singleFlight(listing, () =>
          loadHistory(listing, since, (current) => lacksHistory(current, since), firstLoadWaitMs),
        ),
      );
    const fx = (await prices.syncStates([FX_KEY])).get(FX_KEY);
    if (!fx?.lastSuccess) work.push(singleFlight(FX_KEY, refreshRates));
    if (work.length === 0) return;
    // The answer waits a little for the history, then goes on from what is stored.
    await within(Promise.all(work), firstLoadWaitMs, []);
  }

  async function listings(investment: InvestmentRow): Promise<ListingOption[]> {
    const accepted = await resolve(investment.type, investment.code);
    const options = 'refusal' in accepted ? [] : accepted.listings;
    // The one held stays on the list, also when the providers no longer name it.
    if (investment.listing && !options.some((o) => o.id === investment.listing)) {
      const record = await prices.listing(investment.listing);
      if (record)
        options.unshift({
          id: record.key,
          symbol: record.symbol,
          name: record.name,
          exchange: record.exchange,
          currency: record.currency,
        });
    }
    return options;
  }

  async function actions(listing: string): Promise<ProviderAction[]> {
    const stored = await prices.actions(listing);
    // The listing's currency is a dividend's only: home's pending splits read no more.
    const record = stored.some((action) => action.kind !== 'split')
      ? await prices.listing(listing)
      : undefined;
    return stored.map((action) =>
      action.kind === 'split'
        ? action
        : {
            kind: 'dividend',
            day: action.day,
            amount: Number(action.amount),
            currency: record?.currency ?? 'USD',
          },
    );
  }

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

  return {
    snapshot,
    resolve,
    search,
    listings,
    held,
    actions,
    facts,
    refresh: sync.refresh,
    settled: sync.settled,
    stop: sync.stop,
  };
}
