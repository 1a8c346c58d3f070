// An investment's history replayed once, valued at any time (decisions.md section 2).
import type { Holding, LedgerEntry } from '../ledger';
import { applyEntry, EMPTY_HOLDING, inTimeOrder, refusalFor, tidy } from '../ledger';

/** An investment's entries with its DKK price per share at any time. */
export interface PricedHolding {
  entries: readonly LedgerEntry[];
  priceAt: (time: number) => number;
  /**
   * `priceAt` at each of the ascending times[from..to), into the same places of `into`, the same
   * numbers found faster by walking; absent: `priceAt` at each.
   */
  pricesAt?: (times: readonly number[], from: number, to: number, into: Float64Array) => void;
}

/** Whether two entries say the same: replaying either from the same holding gives the same. */
export function sameEntry(a: LedgerEntry, b: LedgerEntry): boolean {
  if (a.kind !== b.kind || !Object.is(a.time, b.time)) return false;
  switch (a.kind) {
    case 'buy':
    case 'sell':
      return (
        b.kind === a.kind &&
        Object.is(a.shares, b.shares) &&
        Object.is(a.price, b.price) &&
        Object.is(a.fee, b.fee)
      );
    case 'dividend':
      return b.kind === 'dividend' && Object.is(a.amount, b.amount);
    case 'split':
      return (
        b.kind === 'split' &&
        Object.is(a.sharesAfter, b.sharesAfter) &&
        Object.is(a.fee, b.fee) &&
        Object.is(a.soldShares, b.soldShares) &&
        Object.is(a.soldPrice, b.soldPrice)
      );
  }
}

/** A holding's five numbers, in this order, in a checkpoint's columns (`HoldingColumns`). */
export const HOLDING_WIDTH = 5;

/**
 * Holdings kept as doubles, HOLDING_WIDTH a holding from `offset` (shares, costs, fees,
 * dividends, realised): a checkpoint's, read without an object per holding (issue 37: a fresh
 * process's 20,000 holdings were 100,000 objects, copied by the young generation's collections).
 */
export class HoldingColumns {
  constructor(
    private readonly numbers: Float64Array,
    private readonly offset: number,
    readonly length: number,
  ) {}

  at(index: number): Holding {
    const at = this.offset + index * HOLDING_WIDTH;
    const numbers = this.numbers;
    return {
      shares: numbers[at],
      costs: numbers[at + 1],
      fees: numbers[at + 2],
      dividends: numbers[at + 3],
      realised: numbers[at + 4],
    };
  }

  shares(index: number): number {
    return this.numbers[this.offset + index * HOLDING_WIDTH];
  }

  /** The first `length` of these holdings (no copy). */
  prefix(length: number): HoldingColumns {
    return length >= this.length ? this : new HoldingColumns(this.numbers, this.offset, length);
  }
}

/** The holding once entries[0..index] of `replayed` are done, whatever form it keeps them in. */
export function heldAfter(
  replayed: Timeline | Pick<StoredReplay, 'after'>,
  index: number,
): Holding {
  if (replayed instanceof Timeline) return replayed.holdingAfter(index + 1);
  const { after } = replayed;
  return after instanceof HoldingColumns ? after.at(index) : after[index];
}

/** What replaying entries (in time order) left: what a later replay of them can start from. */
export type Replayed = Timeline | StoredReplay;

/** A replay's holdings as plain data: a checkpoint's, or the part of one still the same. */
export interface StoredReplay {
  readonly entries: readonly LedgerEntry[];
  /** after[i]: the holding once entries[0..i] are done (as objects, or a checkpoint's columns). */
  readonly after: readonly Holding[] | HoldingColumns;
  /** Index of the first refused entry (corrupt stored data only; skipped), or entries.length. */
  readonly firstRefused: number;
}

/**
 * Values at consecutive local midnights, kept: a span inside the longest asked for (Forever's
 * holds Year's, a portfolio's and each calendar year's) reads them, and one that reaches past
 * its end (the next day) values only the new midnights. For what stays the same while it lives:
 * a timeline's values, a benchmark's for the same flows and prices.
 */
