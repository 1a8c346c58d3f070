// Investments' replayed histories with their prices, kept between requests under their versions.
import { inTimeOrder, type LedgerEntry } from '../../domain/ledger';
import { Timeline, type Replayed } from '../../domain/valuation';
import type { Market } from '../market/market';
import { phaseEnd, phaseSpent, phaseStart } from '../phases';
import { priceInvestment, type MarketSnapshot, type PricedInvestment } from '../market/pricing';
import type {
  EventRow,
  InvestmentRow,
  LedgerStore,
  ManualPriceRow,
  ManualPriceStore,
  ReplayCheckpointStore,
} from '../store';
import { decodeCheckpoint, encodeCheckpoint, type Checkpoint } from './checkpoint';
import { entryAt, entryRate } from './wire';

/**
 * A timeline keeps one grid per period, under 1,500 numbers in all, and its returns' midnights,
 * two numbers a day (about 4,400 over 6 years): about 240 entries' worth.
 */
export const GRID_WEIGHT = 240;
const weightOf = (timeline: Timeline) => timeline.entries.length + GRID_WEIGHT;

/**
 * Investments without a checkpoint whose events are read at once: a few, so reads overlap
 * replays and round trips. Their checkpoints are read before, all in one read.
 */
const READS_AT_ONCE = 4;

/** Where a build's events came from: the store's rows, its checkpoint, or a write here. */
type Source = (
  | { events: readonly EventRow[]; checkpoint?: undefined }
  | { checkpoint: Checkpoint; events?: undefined }
) & {
  manual: readonly ManualPriceRow[];
  /** Told by a write in this process: no checkpoint is kept of it (see `build`). */
  told?: true;
};

/** An investment's replayed history with its prices. */
export interface Valued {
  timeline: Timeline;
  priced: PricedInvestment;
  /**
   * The events replayed, in entry order: the year report reads them here, not again. From a
   * checkpoint they are made on the first read (the home's figures read none).
   */
  readonly events: readonly EventRow[];
}

/**
 * A write's change to an investment's events, told once it is committed: the events (any order)
 * at version `after`, which the investment had at `before`, just before the write.
 */
export interface RecordedEvents {
  investmentId: number;
  before: number;
  after: number;
  events: readonly EventRow[];
}

interface Kept {
  /** The investment's version with the market's (`Timelines.of`). */
  version: string;
  investmentVersion: number;
  valued: Valued;
  manual: readonly ManualPriceRow[];
  /** The events at a later version, told by a write here (not weighed: the next read uses them). */
  next?: { version: number; events: readonly EventRow[] };
}

/**
 * Investments' replayed histories (timelines) kept between requests, under their versions. After
 * a change, the next timeline replays only from the first entry that differs from the kept one,
 * and after a write in this process it is built from the events the write told of, reading
 * nothing. Another process, not told, reads the events again.
 *
 * A timeline built from the store's rows is also kept in the store as a replay checkpoint under
 * the investment's version, so that a fresh process reads that one row instead of the events and
 * takes the replay's holdings from it while every event's rate is the same (issue 37).
 */
export class Timelines {
  private readonly cached = new Map<number, Kept>();
  private readonly building = new Map<number, { version: string; valued: Promise<Valued> }>();
  private weight = 0;
  /** The checkpoints' writes, one after another (see `checkpoint`). */
  private writing: Promise<void> = Promise.resolve();
  private readonly maxEntries: number;
  private readonly pause: () => Promise<void>;

  /**
   * `maxEntries` bounds the memory, at a few hundred bytes an entry; each timeline also counts
   * as GRID_WEIGHT entries for the chart grids it keeps. The least recently used go first.
   * `pause` resolves once other requests have had their turn, before each checkpoint's write.
   */
  constructor(
    private readonly store: Pick<LedgerStore, 'investmentEvents'> &
      Pick<ManualPriceStore, 'manualPrices'> &
      ReplayCheckpointStore,
    private readonly market: Pick<Market, 'snapshot'>,
    options: { maxEntries?: number; pause?: () => Promise<void> } = {},
  ) {
    this.maxEntries = options.maxEntries ?? 1_000_000;
    this.pause = options.pause ?? (() => Promise.resolve());
  }

  /** The share of `maxEntries` the kept timelines weigh (0 to about 1). */
  filled(): number {
    return this.weight / this.maxEntries;
  }

  /** Resolves once the checkpoints of the replays so far are written (or failed): before a close. */
  settled(): Promise<void> {
    return this.writing;
  }

  /**
   * Keeps the events a committed write left, for the next read at its version, when the kept
   * timeline is the one from just before the write (the typed prices are then the kept ones).
   */
  recorded(change: RecordedEvents): void {
    const kept = this.cached.get(change.investmentId);
    if (kept?.investmentVersion !== change.before) return;
    // In the store's order (entry order), which a replay of equal times keeps.
    const events = [...change.events].sort((a, b) => a.id - b.id);
    kept.next = { version: change.after, events };
  }

