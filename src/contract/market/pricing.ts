// How an investment is priced at any time, written once for every market: the price the user
// typed for that day, else the provider's, else the last trade's. Markets (the demo's synthetic
// one, the server's stored one) only say what the provider's price is and what a currency is
// worth in DKK; they read what they keep and never call a provider here.
import type { LedgerEntry } from '../../domain/ledger';
import { inTimeOrder } from '../../domain/ledger';
import { doneBy, type PriceClock, type SplitSteps } from '../../domain/valuation';
import type { AssetClass, InstrumentType } from '../../domain/types';
import type { PriceSourceName } from '../../market/port';
// Events are kept at noon UTC of their day, so a UTC day is theirs.
import { utcDay, utcMidnight } from '../../market/zoned-time';
import type { EventRow, InvestmentRow, ManualPriceRow } from '../store';

/** DKK per one unit of `currency` at `time`; NaN when no rate is known at all. */
export type RateSource = (currency: string, time: number) => number;

/**
 * For replays that ask only whether events apply (enough shares to sell, a split's rules): the
 * ledger's verdict never depends on amounts, so no rate is needed.
 */
export const SHARES_ONLY: RateSource = () => 1;

const DAY_MS = 86_400_000;

/** A provider's price of a listing over time, in major units of its currency. */
export interface ProviderPricing {
  source: Exclude<PriceSourceName, 'manual' | 'trade'>;
  /** Major units (GBP for a listing quoted in GBp). */
  currency: string;
  /**
   * True for a market that knows nothing of splits (the synthetic one): from each split the
   * investment records on, its price is divided by the split's ratio. Real closes are stored
   * unadjusted and already move at a split.
   */
  dividedBySplits: boolean;
  /** The price at `time`; NaN before the first one. */
  price(time: number): number;
  /** When the price used at `time` was made (`time` itself for a continuous market). */
  madeAt(time: number): number;
  /** The trading day of the price used at `time`. */
  dayAt(time: number): string;
  /**
   * The first instant after `time` at which `price`, `madeAt` or `dayAt` may differ from theirs at
   * `time` (Infinity: never). Absent: they may change at any instant (the synthetic market), and
   * no answer made from them is kept (kept-answers.ts).
   */
  nextChange?(time: number): number;
}

/** What the investments answer says of the price an investment is valued at now. */
export interface WireQuote {
  /** Per unit, in major units of `currency`. */
  price: number;
  currency: string;
  price_dkk: number;
  /** YYYY-MM-DD: the day the price is for. */
  date: string;
  source: PriceSourceName;
}

/** How a market describes an instrument an investment holds. */
export interface InstrumentFacts {
  type: InstrumentType;
  code: string;
  asset_class: AssetClass;
  /** The listing currency in major units; undefined when no listing is known. */
  currency: string | undefined;
}

/** What a market keeps, read for a set of investments at one request. */
export interface MarketSnapshot {
  rate: RateSource;
  /** Changes whenever what this snapshot says of the investment's prices would change. */
  versionOf: (investment: InvestmentRow) => string;
  provider: (investment: InvestmentRow) => ProviderPricing | undefined;
  facts: (investment: InvestmentRow) => InstrumentFacts;
}

export interface PricedInvestment {
  /** DKK per unit at any time. */
  priceAt: (time: number) => number;
  /** What the price at `now` is and where it comes from; undefined before any trade. */
  quoteAt: (now: number) => WireQuote | undefined;
  /** When its market's prices were made; undefined without a provider (typed or trade prices). */
  clock: PriceClock | undefined;
}

/** A price per unit as the wire shows it: six decimals, like the prices entered. */
const toMillionths = (price: number) => Math.round(price * 1e6) / 1e6;

/** A typed price, in force from the start of its (UTC) day until a provider's later one. */
interface ManualStep {
  start: number;
  end: number;
  day: string;
  price: number;
  currency: string;
}

/** The last trade (buy or sell) at or before each time, with its price per share in DKK. */
interface TradeSteps {
  times: number[];
  dkk: number[];
  /** The trade's event (the events sorted as the entries), made on the first call. */
  event: (index: number) => EventRow & { kind: 'buy' | 'sell' };
}

