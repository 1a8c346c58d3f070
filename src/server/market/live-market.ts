// The server's real market: instruments found through the providers, prices and rates read from
// the database (never from a provider while valuing), and kept fresh in the background: a
// listing's history when it is first held, its closes after each exchange close, its latest
// quote when a request finds it older than the TTL (one refresh per listing at a time, across
// processes on PostgreSQL), the ECB's rates once a day (sync.ts). A provider that fails costs the
// user nothing: figures come from what is stored, and the listing is tried again later, less often.
import type { Accepted, ListingOption, Market, ProviderAction } from '../../contract/market/market';
import { normaliseIdentifier } from '../../domain/isin';
import type { InstrumentType } from '../../domain/types';
import type { InvestmentRow } from '../../contract/store';
import type { Day, ListingCandidate } from '../../market/port';
import { FX_KEY, type ListingRecord, type PriceStore } from '../sql/market';
import { listingResolution } from './listing-resolution';
import { marketSearch } from './market-search';
import type { Providers } from './providers';
import { resolvedListings } from './resolved-listings';
import { storedSnapshots } from './stored-snapshot';
import { lacksHistory, marketSync, MINUTE, type Wanted } from './sync';
import { within } from './within';

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

export interface LiveMarket extends Market {
  /** One round of the scheduler: rates, and closes of listings whose exchange has closed. */
  refresh(): Promise<void>;
  /**
   * Reads every held listing's prices (and every benchmark's) and the rates into memory, as the
   * first valuation would: a server's start, before it answers.
   */
  preload(): Promise<void>;
  /** Waits for background refreshes in flight (tests, shutdown). */
  settled(): Promise<void>;
  /** No more refreshes: what is in flight ends at its next step, storing nothing. */
  stop(): void;
}

const optionOf = (record: ListingRecord): ListingOption => ({
  id: record.key,
  symbol: record.symbol,
  name: record.name,
  exchange: record.exchange,
  currency: record.currency,
});

export function liveMarket(options: LiveMarketOptions): LiveMarket {
  const { prices, providers } = options;
  const now = options.now ?? Date.now;
  const log = options.log;
  const firstLoadWaitMs = options.firstLoadWaitMs ?? 8_000;
  const quoteTtlMs = options.quoteTtlMs ?? 15 * MINUTE;
  const coinSearchWaitMs = options.coinSearchWaitMs ?? 2_000;

  const resolved = resolvedListings(prices, now);
  /** Candidates seen, by listing key: what a listing row is made of before its history. */
  const candidates = new Map<string, ListingCandidate>();
  const wanted = new Map<string, Wanted>();
  const { resolve, known, homeOf } = listingResolution({
    providers,
    now,
    log,
    candidates,
    resolved,
    // Called only once resolving is asked, after the sync below is made.
    recordOf: (key) => sync.recordOf(key),
  });
  const sync = marketSync({
    prices,
    quotes: providers.quotes,
    fx: providers.fx,
    now,
    log,
    quoteTtlMs,
    candidates,
    resolve,
    wanted,
  });
  const { singleFlight, loadHistory, refreshRates } = sync;
  const { snapshot, facts, preload } = storedSnapshots(prices, sync);
  const search = marketSearch({ providers, now, log, coinSearchWaitMs, resolved, homeOf });

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

  async function placed(
    type: InstrumentType,
    raw: string,
    since: Day,
  ): Promise<Accepted | undefined> {
    const code = normaliseIdentifier(raw);
    const found = known(type, code) ?? (type === 'stock' ? await storedPlace(code) : undefined);
    if (found) return found;
    const id = `${type}:${code}`;
    const earlier = wanted.get(id)?.since;
    wanted.set(id, { type, code, since: earlier && earlier < since ? earlier : since });
    // In the background at once, not at the next round: the answer does not wait for it.
    void sync.placeWanted();
    return undefined;
  }

  /** Where an ISIN was placed before, by this process or another, as stored. */
  async function storedPlace(isin: string): Promise<Accepted | undefined> {
    const record = await prices.resolvedListing(isin);
    return (
      record && { code: isin, name: record.name, listing: record.key, listings: [optionOf(record)] }
    );
  }

  async function listings(investment: InvestmentRow): Promise<ListingOption[]> {
    const accepted = await resolve(investment.type, investment.code);
    const options = 'refusal' in accepted ? [] : accepted.listings;
    // The one held stays on the list, also when the providers no longer name it.
    if (investment.listing && !options.some((o) => o.id === investment.listing)) {
      const record = await prices.listing(investment.listing);
      if (record) options.unshift(optionOf(record));
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

  return {
    snapshot,
    resolve,
    placed,
    search,
    listings,
    held,
    actions,
    facts,
    preload: async () => preload(await prices.heldListings()),
    refresh: sync.refresh,
    settled: sync.settled,
    stop: sync.stop,
  };
}