  /** The timelines of `investments`, and the market's snapshot of them and of `also`. */
  async of(
    investments: readonly InvestmentRow[],
    also: readonly InvestmentRow[] = [],
  ): Promise<{ valued: Map<number, Valued>; snapshot: MarketSnapshot }> {
    const snapshot = await this.market.snapshot(
      also.length === 0 ? investments : [...investments, ...also],
    );
    const versionOf = (i: InvestmentRow) => `${i.version}:${snapshot.versionOf(i)}`;
    const found = new Map<number, Valued>();
    const waiting: { id: number; valued: Promise<Valued> }[] = [];
    const stale: InvestmentRow[] = [];
    for (const investment of investments) {
      const version = versionOf(investment);
      const hit = this.cached.get(investment.id);
      const building = this.building.get(investment.id);
      if (hit?.version === version) found.set(investment.id, hit.valued);
      // Reads that meet a timeline being built for the same version wait for it, instead of
      // each building it again (many reads right after a write).
      else if (building?.version === version)
        waiting.push({ id: investment.id, valued: building.valued });
      else stale.push(investment);
    }
    if (stale.length > 0) waiting.push(...this.build(stale, snapshot, versionOf));
    const built = await Promise.all(waiting.map((w) => w.valued));
    waiting.forEach((w, index) => found.set(w.id, built[index]));
    // Hits move to the back: Map keeps insertion order, so the front is least recently used.
    for (const investment of investments) {
      const hit = this.cached.get(investment.id);
      if (hit && found.get(investment.id) === hit.valued) {
        this.cached.delete(investment.id);
        this.cached.set(investment.id, hit);
      }
    }
    return { valued: found, snapshot };
  }

  /**
   * Builds the timelines of these investments, each kept once built: their typed prices in one
   * read, their checkpoints in one read, the events of those without one one investment at a
   * time (READS_AT_ONCE in flight), each turned into ledger entries and replayed as it comes, so
   * the whole account's event rows are never held at once.
   */
  private build(
    stale: readonly InvestmentRow[],
    snapshot: MarketSnapshot,
    versionOf: (investment: InvestmentRow) => string,
  ): { id: number; valued: Promise<Valued> }[] {
    const told = new Map<number, Source>();
    for (const investment of stale) {
      const kept = this.cached.get(investment.id);
      if (kept?.next?.version === investment.version)
        told.set(investment.id, { events: kept.next.events, manual: kept.manual, told: true });
    }
    const asked = stale.filter((i) => !told.has(i.id));
    const ids = asked.map((i) => i.id);
    const started = phaseStart();
    const replayedBefore = phaseSpent('replay');
    const manualOf = (ids.length === 0 ? Promise.resolve([]) : this.store.manualPrices(ids)).then(
      (manual) => groupBy(manual, (m) => m.investmentId),
    );
    // Every checkpoint of the build in one read; the events of those without one a few at a time.
    const checkpointsOf = (
      asked.length === 0
        ? Promise.resolve<(Uint8Array | undefined)[]>([])
        : this.store.replayCheckpoints(
            asked.map((i) => ({ investmentId: i.id, version: i.version })),
          )
    ).then((found) => new Map(asked.map((i, index) => [i.id, found[index]])));
    const inTurn = limited(READS_AT_ONCE);
    const builds = stale.map((investment) => {
      const given = told.get(investment.id);
      const read = given
        ? Promise.resolve(given)
        : Promise.all([
            checkpointsOf.then((found) => this.read(investment, found.get(investment.id), inTurn)),
            manualOf,
          ]).then(([source, manual]): Source => ({
            ...source,
            manual: manual.get(investment.id) ?? [],
          }));
      return read.then((source) => {
        const replaying = phaseStart();
        const valued = this.replay(investment, source, snapshot);
        this.keep(investment, versionOf(investment), valued, source.manual);
        phaseEnd('replay', replaying);
        return valued;
      });
    });
    void Promise.allSettled(builds).then(() =>
      phaseEnd('events read', started + phaseSpent('replay') - replayedBefore),
    );
    return stale.map((investment, index) => {
      const version = versionOf(investment);
      const valued = builds[index];
      this.building.set(investment.id, { version, valued });
      const done = () => {
        if (this.building.get(investment.id)?.valued === valued)
          this.building.delete(investment.id);
      };
      // Also handles a failure, so one no other reader waits for is no unhandled rejection.
      valued.then(done, done);
      return { id: investment.id, valued };
    });
  }

  /** The investment's checkpoint if the store keeps one at its version, else its events. */
  private async read(
    investment: InvestmentRow,
    bytes: Uint8Array | undefined,
    inTurn: <T>(task: () => Promise<T>) => Promise<T>,
  ): Promise<{ checkpoint: Checkpoint } | { events: readonly EventRow[] }> {
    const checkpoint = bytes && decodeCheckpoint(bytes, investment.id);
    if (checkpoint) return { checkpoint };
    return { events: await inTurn(() => this.store.investmentEvents(investment.id)) };
  }

