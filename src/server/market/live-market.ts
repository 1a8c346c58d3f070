// The server's real market: instruments found through the providers, prices and rates read from
// the database (never from a provider while valuing), and kept fresh in the background: a
// listing's history when it is first held, its closes after each exchange close, its latest
// quote when a request finds it older than the TTL (one refresh per listing at a time, across
// processes on PostgreSQL), the ECB's rates once a day. A provider that fails costs the user
// nothing: figures come from what is stored, and the listing is tried again later, less often.
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
import { phaseEnd, phaseStart } from '../../contract/phases';
import type { MarketSnapshot, ProviderPricing, RateSource } from '../../contract/pricing';
import type { InvestmentRow } from '../../contract/store';
import {
  exchangeByMic,
  exchangeByYahooSymbol,
  homeExchanges,
  type Exchange,
} from '../../market/exchanges';
import { majorQuote, majorUnits, unadjustedCloses, unadjustedDividends } from '../../market/ingest';
import {
  MarketDataError,
  type CoinFinder,
  type Day,
  type FxProvider,
  type ListingCandidate,
  type ListingFinder,
  type ListingFound,
  type ListingSearch,
  type QuoteProvider,
} from '../../market/port';
import { euroRateTable, storedPricing } from '../../market/stored-prices';
import { addDays, dayInZone, utcDay, zonedTimeToEpoch } from '../../market/zoned-time';
import { FX_KEY, type ListingRecord, type PriceStore, type SyncState } from '../sql/price-store';
import { resolvedListings } from './resolved-listings';

export interface Providers {
  quotes: { yahoo: QuoteProvider; coingecko: QuoteProvider };
  /** Ways from an ISIN to listings, asked together; the first's listings come first. */
  finders: ListingFinder[];
  coins: CoinFinder & ListingSearch;
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
   * How long a search waits for a provider (CoinGecko's coins, a typed ISIN's listings) before
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

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY_MS = 24 * HOUR;
/** Days fetched again before the last stored close: heals a provider's corrections. */
const OVERLAP_DAYS = 5;
/** A close is fetched this long after its exchange closes, when the provider has it. */
const AFTER_CLOSE_MS = 30 * MINUTE;
/** Back-off after failures: doubling from a minute, at most six hours. */
const FIRST_BACKOFF_MS = MINUTE;
const MAX_BACKOFF_MS = 6 * HOUR;
/** ECB rates are published once a working day; checking every few hours finds them. */
const FX_REFRESH_MS = 3 * HOUR;
/** Listings of an ISIN are kept this long before providers are asked again. */
const RESOLUTION_TTL_MS = DAY_MS;

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
  let rates: { version: number; currencies: string; table: RateSource } | undefined;
  const resolutions = new Map<string, { time: number; candidates: ListingCandidate[] }>();
  /** Candidates seen, by listing key: what a listing row is made of before its history. */
  const candidates = new Map<string, ListingCandidate>();
  const inFlight = new Map<string, Promise<void>>();
  let stopped = false;
  /** Thrown past every await once stopped, so a shutdown does not wait on queued requests. */
  const going = () => {
    if (stopped) throw new Error('market stopped');
  };