function tradeSteps(
  entries: readonly LedgerEntry[],
  events: readonly EventRow[] | (() => readonly EventRow[]),
): TradeSteps {
  // The entries are the events' (`entryAt`) in the same time order, so their trades are the
  // events' trades one for one: the events are read only for a trade's quote.
  // One indexed pass, no array of the trades' entries: a cold process runs this unoptimised,
  // where `for...of` makes an iterator result per entry.
  const ordered = inTimeOrder(entries);
  const times: number[] = [];
  const dkk: number[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const entry = ordered[i];
    if (entry.kind === 'buy' || entry.kind === 'sell') {
      times.push(entry.time);
      dkk.push(entry.price);
    }
  }
  let trades: (EventRow & { kind: 'buy' | 'sell' })[] | undefined;
  return {
    times,
    dkk,
    event: (index) => {
      trades ??= [...(typeof events === 'function' ? events() : events)]
        .sort((a, b) => a.time - b.time)
        .filter(
          (e): e is EventRow & { kind: 'buy' | 'sell' } => e.kind === 'buy' || e.kind === 'sell',
        );
      return trades[index];
    },
  };
}

function manualSteps(manual: readonly ManualPriceRow[]): ManualStep[] {
  return [...manual]
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((m) => ({
      start: utcMidnight(m.day),
      end: utcMidnight(m.day) + DAY_MS,
      day: m.day,
      price: Number(m.price),
      currency: m.currency,
    }));
}

/**
 * An investment's price at any time, in DKK: a typed price on its day and after, until the
 * provider has a later one; else the provider's; else the last trade's, carried across splits.
 * `entries` are the ledger's (DKK), `events` the same as entered, `splits` from the ledger.
 */
export function priceInvestment(
  entries: readonly LedgerEntry[],
  /** Or a function giving them, called only if a quote is a trade's (see `tradeSteps`). */
  events: readonly EventRow[] | (() => readonly EventRow[]),
  splits: SplitSteps,
  provider: ProviderPricing | undefined,
  manual: readonly ManualPriceRow[],
  rate: RateSource,
): PricedInvestment {
  const typed = manualSteps(manual);
  const typedStarts = typed.map((m) => m.start);
  const trades = tradeSteps(entries, events);
  /** Units of a share at `from` per unit at `to`: the splits in between. */
  const splitFactor = (from: number, to: number) =>
    splits.before[doneBy(splits.times, to)] / splits.before[doneBy(splits.times, from)];

  type Choice =
    | { kind: 'manual'; step: ManualStep }
    | { kind: 'provider'; price: number }
    | { kind: 'trade'; index: number }
    | undefined;

  const choose = (time: number): Choice => {
    const typedIndex = doneBy(typedStarts, time) - 1;
    const step = typedIndex >= 0 ? typed[typedIndex] : undefined;
    let price = provider ? provider.price(time) : NaN;
    if (provider && !Number.isNaN(price) && provider.dividedBySplits)
      price /= splitFactor(-Infinity, time);
    const hasProvider = provider !== undefined && !Number.isNaN(price);
    // A typed price wins on its day, and after it until the provider has a later price.
    if (step && (!hasProvider || provider.madeAt(time) < step.end)) return { kind: 'manual', step };
    if (hasProvider) return { kind: 'provider', price };
    const tradeIndex = doneBy(trades.times, time) - 1;
    if (tradeIndex >= 0) return { kind: 'trade', index: tradeIndex };
    // Before the first trade: its price (nothing is held then, so it values nothing).
    return trades.times.length > 0 ? { kind: 'trade', index: 0 } : undefined;
  };

  const dkkOf = (choice: Choice, time: number): number => {
    if (!choice) return 0;
    switch (choice.kind) {
      case 'manual':
        return choice.step.price * rate(choice.step.currency, time);
      case 'provider':
        return provider ? choice.price * rate(provider.currency, time) : 0;
      case 'trade':
        return trades.dkk[choice.index] / splitFactor(trades.times[choice.index], time);
    }
  };

  return {
    clock: provider,
    priceAt: (time) => {
      const dkk = dkkOf(choose(time), time);
      // A currency with no known rate values nothing rather than NaN on the wire.
      return Number.isFinite(dkk) ? dkk : 0;
    },
    quoteAt: (now) => {
      const choice = choose(now);
      if (!choice) return undefined;
      const price_dkk = dkkOf(choice, now);
      const finite = Number.isFinite(price_dkk) ? toMillionths(price_dkk) : 0;
      switch (choice.kind) {
        case 'manual':
          return {
            price: choice.step.price,
            currency: choice.step.currency,
            price_dkk: finite,
            date: choice.step.day,
            source: 'manual',
          };
        case 'provider':
          return provider
            ? {
                price: choice.price,
                currency: provider.currency,
                price_dkk: finite,
                date: provider.dayAt(now),
                source: provider.source,
              }
            : undefined;
        case 'trade': {
          const trade = trades.event(choice.index);
          return {
            price: toMillionths(trade.price / splitFactor(trade.time, now)),
            currency: trade.currency,
            price_dkk: finite,
            date: utcDay(trade.time),
            source: 'trade',
          };
        }
      }
    },
  };
}