  /**
   * The holdings first: the checkpoint's while every entry's rate is the one it was replayed
   * with, else from the kept timeline's where the entries are the same, else the checkpoint's
   * before the first entry whose rate changed (`sameBefore`); then the prices. A
   * replay of the store's events is kept as the investment's checkpoint, behind the answer.
   */
  private replay(investment: InvestmentRow, source: Source, snapshot: MarketSnapshot): Valued {
    const { manual, checkpoint } = source;
    const rates = checkpoint
      ? checkpoint.ratesNow(snapshot.rate)
      : Float64Array.from(source.events, (event) => entryRate(event, snapshot.rate));
    const fromCheckpoint = checkpoint !== undefined && sameRates(checkpoint.rates, rates);
    // A checkpoint at other rates is replayed from its events, and kept again at these.
    let events = fromCheckpoint ? undefined : (source.events ?? checkpoint?.events());
    const eventsOf = () => (events ??= checkpoint?.events() ?? []);
    const entries = inTimeOrder(
      events
        ? events.map((event, index) => entryAt(event, rates[index]))
        : (checkpoint?.entriesAt(rates) ?? []),
    );
    const previous: Replayed | undefined = fromCheckpoint
      ? { entries, ...checkpoint.replayed }
      : (this.cached.get(investment.id)?.valued.timeline ??
        (checkpoint && sameBefore(checkpoint, rates, entries)));
    const replayed = new Timeline({ entries, priceAt: () => 0 }, previous);
    if (events && !source.told) this.checkpoint(investment, events, rates, replayed);
    // The split steps of the prices come from the holdings.
    const priced = priceInvestment(
      replayed.entries,
      eventsOf,
      replayed.splitSteps(),
      snapshot.provider(investment),
      manual,
      snapshot.rate,
    );
    const timeline = new Timeline(
      { entries: replayed.entries, priceAt: priced.priceAt, pricesAt: priced.pricesAt },
      replayed,
    );
    return {
      timeline,
      priced,
      get events() {
        return eventsOf();
      },
    };
  }

  /**
   * Keeps the replay as the investment's checkpoint; a failure costs the next process a read.
   * Encoded and written behind the answers, one at a time, each after other requests' turn: at
   * 200k events an account's are about 27 MB, and on SQLite a write holds the event loop.
   */
  private checkpoint(
    investment: InvestmentRow,
    events: readonly EventRow[],
    rates: Float64Array,
    replayed: Replayed,
  ): void {
    this.writing = this.writing
      .then(this.pause)
      .then(() =>
        this.store.keepReplayCheckpoint(
          investment.id,
          investment.version,
          encodeCheckpoint(events, rates, replayed),
        ),
      )
      .catch(() => undefined);
  }

  private keep(
    investment: InvestmentRow,
    version: string,
    valued: Valued,
    manual: readonly ManualPriceRow[],
  ): void {
    const old = this.cached.get(investment.id);
    if (old) {
      this.weight -= weightOf(old.valued.timeline);
      this.cached.delete(investment.id);
    }
    this.cached.set(investment.id, {
      version,
      investmentVersion: investment.version,
      valued,
      manual,
    });
    this.weight += weightOf(valued.timeline);
    for (const [id, oldest] of this.cached) {
      if (this.weight <= this.maxEntries || this.cached.size === 1) break;
      this.cached.delete(id);
      this.weight -= weightOf(oldest.valued.timeline);
    }
  }
}

/**
 * The checkpoint's replay of the entries before the first event whose rate changed (a day's rate
 * published after an event of that day was replayed at the day before's): those entries are
 * the same at both rates, so their holdings are the checkpoint's, and only the rest is replayed.
 */
function sameBefore(
  checkpoint: Checkpoint,
  rates: Float64Array,
  entries: readonly LedgerEntry[],
): Replayed | undefined {
  const { count, replayed } = checkpoint;
  if (rates.length !== count) return undefined;
  let changed = Infinity;
  for (let index = 0; index < count; index++)
    if (!Object.is(rates[index], checkpoint.rates[index]))
      changed = Math.min(changed, checkpoint.timeOf(index));
  // Entries in time order: those before the first changed one's time are the same entries.
  const same = countBefore(entries, changed);
  if (same === 0) return undefined;
  return {
    entries: entries.slice(0, same),
    after: replayed.after,
    firstRefused: replayed.firstRefused,
  };
}

/** How many of `entries` (in time order) come before `time`. */
function countBefore(entries: readonly LedgerEntry[], time: number): number {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (entries[mid].time < time) low = mid + 1;
    else high = mid;
  }
  return low;
}

function sameRates(kept: Float64Array, now: Float64Array): boolean {
  if (kept.length !== now.length) return false;
  // A loop, not `every`: a closure call per event in a cold process's unoptimised code.
  for (let index = 0; index < now.length; index++)
    if (!Object.is(now[index], kept[index])) return false;
  return true;
}

function groupBy<T>(rows: readonly T[], key: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const list = groups.get(key(row));
    if (list) list.push(row);
    else groups.set(key(row), [row]);
  }
  return groups;
}

/** Runs the tasks given to it at most `n` at a time, in the order given. */
function limited(n: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