export class MidnightValues {
  private times: number[] = [];
  private values: Float64Array = new Float64Array(0);

  constructor(private readonly valuesAt: (times: readonly number[]) => Float64Array) {}

  at(midnights: readonly number[]): Float64Array {
    const count = midnights.length;
    const kept = this.times;
    const start = count > 0 ? indexOf(kept, midnights[0]) : -1;
    if (start < 0) {
      const values = this.valuesAt(midnights);
      if (count >= kept.length) [this.times, this.values] = [[...midnights], values];
      return values;
    }
    const end = start + count;
    if (end <= kept.length && kept[end - 1] === midnights[count - 1])
      return this.values.subarray(start, end);
    // The same days up to the kept ones' end, then new ones.
    const added = midnights.slice(kept.length - start);
    if (added[0] <= kept[kept.length - 1]) return this.valuesAt(midnights);
    const values = new Float64Array(this.values.length + added.length);
    values.set(this.values);
    values.set(this.valuesAt(added), this.values.length);
    [this.times, this.values] = [[...kept, ...added], values];
    return values.subarray(start, end);
  }
}

/** Where `time` is in the ascending `times`, or -1. */
function indexOf(times: readonly number[], time: number): number {
  const at = doneBy(times, time) - 1;
  return at >= 0 && times[at] === time ? at : -1;
}

/**
 * A priced holding replayed once: the holding after each entry, so the holding at any time is a
 * binary search instead of a replay. A server keeps one per investment until its events change,
 * which makes a valuation cost O(log entries) and a chart O(points + log entries).
 *
 * Given the timeline of the same investment before a change, the entries both share from the
 * start keep its holdings and only the rest is replayed: an event added at the end (a buy of
 * today) replays one entry, an edit or deletion replays from the changed one on.
 */
export class Timeline implements PricedHolding {
  /** Time order; equal times keep the order they were entered in. */
  readonly entries: readonly LedgerEntry[];
  readonly priceAt: (time: number) => number;
  readonly pricesAt: Required<PricedHolding>['pricesAt'];
  readonly firstRefused: number;
  /**
   * The holdings after the first `columns.length` entries from a checkpoint's columns (none
   * made unless asked for), then those after the rest as objects, `objects[i]` after entry
   * `columns.length + i`.
   */
  private readonly columns: HoldingColumns | undefined;
  private readonly objects: readonly Holding[];
  /**
   * The entries' times, in one typed array: the searches read them there, whatever the shapes of
   * the entries (a dividend with or without tax withheld, a split), so their optimised code holds.
   */
  private readonly times: Float64Array;

  /** `previous`: a replay of the same investment before (a timeline, or a checkpoint's). */
  constructor(holding: PricedHolding, previous?: Replayed) {
    // A replay's own entries are in time order already: a cold build passes them on twice.
    this.entries =
      holding.entries === previous?.entries ? holding.entries : inTimeOrder(holding.entries);
    this.priceAt = holding.priceAt;
    this.pricesAt =
      holding.pricesAt ??
      ((times, from, to, into) => {
        for (let index = from; index < to; index++) into[index] = holding.priceAt(times[index]);
      });
    const count = this.entries.length;
    const kept = previous ? sharedStart(previous.entries, this.entries) : 0;
    // The kept holdings stay in the form they came in: columns stay columns.
    const shared = previous instanceof Timeline ? previous.columns : previous?.after;
    const columns = shared instanceof HoldingColumns && kept > 0 ? shared.prefix(kept) : undefined;
    const fromColumns = columns?.length ?? 0;
    const objects = new Array<Holding>(count - fromColumns);
    for (let index = fromColumns; index < kept; index++)
      objects[index - fromColumns] = heldAfter(previous as Replayed, index);
    let current =
      kept === 0
        ? EMPTY_HOLDING
        : kept > fromColumns
          ? objects[kept - 1 - fromColumns]
          : (columns as HoldingColumns).at(kept - 1);
    let firstRefused = previous && previous.firstRefused < kept ? previous.firstRefused : count;
    for (let index = kept; index < count; index++) {
      const result = applyEntry(current, this.entries[index]);
      if (result.ok) current = result.holding;
      else firstRefused = Math.min(firstRefused, index);
      objects[index - fromColumns] = current;
    }
    const times = new Float64Array(count);
    for (let index = 0; index < count; index++) times[index] = this.entries[index].time;
    this.columns = columns;
    this.objects = objects;
    this.firstRefused = firstRefused;
    this.times = times;
  }

