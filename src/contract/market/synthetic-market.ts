// The demo's market as a Market: the catalogue's instruments, priced by the deterministic
// generator of src/domain/market.ts at any minute, with its made-up exchange rates. Used by the
// in-browser demo, by `MARKET_DATA=synthetic` and by tests that fix prices.
import { normaliseIdentifier } from '../../domain/isin';
import {
  assetClassOf,
  findInstrument,
  priceAt,
  quoteTime,
  rateToDkk,
  type Instrument,
} from '../../domain/market';
import { refusalOf, searchCatalogue } from './catalogue';
import type { Accepted, Market, ProviderAction, Refused } from './market';
import { utcDay } from '../../market/zoned-time';
import type { ProviderPricing, MarketSnapshot } from './pricing';
import type { InvestmentRow } from '../store';
import type { InstrumentType } from '../../domain/types';

/** Price per unit in the instrument's listing currency (the domain's `priceAt`, or a test's). */
export type PriceSource = (instrument: Instrument, time: number) => number;

/** Prices kept per instrument at chart grid times: every period's grid fits about twice over. */
const MAX_GRID_PRICES = 4096;
const LISTING = 'synthetic:';

/** Splits and dividends a test's provider reports, by instrument code; the demo reports none. */
export type ActionSource = (code: string) => ProviderAction[];

export function syntheticMarket(prices: PriceSource = priceAt, actions?: ActionSource): Market {
  /** Shared by every user holding the instrument. */
  const providers = new Map<Instrument, ProviderPricing>();

  /**
   * Chart points between a period's ends fall on quote times (`chartTimes`, `quoteTime`) and
   * come back on every request; those prices are kept, other times (now, a period's start) are
   * not, so the memory stays bounded.
   */
  function providerOf(instrument: Instrument): ProviderPricing {
    const known = providers.get(instrument);
    if (known) return known;
    const kept = new Map<number, number>();
    const provider: ProviderPricing = {
      source: 'synthetic',
      currency: instrument.currency,
      dividedBySplits: true,
      price: (time) => {
        if (time !== quoteTime(time)) return prices(instrument, time);
        let price = kept.get(time);
        if (price === undefined) {
          price = prices(instrument, time);
          if (kept.size >= MAX_GRID_PRICES) kept.clear();
          kept.set(time, price);
        }
        return price;
      },
      madeAt: (time) => time,
      dayAt: utcDay,
    };
    providers.set(instrument, provider);
    return provider;
  }

  const instrumentOf = (investment: InvestmentRow) =>
    findInstrument(investment.type, investment.code);

  const snapshot: MarketSnapshot = {
    rate: rateToDkk,
    versionOf: () => 'synthetic',
    provider: (investment) => {
      const instrument = instrumentOf(investment);
      return instrument && providerOf(instrument);
    },
    facts: (investment) => {
      const instrument = instrumentOf(investment);
      return {
        type: investment.type,
        code: investment.code,
        asset_class: instrument ? assetClassOf(instrument) : 'stock',
        currency: instrument?.currency,
      };
    },
  };

  const listingsOf = (instrument: Instrument) => [
    {
      id: `${LISTING}${instrument.code}`,
      symbol: instrument.code,
      name: instrument.name,
      exchange: 'Formue demo market',
      currency: instrument.currency,
    },
  ];

  const resolve = (type: InstrumentType, code: string): Promise<Accepted | Refused> => {
    const normalised = normaliseIdentifier(code);
    const refusal = refusalOf(type, normalised);
    const instrument = findInstrument(type, normalised);
    if (refusal !== undefined || !instrument)
      return Promise.resolve({ refusal: refusal ?? 'No instrument with this ISIN is known.' });
    return Promise.resolve({
      code: instrument.code,
      name: instrument.name,
      listing: `${LISTING}${instrument.code}`,
      listings: listingsOf(instrument),
    });
  };

  return {
    snapshot: () => Promise.resolve(snapshot),
    resolve,
    // It knows every instrument it accepts.
    placed: async (type, code) => {
      const accepted = await resolve(type, code);
      return 'refusal' in accepted ? undefined : accepted;
    },
    search: (query) =>
      Promise.resolve(
        searchCatalogue(query).map((instrument) => ({
          type: instrument.type,
          isin: instrument.code,
          name: instrument.name,
          currency: instrument.currency,
        })),
      ),
    listings: (investment) => {
      const instrument = instrumentOf(investment);
      return Promise.resolve(instrument ? listingsOf(instrument) : []);
    },
    held: () => Promise.resolve(),
    actions: (listing) =>
      Promise.resolve(
        actions && listing.startsWith(LISTING) ? actions(listing.slice(LISTING.length)) : [],
      ),
    facts: snapshot.facts,
  };
}
