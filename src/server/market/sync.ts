// Keeping the stored prices fresh: a listing's history when it is first held and its closes
// after each exchange close, its latest quote when a request finds it stale, the ECB's rates;
// one refresh per key at a time in this process (and across processes on PostgreSQL), and a
// provider's failure backed off.
import type { Accepted, Refused } from '../../contract/market/market';
import type { InstrumentType } from '../../domain/types';
import { exchangeByMic, exchangeByYahooSymbol, type Exchange } from '../../market/exchanges';
import { majorQuote, majorUnits, unadjustedCloses, unadjustedDividends } from '../../market/ingest';
import {
  MarketDataError,
  type Day,
  type FxProvider,
  type ListingCandidate,
  type QuoteProvider,
} from '../../market/port';
import { addDays, dayInZone, utcDay, zonedTimeToEpoch } from '../../market/zoned-time';
import { FX_KEY, type ListingRecord, type PriceStore, type SyncState } from '../sql/market';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
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

export const parseKey = (key: string) => {
  const at = key.indexOf(':');
  return { provider: key.slice(0, at), symbol: key.slice(at + 1) };
};

export function exchangeOf(
  provider: string,
  symbol: string,
  mic?: string | null,
): Exchange | undefined {
  if (provider !== 'yahoo') return undefined;
  return (mic ? exchangeByMic(mic) : undefined) ?? exchangeByYahooSymbol(symbol);
}

export const lacksHistory = (state: SyncState | undefined, since: Day) =>
  !state?.historyFrom || state.historyFrom > since;

export interface MarketSyncOptions {
  prices: PriceStore;
  quotes: Readonly<Record<'yahoo' | 'coingecko', QuoteProvider>>;
  fx: FxProvider;
  now: () => number;
  log?: { warn(details: object, message: string): void };
  /** A latest quote older than this is refreshed in the background when a request reads it. */
  quoteTtlMs: number;
  /** Candidates seen, by listing key: what a listing row is made of before its history. */
  candidates: ReadonlyMap<string, ListingCandidate>;
  /** The listing an instrument held without one resolves to. */
  resolve(type: InstrumentType, code: string): Promise<Accepted | Refused>;
  /** Instruments a request wanted placed without waiting (`Market.placed`), by type and code. */
  wanted: Map<string, Wanted>;
}

/** An instrument to place (at once, in the background), and the day its history is needed from. */
export interface Wanted {
  type: InstrumentType;
  code: string;
  since: Day;
}

export function marketSync(options: MarketSyncOptions) {
  const { prices, now, log, quoteTtlMs, candidates } = options;

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
    return provider === 'yahoo' || provider === 'coingecko' ? options.quotes[provider] : undefined;
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
          // Asked again under the lock: the caller's state may predate a failure saved since,
          // whose back-off holds as much as the quote's age (a race seen in CI on PostgreSQL).
          const current = (await prices.syncStates([key])).get(key);
          if (due(current) && quoteDue(current))
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
        const rates = await options.fx.rates(last);
        going();
        await prices.saveRates(rates, now());
      });
    } catch (error) {
      await failed(FX_KEY, error, state);
    }
  }

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
    await placeWanted();
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
      const listing = await place(type, code, utcDay(firstTime));
      if (listing) await prices.link(type, code, listing);
    }
  }

  /**
   * The instruments requests wanted placed: started by the request that wanted one, and by each
   * round; one run at a time, which a request meanwhile joins (its want is taken up next time).
   */
  function placeWanted(): Promise<void> {
    return singleFlight('place-wanted', async () => {
      const wanted = [...options.wanted.values()];
      options.wanted.clear();
      for (const { type, code, since } of wanted) await place(type, code, since);
    });
  }

  /**
   * The listing an instrument resolves to, its history loaded from `since`; undefined when no
   * source places it, asked again after a back-off.
   */
  async function place(
    type: InstrumentType,
    code: string,
    since: Day,
  ): Promise<string | undefined> {
    const key = `resolve:${type}:${code}`;
    const state = (await prices.syncStates([key])).get(key);
    if (!due(state)) return undefined;
    const accepted = await options.resolve(type, code);
    if ('refusal' in accepted || accepted.listing === null) {
      await failed(key, new Error(`no listing found for ${code}`), state);
      return undefined;
    }
    const { listing } = accepted;
    // A history that failed waits out its back-off, as the round's closes do.
    if (due((await prices.syncStates([listing])).get(listing)))
      await singleFlight(listing, () =>
        loadHistory(listing, since, (current) => lacksHistory(current, since)),
      );
    return listing;
  }

  return {
    recordOf,
    singleFlight,
    loadHistory,
    refreshQuote,
    refreshRates,
    refresh,
    placeWanted,
    due,
    quoteDue,
    closedNow,
    /** Waits for background refreshes in flight (tests, shutdown). */
    settled: async () => {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight.values()]);
    },
    /** No more refreshes: what is in flight ends at its next step, storing nothing. */
    stop: () => {
      stopped = true;
    },
  };
}

export type MarketSync = ReturnType<typeof marketSync>;