  /** Whether every entry up to and including `time` applied, as a replay up to then would. */
  replaysUntil(time: number): boolean {
    return this.firstRefused >= this.doneBy(time);
  }

  static of(holding: PricedHolding): Timeline {
    return holding instanceof Timeline ? holding : new Timeline(holding);
  }

  get firstTime(): number | undefined {
    return this.entries[0]?.time;
  }

  /** How many entries are done by `time` (an entry at `time` is). */
  doneBy(time: number): number {
    const times = this.times;
    let low = 0;
    let high = times.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (times[mid] <= time) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** The holding after the first `done` entries. */
  holdingAfter(done: number): Holding {
    if (done === 0) return EMPTY_HOLDING;
    const fromColumns = this.columns?.length ?? 0;
    return done > fromColumns
      ? this.objects[done - 1 - fromColumns]
      : (this.columns as HoldingColumns).at(done - 1);
  }

  /** The shares held after the first `done` entries: `holdingAfter(done).shares`, no object made. */
  sharesAfter(done: number): number {
    if (done === 0) return 0;
    const fromColumns = this.columns?.length ?? 0;
    return done > fromColumns
      ? this.objects[done - 1 - fromColumns].shares
      : (this.columns as HoldingColumns).shares(done - 1);
  }

  holdingAt(time: number): Holding {
    return this.holdingAfter(this.doneBy(time));
  }

  /** The holding's value at `time`. */
  valueAt(time: number): number {
    const state = this.holdingAt(time);
    return tidy(state.shares * priceOf(state.shares, this.priceAt, time));
  }

  /** Values at each of the ascending `times`, walking the entries and the prices once. */
  valuesAt(times: readonly number[]): Float64Array {
    const count = times.length;
    // The shares alone first (no holding made per point), then the prices where any are held.
    const shares = new Float64Array(count);
    let first = count;
    let end = 0;
    let done = count > 0 ? this.doneBy(times[0]) : 0;
    for (let index = 0; index < count; index++) {
      while (done < this.times.length && this.times[done] <= times[index]) done++;
      shares[index] = this.sharesAfter(done);
      if (shares[index] > 0) {
        first = Math.min(first, index);
        end = index + 1;
      }
    }
    const values = new Float64Array(count);
    if (first < end) this.pricesAt(times, first, end, values);
    for (let index = 0; index < count; index++) {
      const held = shares[index];
      values[index] = tidy(held * (held > 0 ? values[index] : 0));
    }
    return values;
  }

  /** The splits that applied, from the holdings before each: no replay. */
  splitSteps(): SplitSteps {
    const times: number[] = [];
    const before = [1];
    this.entries.forEach((entry, index) => {
      if (entry.kind !== 'split') return;
      const held = this.sharesAfter(index);
      // Refused entries are skipped, as every replay of stored history does.
      if (refusalFor(held, entry)) return;
      times.push(entry.time);
      before.push(before[before.length - 1] * ((entry.sharesAfter + entry.soldShares) / held));
    });
    return { times, before };
  }

  /** The last grid asked for at each step (one per period), with its values. */
  private readonly grids = new Map<number, { first: number; values: Float64Array }>();

  /**
   * `valuesAt` for the evenly spaced points between a chart's ends (`chartTimes`), kept: the
   * same grid comes back on every request until the period moves on by a step.
   */
  gridValues(grid: readonly number[]): Float64Array {
    const step = grid.length > 1 ? grid[1] - grid[0] : 0;
    const even = grid.every((time, i) => i === 0 || time - grid[i - 1] === step);
    if (!even) return this.valuesAt(grid);
    const kept = this.grids.get(step);
    if (kept && kept.first === grid[0] && kept.values.length === grid.length) return kept.values;
    const values = this.valuesAt(grid);
    this.grids.set(step, { first: grid[0], values });
    return values;
  }

  /** The last sums `boughtBetween` made, by their entries' span (a few periods at a time). */
  private readonly bought = new Map<string, number>();

  /**
   * The cost (DKK) of the buys among entries `start` to `end` (excluded), summed in entry
   * order, kept: a valuation asks for the same span until an entry or the period's start moves
   * past one, and summing a Forever span costs O(entries).
   */
  boughtBetween(start: number, end: number): number {
    const key = `${start}:${end}`;
    const kept = this.bought.get(key);
    if (kept !== undefined) return kept;
    let sum = 0;
    for (let i = start; i < end; i++) {
      const entry = this.entries[i];
      if (entry.kind === 'buy') sum += entry.shares * entry.price;
    }
    if (this.bought.size >= BOUGHT_SPANS_KEPT) this.bought.clear();
    this.bought.set(key, sum);
    return sum;
  }

  private readonly days = new MidnightValues((times) => this.valuesAt(times));

  /**
   * `valuesAt` for consecutive midnights, the days a return is linked over, kept
   * (MidnightValues).
   */
  midnightValues(midnights: readonly number[]): Float64Array {
    return this.days.at(midnights);
  }
}

/** Spans of `boughtBetween` kept per timeline: each period's, and a Day or Year start's moves. */
const BOUGHT_SPANS_KEPT = 16;

/** How many entries from the start `a` and `b` share. */
function sharedStart(a: readonly LedgerEntry[], b: readonly LedgerEntry[]): number {
  if (a === b) return a.length;
  const most = Math.min(a.length, b.length);
  let index = 0;
  while (index < most && (a[index] === b[index] || sameEntry(a[index], b[index]))) index++;
  return index;
}

/** Every split of a ledger at its time, with the product of the ratios before each. */
export interface SplitSteps {
  times: number[];
  /** before[i]: the product of the ratios (post-split units over shares before) of the first i splits; before[0] is 1. */
  before: number[];
}

/**
 * The index of the first of the ascending `times` after `time` (one at `time` is done by then),
 * searched from `low` on (the caller knows those before it are done).
 */
export function doneBy(times: ArrayLike<number>, time: number, low = 0): number {
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (times[mid] <= time) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The splits of a ledger, replayed once. O(entries). */
export function splitSteps(entries: readonly LedgerEntry[]): SplitSteps {
  return new Timeline({ entries, priceAt: () => 0 }).splitSteps();
}

/**
 * The DKK price per share quoted for an investment at any time, from a market price that knows
 * nothing of the investment's own splits (the demo's). From each split on, the price is divided
 * by its ratio (post-split units over shares before), so the price before any split is the
 * market's and a split never changes the holding's value by itself: recording one, today or
 * dated years back, neither moves today's value nor rewrites history. It depends on the entries
 * and the time only, so a valuation as of any time matches the chart's point there.
 * Costs O(entries) once, then O(log splits) per price.
 */
export function splitAdjustedPrice(
  entries: readonly LedgerEntry[],
  marketPrice: (time: number) => number,
): (time: number) => number {
  const { times, before } = splitSteps(entries);
  if (times.length === 0) return marketPrice;
  return (time) => marketPrice(time) / before[doneBy(times, time)];
}

/** No price lookup for an empty holding: a sold investment's history then costs nothing. */
export function priceOf(shares: number, priceAt: (time: number) => number, time: number): number {
  return shares > 0 ? priceAt(time) : 0;
}
