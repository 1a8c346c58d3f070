// How an investment is priced at any time, written once for every market: the price the user
// typed for that day, else the provider's, else the last trade's. Markets (the demo's synthetic
// one, the server's stored one) only say what the provider's price is and what a currency is
// worth in DKK; they read what they keep and never call a provider here.
import type { LedgerEntry } from '../../domain/ledger';
import { inTimeOrder, isTrade } from '../../domain/ledger';
import { doneBy, StepCursor, type PriceClock, type SplitSteps } from '../../domain/valuation';
import type { AssetClass, InstrumentType } from '../../domain/types';
import type { PriceSourceName } from '../../market/port';
// Events are kept at noon UTC of their day, so a UTC day is theirs.
import { utcDay, utcMidnight } from '../../market/zoned-time';
import type { EventRow, InvestmentRow, ManualPriceRow } from '../store';

/** DKK per one unit of `currency` at `time`; NaN when no rate is known at all. */
export type RateSource = ((currency: string, time: number) => number) & {
  /** `fill` of `ratesAt`, walked: absent, each time is asked on its own. */
  readonly fill?: Fill<[currency: string]>;
};

/**
 * Values at each of the ascending times[from..to), into the same places of `into`: the same
 * numbers as asking each time on its own, found by walking steps rather than searching them.
 */
export type Fill<Args extends unknown[]> = (
  ...args: [...Args, times: readonly number[], from: number, to: number, into: Float64Array]
) => void;

/** `rate(currency, time)` at each of the ascending times[from..to) (`Fill`). */
export const ratesAt: Fill<[rate: RateSource, currency: string]> = (
  rate,
  currency,
  times,
  from,
  to,
  into,
) => {
  if (rate.fill) rate.fill(currency, times, from, to, into);
  else for (let i = from; i < to; i++) into[i] = rate(currency, times[i]);
};

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
  /**
   * `price` and `madeAt` as steps, so that ascending times can walk them: `prices[i]`, made at
   * `starts[i]` (ascending), is in force from then. Absent: prices that move at any instant.
   */
  steps?: PriceSteps;
}

export interface PriceSteps {
  readonly starts: Float64Array;
  readonly prices: Float64Array;
}

/** The price in force once `done` steps have started; NaN before the first. */
export const stepPrice = (steps: PriceSteps, done: number) =>
  done > 0 ? steps.prices[done - 1] : NaN;

/** When the price in force once `done` steps have started was made; NaN before the first. */
export const stepMadeAt = (steps: PriceSteps, done: number) =>
  done > 0 ? steps.starts[done - 1] : NaN;

/** A provider's prices (and when each was made) at the ascending times[from..to) (`Fill`). */
export function providerPricesAt(
  provider: ProviderPricing,
  times: readonly number[],
  from: number,
  to: number,
  prices: Float64Array,
  madeAt?: Float64Array,
): void {
  const { steps } = provider;
  const cursor = steps && new StepCursor(steps.starts);
  for (let i = from; i < to; i++) {
    const time = times[i];
    const done = cursor ? cursor.doneBy(time) : 0;
    prices[i] = steps ? stepPrice(steps, done) : provider.price(time);
    if (madeAt) madeAt[i] = steps ? stepMadeAt(steps, done) : provider.madeAt(time);
  }
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
  /** `priceAt` at each of the ascending times[from..to) (`Fill`). */
  pricesAt: Fill<[]>;
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
    if (isTrade(entry)) {
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
        .filter(isTrade);
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

/** Where the price at a time comes from, for its quote. */
interface Choice {
  kind: 'manual' | 'provider' | 'trade' | undefined;
  /** The typed price's or the trade's. */
  index: number;
  /** The provider's, divided by the splits when it knows nothing of them. */
  price: number;
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
  /** Units of a share once `from` splits are done per unit once `to` are. */
  const splitFactor = (from: number, to: number) => splits.before[to] / splits.before[from];

  /**
   * The rule, at each of the ascending times[from..to) (`Fill`): the listing's prices, its
   * rates, the typed prices, the splits and the trades walked by cursors (a typed price's own
   * rate and a trade's splits are looked up); `choice` is left with where the last time's price
   * came from.
   */
  const walk = (
    times: readonly number[],
    from: number,
    to: number,
    into: Float64Array,
    choice?: Choice,
  ) => {
    // Only what the rule reads: a single lookup (`priceAt`) makes these for one time.
    const market = new Float64Array(provider ? to : 0);
    const madeAt = new Float64Array(provider && typed.length > 0 ? to : 0);
    const rates = new Float64Array(provider ? to : 0);
    if (provider) {
      providerPricesAt(provider, times, from, to, market, typed.length > 0 ? madeAt : undefined);
      ratesAt(rate, provider.currency, times, from, to, rates);
    }
    const typedAt = new StepCursor(typedStarts);
    const splitsAt = new StepCursor(splits.times);
    const tradesAt = new StepCursor(trades.times);
    for (let i = from; i < to; i++) {
      const time = times[i];
      const typedIndex = typedAt.doneBy(time) - 1;
      let price = provider ? market[i] : NaN;
      if (provider && !Number.isNaN(price) && provider.dividedBySplits)
        price /= splitFactor(0, splitsAt.doneBy(time));
      const hasProvider = provider !== undefined && !Number.isNaN(price);
      let kind: Choice['kind'];
      let index = -1;
      let dkk = 0;
      // A typed price wins on its day, and after it until the provider has a later price.
      if (typedIndex >= 0 && (!hasProvider || madeAt[i] < typed[typedIndex].end)) {
        const step = typed[typedIndex];
        kind = 'manual';
        index = typedIndex;
        dkk = step.price * rate(step.currency, time);
      } else if (hasProvider) {
        kind = 'provider';
        dkk = price * rates[i];
      } else if (trades.times.length > 0) {
        // Before the first trade: its price (nothing is held then, so it values nothing).
        kind = 'trade';
        index = Math.max(0, tradesAt.doneBy(time) - 1);
        const tradeSplits = doneBy(splits.times, trades.times[index]);
        dkk = trades.dkk[index] / splitFactor(tradeSplits, splitsAt.doneBy(time));
      }
      // A currency with no known rate values nothing rather than NaN on the wire.
      into[i] = Number.isFinite(dkk) ? dkk : 0;
      if (choice) {
        choice.kind = kind;
        choice.index = index;
        choice.price = price;
      }
    }
  };

  return {
    clock: provider,
    priceAt: (time) => {
      const price = new Float64Array(1);
      walk([time], 0, 1, price);
      return price[0];
    },
    pricesAt: walk,
    quoteAt: (now) => {
      const choice: Choice = { kind: undefined, index: -1, price: NaN };
      const price_dkk = new Float64Array(1);
      walk([now], 0, 1, price_dkk, choice);
      if (!choice.kind) return undefined;
      const finite = toMillionths(price_dkk[0]);
      switch (choice.kind) {
        case 'manual': {
          const step = typed[choice.index];
          return {
            price: step.price,
            currency: step.currency,
            price_dkk: finite,
            date: step.day,
            source: 'manual',
          };
        }
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
            price: toMillionths(
              trade.price /
                splitFactor(doneBy(splits.times, trade.time), doneBy(splits.times, now)),
            ),
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