  /** One run of `work` per key at a time in this process; others join it. */
  function singleFlight(key: string, work: () => Promise<void>): Promise<void> {
    if (stopped) return Promise.resolve();
    const running = inFlight.get(key);
    if (running) return running;
    const run = work()
      .catch((error: unknown) => {
        if (!stopped) log?.warn({ key, err: error }, 'market refresh failed');
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, run);
    return run;
  }

  async function failed(key: string, error: unknown, state: SyncState | undefined) {
    going();
    const errors = (state?.errorsInRow ?? 0) + 1;
    let wait = Math.min(FIRST_BACKOFF_MS * 2 ** (errors - 1), MAX_BACKOFF_MS);
    if (error instanceof MarketDataError && error.retryAfterMs !== undefined)
      wait = Math.max(wait, error.retryAfterMs);
    const message = error instanceof Error ? error.message : String(error);
    log?.warn({ key, errors, retryInMs: wait }, `market data: ${message}`);
    await prices.saveFailure(key, message.slice(0, 500), now(), now() + wait);
  }

  const parseKey = (key: string) => {
    const at = key.indexOf(':');
    return { provider: key.slice(0, at), symbol: key.slice(at + 1) };
  };

  function exchangeOf(provider: string, symbol: string, mic?: string | null): Exchange | undefined {
    if (provider !== 'yahoo') return undefined;
    return (mic ? exchangeByMic(mic) : undefined) ?? exchangeByYahooSymbol(symbol);
  }

  /** The listing's row, from what is known of it: the history's answer, else the candidate. */
  function recordOf(
    key: string,
    found: { currency?: string; timezone?: string } = {},
  ): ListingRecord {
    const { provider, symbol } = parseKey(key);
    const candidate = candidates.get(key);
    const exchange = exchangeOf(provider, symbol, candidate?.mic);
    const quoted = found.currency ?? candidate?.currency ?? exchange?.currency ?? 'USD';
    return {
      key,
      provider,
      symbol,
      name: candidate?.name ?? symbol,
      exchange: candidate?.exchange ?? exchange?.name ?? provider,
      mic: candidate?.mic ?? exchange?.mic ?? null,
      assetClass: candidate?.kind ?? (provider === 'coingecko' ? 'crypto' : 'stock'),
      currency: majorUnits(quoted).currency,
      quoteCurrency: quoted,
      timezone: found.timezone ?? exchange?.timezone ?? 'UTC',
    };
  }

  function quoteProvider(key: string): QuoteProvider | undefined {
    const { provider } = parseKey(key);
    return provider === 'yahoo' || provider === 'coingecko'
      ? providers.quotes[provider]
      : undefined;
  }

  /**
   * History from `since` to today, stored unadjusted; the latest quote with it. `needed` is asked
   * again under the lock: another process may have loaded it meanwhile. `waitMs` is how long to
   * wait for another process's load of the same listing (an answer that needs it waits).
   */
  async function loadHistory(
    key: string,
    since: Day,
    needed: (state: SyncState | undefined) => boolean,
    waitMs = 0,
  ): Promise<void> {
    const provider = quoteProvider(key);
    if (!provider) return;
    const { symbol } = parseKey(key);
    const state = (await prices.syncStates([key])).get(key);
    try {
      await prices.whileLocked(
        key,
        async () => {
          if (!needed((await prices.syncStates([key])).get(key))) return;
          const history = await provider.history(symbol, since, utcDay(now()));
          going();
          const record = recordOf(key, history);
          await prices.saveListing(record);
          const actions = [
            ...history.splits.map((s) => ({ kind: 'split' as const, ...s })),
            ...unadjustedDividends(history).map((d) => ({ kind: 'dividend' as const, ...d })),
          ];
          await prices.saveHistory(key, unadjustedCloses(history), actions, since, now());
          await loadQuote(key, provider, symbol, record);
        },
        waitMs,
      );
    } catch (error) {
      // The listing is kept all the same: the investment points at it, and a later try fills it.
      if (!(await prices.listing(key))) await prices.saveListing(recordOf(key));
      await failed(key, error, state);
    }
  }

  async function loadQuote(
    key: string,
    provider: QuoteProvider,
    symbol: string,
    record: ListingRecord,
  ): Promise<void> {
    const quote = majorQuote(await provider.latest(symbol));
    going();
    // A quote in another unit than the listing's (rare; a provider's change) is not mixed in.
    if (quote.currency !== record.currency) return;
    await prices.saveQuote(key, quote, now());
  }

  function refreshQuote(key: string): Promise<void> {
    return singleFlight(`quote:${key}`, async () => {
      const provider = quoteProvider(key);
      const record = await prices.listing(key);
      if (!provider || !record) return;
      const state = (await prices.syncStates([key])).get(key);
      try {
        await prices.whileLocked(key, async () => {
          if (quoteDue((await prices.syncStates([key])).get(key)))
            await loadQuote(key, provider, record.symbol, record);
        });
      } catch (error) {
        await failed(key, error, state);
      }
    });
  }

  async function refreshRates(): Promise<void> {
    const state = (await prices.syncStates([FX_KEY])).get(FX_KEY);
    try {
      await prices.whileLocked(FX_KEY, async () => {
        const last = await prices.lastRateDay();
        const rates = await providers.fx.rates(last);
        going();
        await prices.saveRates(rates, now());
      });
    } catch (error) {
      await failed(FX_KEY, error, state);
    }
  }

  const lacksHistory = (state: SyncState | undefined, since: Day) =>
    !state?.historyFrom || state.historyFrom > since;
  const quoteDue = (state: SyncState | undefined) =>
    !state?.quoteSuccess || state.quoteSuccess < now() - quoteTtlMs;

  /** Listings found closed, until when the answer is not asked again (time zones are slow). */
  const closedUntil = new Map<string, number>();

  function closedNow(
    key: string,
    record: ListingRecord | undefined,
    state: SyncState | undefined,
  ): boolean {
    if ((closedUntil.get(key) ?? -Infinity) > now()) return true;
    const closed = closedSinceQuote(record, state);
    if (closed) closedUntil.set(key, now() + quoteTtlMs);
    return closed;
  }

  /**
   * Whether the listing's exchange is closed and its quote was fetched after the last close:
   * then no newer price exists until it opens (nights, weekends). Crypto never closes.
   */
  function closedSinceQuote(
    record: ListingRecord | undefined,
    state: SyncState | undefined,
  ): boolean {
    const exchange = record && exchangeOf(record.provider, record.symbol, record.mic);
    if (!exchange || !state?.quoteSuccess) return false;
    const time = now();
    const today = dayInZone(time, exchange.timezone);
    const weekday = new Date(`${today}T00:00:00Z`).getUTCDay();
    const open = zonedTimeToEpoch(today, exchange.open, exchange.timezone);
    const close = zonedTimeToEpoch(today, exchange.close, exchange.timezone);
    const trading = weekday >= 1 && weekday <= 5 && time >= open && time < close;
    return !trading && state.quoteSuccess >= lastCloseBefore(exchange, time);
  }

  /** The exchange's latest close at or before `time`, weekends skipped. */
  function lastCloseBefore(exchange: Exchange, time: number): number {
    let day = dayInZone(time, exchange.timezone);
    for (let tries = 0; tries < 7; tries++, day = addDays(day, -1)) {
      const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
      const close = zonedTimeToEpoch(day, exchange.close, exchange.timezone);
      if (weekday >= 1 && weekday <= 5 && close <= time) return close;
    }
    return -Infinity;
  }

  const due = (state: SyncState | undefined) =>
    state?.nextAttempt === null || state?.nextAttempt === undefined || state.nextAttempt <= now();

  /** Whether an exchange close (of a day on or after the last one stored) has passed since the last success. */
  function closesDue(record: ListingRecord, state: SyncState | undefined): boolean {
    if (!state?.lastSuccess) return true;
    const exchange = exchangeOf(record.provider, record.symbol, record.mic);
    const time = now();
    const today = dayInZone(time, record.timezone);
    const closeToday = exchange
      ? zonedTimeToEpoch(today, exchange.close, exchange.timezone)
      : Date.parse(`${today}T00:00:00Z`);
    const lastClose = time >= closeToday + AFTER_CLOSE_MS ? closeToday : closeToday - DAY_MS;
    return state.lastSuccess < lastClose + AFTER_CLOSE_MS;
  }

  async function refresh(): Promise<void> {
    const fxState = (await prices.syncStates([FX_KEY])).get(FX_KEY);
    if (due(fxState) && (!fxState?.lastSuccess || fxState.lastSuccess < now() - FX_REFRESH_MS))
      await singleFlight(FX_KEY, refreshRates);
    await linkUnlisted();
    const held = await prices.heldListings();
    const states = await prices.syncStates(held);
    for (const record of await prices.listings(held)) {
      const state = states.get(record.key);
      if (!due(state) || !closesDue(record, state)) continue;
      const last = (await prices.closes(record.key)).at(-1)?.day;
      const since = last
        ? addDays(last, -OVERLAP_DAYS)
        : utcDay((await prices.firstTrade(record.key)) ?? now());
      await singleFlight(record.key, () =>
        loadHistory(record.key, since, (current) => closesDue(record, current)),
      );
    }
  }

  /**
   * Investments without a listing (made before listings existed, or when no source could be
   * asked) get the one their instrument resolves to; an instrument no source knows is asked
   * again after a back-off.
   */
  async function linkUnlisted(): Promise<void> {
    for (const { type, code, firstTime } of await prices.unlisted()) {
      const key = `resolve:${type}:${code}`;
      const state = (await prices.syncStates([key])).get(key);
      if (!due(state)) continue;
      const accepted = await resolve(type, code);
      if ('refusal' in accepted || accepted.listing === null) {
        await failed(key, new Error(`no listing found for ${code}`), state);
        continue;
      }
      const since = utcDay(firstTime);
      await singleFlight(accepted.listing, () =>
        loadHistory(accepted.listing ?? '', since, (current) => lacksHistory(current, since)),
      );
      await prices.link(type, code, accepted.listing);
    }
  }

  /** The rates of every currency an investment may need, as stored. */
  async function rateTable(version: number, listingCurrencies: string[]): Promise<RateSource> {
    const currencies = [...new Set([...CURRENCIES, ...listingCurrencies, 'DKK'])].sort().join();
    if (rates?.version === version && rates.currencies === currencies) return rates.table;
    const reading = phaseStart();
    const euroRates = await prices.euroRates(currencies.split(','));
    phaseEnd('prices read', reading);
    const building = phaseStart();
    const stored = euroRateTable(euroRates);
    phaseEnd('price functions', building);
    // Until the ECB's rates are first loaded (a first start without a network), the demo
    // market's typical rates stand in, so figures are approximate rather than missing.
    const table: RateSource = (currency, time) => {
      const rate = stored(currency, time);
      return Number.isNaN(rate) ? syntheticRate(currency, time) : rate;
    };
    rates = { version, currencies, table };
    return table;
  }

  async function keptListing(key: string, version: number): Promise<KeptListing> {
    const known = kept.get(key);
    if (known && known.version === version) return known;
    const reading = phaseStart();
    const record = await prices.listing(key);
    const source = parseKey(key).provider;
    let pricing: ProviderPricing | undefined;
    if (record && (source === 'yahoo' || source === 'coingecko')) {
      const exchange = exchangeOf(record.provider, record.symbol, record.mic);
      const closes = await prices.closes(key);
      const quote = await prices.quote(key);
      phaseEnd('prices read', reading);
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
    const listings = new Map<string, KeptListing>();
    for (const key of keys)
      listings.set(key, await keptListing(key, states.get(key)?.version ?? 0));
    const fxVersion = states.get(FX_KEY)?.version ?? 0;
    const rate = await rateTable(
      fxVersion,
      [...listings.values()].flatMap((l) => (l.record ? [l.record.currency] : [])),
    );
    // Stale quotes are refreshed behind the answer, which is made from what is stored.
    for (const key of keys) {
      const state = states.get(key);
      if (due(state) && quoteDue(state) && !closedNow(key, listings.get(key)?.record, state))
        void refreshQuote(key);
    }
    if (!states.get(FX_KEY)?.lastSuccess && due(states.get(FX_KEY)))
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

  /** CoinGecko's coins by query, asked at most once an hour; kept while still on their way. */
  const searches = new Map<string, { time: number; found: Promise<InstrumentSuggestion[]> }>();
  const coinSuggestions = (coins: readonly ListingFound[]): InstrumentSuggestion[] =>
    coins.slice(0, 5).flatMap((coin) => {
      const ticker = (coin.isin ?? coin.symbol).toUpperCase();
      return /^[A-Z0-9]{1,20}$/.test(ticker)
        ? [{ type: 'crypto' as const, isin: ticker, name: coin.name, currency: 'USD' }]
        : [];
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
    let asked = searches.get(folded);
    if (!asked || asked.time < now() - HOUR) {
      // Coins by name from CoinGecko; a failure only leaves the known list.
      asked = {
        time: now(),
        found: providers.coins.search(folded).then(coinSuggestions, () => []),
      };
      searches.set(folded, asked);
    }
    const coins = await within(asked.found, coinSearchWaitMs, []);
    const seen = new Set(known.map((s) => `${s.type}:${s.isin}`));
    return [...known, ...coins.filter((s) => !seen.has(`${s.type}:${s.isin}`))].slice(0, 8);
  }

  return {
    snapshot,
    resolve,
    search,
    listings,
    held,
    actions,
    facts,
    refresh,
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
    stop: () => {
      stopped = true;
    },
  };
}
