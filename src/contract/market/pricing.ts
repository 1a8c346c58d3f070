// How an investment is priced at any time, written once for every market: the price the user
// typed for that day, else the provider's, else the last trade's. Markets (the demo's synthetic
// one, the server's stored one) only say what the provider's price is and what a currency is
// worth in DKK; they read what they keep and never call a provider here.
import type { LedgerEntry } from '../../domain/ledger';
import { inTimeOrder } from '../../domain/ledger';
import { doneBy, StepCursor, type PriceClock, type SplitSteps } from '../../domain/valuation';
import type { AssetClass, InstrumentType } from '../../domain/types';
import type { PriceSourceName } from '../../market/port';
// Events are kept at noon UTC of their day, so a UTC day is theirs.
import { utcDay, utcMidnight } from '../../market/zoned-time';
import type { EventRow, InvestmentRow, ManualPriceRow } from '../store';

/** DKK per one unit of `currency` at `time`; NaN when no rate is known at all. */
export type RateSource = ((currency: string, time: number) => number) & {
  /** The same rates of one currency for times asked in ascending order, walked, not searched. */
  readonly along?: (currency: string) => (time: number) => number;
};

/** `rate`'s rates of one currency for ascending times: walked where the source can. */
export function rateAlong(rate: RateSource, currency: string): (time: number) => number {
  return rate.along?.(currency) ?? ((time) => rate(currency, time));
}

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

export type PriceWalk = Pick<ProviderPricing, 'price' | 'madeAt'>;

/** A provider's `price` and `madeAt` for times asked in ascending order: its steps walked. */
export function providerAlong(provider: ProviderPricing): PriceWalk {
  const { steps } = provider;
  if (!steps) return provider;
  const cursor = new StepCursor(steps.starts);
  return {
    price: (time) => stepPrice(steps, cursor.doneBy(time)),
    madeAt: (time) => stepMadeAt(steps, cursor.doneBy(time)),
  };
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
  /** `priceAt` at each of times[from..to) into the same places of `into`, walked (`Lookups`). */
  pricesAt: (times: readonly number[], from: number, to: number, into: Float64Array) => void;
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
  const entryTrades = inTimeOrder(entries).filter((e) => e.kind === 'buy' || e.kind === 'sell');
  let trades: (EventRow & { kind: 'buy' | 'sell' })[] | undefined;
  return {
    times: entryTrades.map((e) => e.time),
    dkk: entryTrades.map((e) => (e.kind === 'buy' || e.kind === 'sell' ? e.price : 0)),
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

/** Where a rule finds its steps at a time: searched (one time) or walked (ascending times). */
interface Lookups {
  /** How many typed prices have started by then. */
  typedDone: (time: number) => number;
  provider: PriceWalk | undefined;
  splitsDone: (time: number) => number;
  tradesDone: (time: number) => number;
  rate: RateSource;
}

/** Which price is in force at a time: one record, refilled at each time of a walk. */
interface Choice {
  kind: 'manual' | 'provider' | 'trade' | undefined;
  /** The typed price's or the trade's. */
  index: number;
  /** The provider's, divided by the splits when it knows nothing of them. */
  price: number;
}

const blank = (): Choice => ({ kind: undefined, index: -1, price: NaN });

function chosen(choice: Choice, kind: Choice['kind'], index: number, price: number): Choice {
  choice.kind = kind;
  choice.index = index;
  choice.price = price;
  return choice;
}

/** A currency with no known rate values nothing rather than NaN on the wire. */
const finiteDkk = (dkk: number) => (Number.isFinite(dkk) ? dkk : 0);

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

  /** The rule below, one time at a time: each step searched. */
  const searched: Lookups = {
    typedDone: (time) => doneBy(typedStarts, time),
    provider,
    splitsDone: (time) => doneBy(splits.times, time),
    tradesDone: (time) => doneBy(trades.times, time),
    rate,
  };

  /** The rule below for times in ascending order: each step walked on from the last time's. */
  const walked = (): Lookups => {
    const typedAt = new StepCursor(typedStarts);
    const splitsAt = new StepCursor(splits.times);
    const tradesAt = new StepCursor(trades.times);
    const rates = new Map<string, (time: number) => number>();
    return {
      typedDone: (time) => typedAt.doneBy(time),
      provider: provider && providerAlong(provider),
      splitsDone: (time) => splitsAt.doneBy(time),
      tradesDone: (time) => tradesAt.doneBy(time),
      rate: (currency, time) => {
        let along = rates.get(currency);
        if (!along) rates.set(currency, (along = rateAlong(rate, currency)));
        return along(time);
      },
    };
  };

  /** Fills `choice` with where the price at `time` comes from. */
  const choose = (time: number, look: Lookups, choice: Choice): Choice => {
    const typedIndex = look.typedDone(time) - 1;
    const step = typedIndex >= 0 ? typed[typedIndex] : undefined;
    const market = look.provider;
    let price = market ? market.price(time) : NaN;
    if (provider && !Number.isNaN(price) && provider.dividedBySplits)
      price /= splitFactor(0, look.splitsDone(time));
    const hasProvider = market !== undefined && !Number.isNaN(price);
    // A typed price wins on its day, and after it until the provider has a later price.
    if (step && (!hasProvider || market.madeAt(time) < step.end))
      return chosen(choice, 'manual', typedIndex, NaN);
    if (hasProvider) return chosen(choice, 'provider', -1, price);
    const tradeIndex = look.tradesDone(time) - 1;
    if (tradeIndex >= 0) return chosen(choice, 'trade', tradeIndex, NaN);
    // Before the first trade: its price (nothing is held then, so it values nothing).
    return chosen(choice, trades.times.length > 0 ? 'trade' : undefined, 0, NaN);
  };

  const dkkOf = (choice: Choice, time: number, look: Lookups): number => {
    switch (choice.kind) {
      case undefined:
        return 0;
      case 'manual': {
        const step = typed[choice.index];
        return step.price * look.rate(step.currency, time);
      }
      case 'provider':
        return provider ? choice.price * look.rate(provider.currency, time) : 0;
      case 'trade': {
        const index = choice.index;
        const tradeSplits = doneBy(splits.times, trades.times[index]);
        return trades.dkk[index] / splitFactor(tradeSplits, look.splitsDone(time));
      }
    }
  };

  return {
    clock: provider,
    priceAt: (time) => finiteDkk(dkkOf(choose(time, searched, blank()), time, searched)),
    pricesAt: (times, from, to, into) => {
      const look = walked();
      const choice = blank();
      for (let index = from; index < to; index++) {
        const time = times[index];
        into[index] = finiteDkk(dkkOf(choose(time, look, choice), time, look));
      }
    },
    quoteAt: (now) => {
      const choice = choose(now, searched, blank());
      if (!choice.kind) return undefined;
      const price_dkk = dkkOf(choice, now, searched);
      const finite = Number.isFinite(price_dkk) ? toMillionths(price_dkk) : 0;
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
