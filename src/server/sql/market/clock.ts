// The market's sync states as of the latest request (issue 37): `market_sync` read with the
// market's clock (migration 0020) in one query, and kept under it. Every request reads the clock
// with its session (`sessionWithUser`); while it stands, no process wrote `market_sync`, and the
// states kept at it are the database's, so a warm home reads its session and nothing else of the
// market (it read `market_sync` twice per call: the kept answers' versions, the snapshot's states).
// A write of this process's market clears what is kept at once; another process's shows at the
// next request, whose session reads the raised clock.
import { sql, type Kysely } from 'kysely';
import { CompiledOnce } from '../compiled-once';
import type { Database } from '../schema';
import { toSync, type SyncState } from './rows';

/** The market's clock as a column of any select, so it costs no statement of its own. */
export const marketClockColumn = () => sql<number | null>`(select version from market_clock)`;

/** A clock column as read: null before the first write of `market_sync` (no clock row yet). */
export const clockValue = (read: number | null): number | null =>
  read === null ? null : Number(read);

/** Keys kept at most (a listing's state is a few hundred bytes). */
const KEYS_KEPT = 20_000;

interface KeptState {
  clock: number;
  state: SyncState | undefined;
}

export class MarketClock {
  /** The latest clock a read of this database returned; undefined before the first. */
  private seen: number | undefined;
  /** Raised by this process's writes: a read begun before one is not kept. */
  private generation = 0;
  private readonly states = new Map<string, KeptState>();
  private readonly queries: CompiledOnce<Database>;

  constructor(private readonly db: Kysely<Database>) {
    this.queries = new CompiledOnce(db);
  }

  /** A clock read with a session (null: no clock row): the latest unless a later one was read. */
  observe(clock: number | null): void {
    if (clock === null) return;
    if (this.seen === undefined || clock > this.seen) this.seen = clock;
  }

  /** This process wrote `market_sync` (committed or failed): nothing kept is trusted. */
  changed(): void {
    this.generation += 1;
    this.states.clear();
  }

  /**
   * The states of `keys` (those that have one) as of the latest clock read: kept when every key
   * was read at that clock, else read (with the clock) and kept.
   */
  async statesOf(keys: readonly string[]): Promise<Map<string, SyncState>> {
    const wanted = [...new Set(keys)];
    const seen = this.seen;
    if (seen !== undefined && wanted.every((key) => this.states.get(key)?.clock === seen)) {
      const kept = new Map<string, SyncState>();
      for (const key of wanted) {
        const state = this.states.get(key)?.state;
        if (state) kept.set(key, state);
      }
      return kept;
    }
    const generation = this.generation;
    const { clock, states } = await this.read(wanted);
    if (clock !== undefined) {
      this.observe(clock);
      if (generation === this.generation) {
        if (this.states.size + wanted.length > KEYS_KEPT) this.states.clear();
        for (const key of wanted) this.states.set(key, { clock, state: states.get(key) });
      }
    }
    return states;
  }

  /**
   * The keys' rows, each with the clock, in one statement (so of one snapshot on PostgreSQL); no
   * clock when no key has a row (nothing is kept then).
   */
  private async read(keys: readonly string[]) {
    const rows =
      keys.length === 0
        ? []
        : await this.queries.rows('marketStates', keys, (values) =>
            this.db
              .selectFrom('market_sync')
              .selectAll()
              .select(marketClockColumn().as('clock'))
              .where('key', 'in', values.map(String)),
          );
    const states = new Map<string, SyncState>();
    let clock: number | undefined;
    for (const { clock: read, ...row } of rows) {
      states.set(row.key, toSync(row));
      clock = clockValue(read) ?? clock;
    }
    return { clock, states };
  }
}

const clocks = new WeakMap<Kysely<Database>, MarketClock>();

/** The one clock of this database handle: its sessions, kept answers and market share it. */
export function marketClockOf(db: Kysely<Database>): MarketClock {
  let clock = clocks.get(db);
  if (!clock) {
    clock = new MarketClock(db);
    clocks.set(db, clock);
  }
  return clock;
}

/** `write`'s result, the clock told once it has ended (committed or not). */
export async function changing<T>(clock: MarketClock, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } finally {
    clock.changed();
  }
}
