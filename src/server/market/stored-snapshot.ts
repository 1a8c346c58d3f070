// A snapshot of the market for valuing: listings' prices and the rates read from the database,
// never from a provider, kept per listing until its stored version changes; stale quotes are
// refreshed behind the answer.
import { CURRENCIES, findInstrument, rateToDkk } from '../../domain/market';
import type { AssetClass } from '../../domain/types';
import { phaseEnd, phaseSpent, phaseStart } from '../../contract/phases';
import {
  ratesAt,
  type Fill,
  type MarketSnapshot,
  type ProviderPricing,
  type RateSource,
} from '../../contract/market/pricing';
import type { InvestmentRow } from '../../contract/store';
import { euroRateTable, storedPricing } from '../../market/stored-prices';
import { FX_KEY, type ListingRecord, type PriceStore } from '../sql/market';
import { exchangeOf, parseKey, type MarketSync } from './sync';

/** The demo market's rate of a currency it knows; NaN for others. */
function syntheticRate(currency: string, time: number): number {
  return CURRENCIES.includes(currency) ? rateToDkk(currency, time) : NaN;
}

interface KeptListing {
  version: number;
  record: ListingRecord | undefined;
  pricing: ProviderPricing | undefined;
}

/** The source of a listing whose prices are stored (Yahoo's, CoinGecko's), else undefined. */
function pricedSource(key: string): 'yahoo' | 'coingecko' | undefined {
  const source = parseKey(key).provider;
  return source === 'yahoo' || source === 'coingecko' ? source : undefined;
}

export function storedSnapshots(prices: PriceStore, sync: MarketSync) {
  const { singleFlight, refreshRates } = sync;
  const kept = new Map<string, KeptListing>();
  /** Kept from its read on, so that concurrent snapshots share one. */
  let rates: { version: number; currencies: string; table: Promise<RateSource> } | undefined;

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
    const orTypical = (rate: number, currency: string, time: number) =>
      Number.isNaN(rate) ? syntheticRate(currency, time) : rate;
    const fill: Fill<[currency: string]> = (currency, times, from, to, into) => {
      ratesAt(stored, currency, times, from, to, into);
      for (let i = from; i < to; i++) into[i] = orTypical(into[i], currency, times[i]);
    };
    return Object.assign(
      (currency: string, time: number) => orTypical(stored(currency, time), currency, time),
      { fill },
    );
  }

  /** Listings being read, by key: concurrent snapshots (a home's calls) share one read. */
  const loading = new Map<string, { version: number; listing: Promise<KeptListing> }>();

  /** The listings at these versions: kept, being read, or read now, all in one read. */
  function keptListings(wanted: readonly { key: string; version: number }[]) {
    const listings: Promise<KeptListing>[] = [];
    const toRead: { key: string; version: number; index: number }[] = [];
    wanted.forEach(({ key, version }, index) => {
      const known = kept.get(key);
      const inFlight = loading.get(key);
      if (known?.version === version) listings[index] = Promise.resolve(known);
      else if (inFlight?.version === version) listings[index] = inFlight.listing;
      else toRead.push({ key, version, index });
    });
    if (toRead.length > 0) {
      const read = readListings(toRead);
      toRead.forEach(({ key, version, index }, position) => {
        const listing = read.then((found) => found[position]);
        listings[index] = listing;
        loading.set(key, { version, listing });
        const done = () => {
          if (loading.get(key)?.listing === listing) loading.delete(key);
        };
        void listing.then(done, done);
      });
    }
    return Promise.all(listings);
  }

  /**
   * Listings' records, closes and quotes, three reads for all of them (PostgreSQL pays a round
   * trip for each query, and 120 of them through a pool still opening cost 400 ms; issue 37).
   */
  async function readListings(
    wanted: readonly { key: string; version: number }[],
  ): Promise<KeptListing[]> {
    const keys = wanted.map((w) => w.key);
    const pricedKeys = keys.filter((key) => pricedSource(key) !== undefined);
    const [records, series, quotes] = await Promise.all([
      prices.listings(keys),
      prices.closeSeriesOf(pricedKeys),
      prices.quotes(pricedKeys),
    ]);
    const byKey = new Map(records.map((record) => [record.key, record]));
    return wanted.map(({ key, version }) => {
      const source = pricedSource(key);
      const record = byKey.get(key);
      const closes = series.get(key);
      let pricing: ProviderPricing | undefined;
      if (record && closes && source) {
        const exchange = exchangeOf(record.provider, record.symbol, record.mic);
        const building = phaseStart();
        pricing = storedPricing({
          source,
          currency: record.currency,
          timezone: exchange?.timezone ?? record.timezone,
          close: exchange?.close,
          closes,
          quote: quotes.get(key),
        });
        phaseEnd('price functions', building);
      }
      const fresh = { version, record, pricing };
      kept.set(key, fresh);
      return fresh;
    });
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

  /** These listings at their stored versions, and the versions (the rates' among them). */
  async function listingsNow(keys: readonly string[]) {
    const states = await prices.currentStates([...keys, FX_KEY]);
    const reading = phaseStart();
    const builtBefore = phaseSpent('price functions');
    const read = await keptListings(
      keys.map((key) => ({ key, version: states.get(key)?.version ?? 0 })),
    );
    phaseEnd('prices read', reading + phaseSpent('price functions') - builtBefore);
    return { states, read };
  }

  async function snapshot(investments: readonly InvestmentRow[]): Promise<MarketSnapshot> {
    const keys = [...new Set(investments.flatMap((i) => (i.listing ? [i.listing] : [])))];
    const { states, read } = await listingsNow(keys);
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

  /**
   * Reads these listings' prices and the rates into memory, as a snapshot holding them would,
   * without refreshing anything: a server's start, so its first user does not pay for them.
   */
  async function preload(keys: readonly string[]): Promise<void> {
    const { states, read } = await listingsNow([...new Set(keys)]);
    await rateTable(
      states.get(FX_KEY)?.version ?? 0,
      read.flatMap((l) => (l.record ? [l.record.currency] : [])),
    );
  }

  return { snapshot, facts, preload };
}
